package io.loomarena.http.server.netty;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.loomarena.http.server.HttpServer;
import io.loomarena.http.server.RawResponse;
import io.loomarena.http.server.RunningServer;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.model.ServerModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The netty reference over real sockets: the other models' bytes, keep-alive, pipelining, 404, graceful stop. */
class NettyHttpServerTest {

    private static final String PING = "GET /ping HTTP/1.1\r\nHost: t\r\n\r\n";
    private static final String DATA = "GET /data.json HTTP/1.1\r\nHost: t\r\n\r\n";

    private RunningServer netty;
    private RunningServer virtual;

    @AfterEach
    void stop() {
        if (netty != null) {
            netty.shutdown(Duration.ofSeconds(2));
        }
        if (virtual != null) {
            virtual.shutdown(Duration.ofSeconds(2));
        }
    }

    private RunningServer startNetty() throws IOException {
        netty = RunningServer.start(ServerConfig.builder(ServerModel.NETTY).port(0).loops(2).build());
        assertThat(netty).isInstanceOf(NettyHttpServer.class);
        return netty;
    }

    private static Socket connect(RunningServer server) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(5_000);
        return socket;
    }

    /** The responses to {@code requests}, sent in one write (pipelined), with the Date value blanked. */
    private static String exchange(RunningServer server, String requests, int responses) throws IOException {
        return exchange(server, requests, new boolean[responses]);
    }

    /** The same, {@code heads[i]} telling whether request i is a HEAD. */
    private static String exchange(RunningServer server, String requests, boolean... heads) throws IOException {
        try (Socket socket = connect(server)) {
            socket.getOutputStream().write(requests.getBytes(StandardCharsets.US_ASCII));
            StringBuilder all = new StringBuilder();
            for (boolean head : heads) {
                all.append(RawResponse.read(socket.getInputStream(), head).asSent());
            }
            return all.toString().replaceAll("Date: [^\r]*\r\n", "Date: -\r\n");
        }
    }

    @Test
    void answersPingAndDataWithTheVirtualModelsBytesPipelinedInOrder() throws Exception {
        startNetty();
        virtual = HttpServer.start(ServerConfig.builder(ServerModel.VIRTUAL).port(0).build());
        String requests = PING + DATA + "HEAD /data.json HTTP/1.1\r\nHost: t\r\n\r\n" + PING;

        boolean[] heads = {false, false, true, false};
        String fromNetty = exchange(netty, requests, heads) + exchange(netty, PING, 1);

        assertThat(fromNetty).isEqualTo(exchange(virtual, requests, heads) + exchange(virtual, PING, 1));
        assertThat(fromNetty).startsWith("HTTP/1.1 200 OK\r\nServer: loom-arena\r\nDate: -\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\nCache-Control: no-store\r\n\r\npong");
        assertThat(fromNetty).contains("Content-Type: application/json\r\nContent-Length: 208870\r\nETag: \"",
                "Cache-Control: max-age=60\r\nAccept-Ranges: bytes\r\n\r\n[{\"id\":1,");
    }

    @Test
    void givesDataTheValidatorsConditionalAnswersAndRangesOfTheOtherModels() throws Exception {
        startNetty();
        virtual = HttpServer.start(ServerConfig.builder(ServerModel.VIRTUAL).port(0).build());
        String full = exchange(netty, DATA, 1);
        String etag = full.replaceAll("(?s).*\r\nETag: ([^\r]*)\r\n.*", "$1");
        assertThat(etag).startsWith("\"");
        String requests = "GET /data.json HTTP/1.1\r\nHost: t\r\nIf-None-Match: " + etag + "\r\n\r\n"
                + "GET /data.json HTTP/1.1\r\nHost: t\r\nIf-Match: \"other\"\r\n\r\n"
                + "GET /data.json HTTP/1.1\r\nHost: t\r\nRange: bytes=0-9\r\n\r\n"
                + "GET /data.json HTTP/1.1\r\nHost: t\r\nRange: bytes=-0\r\n\r\n" + PING;
        String fromNetty = exchange(netty, requests, 5);
        assertThat(fromNetty).as("the same bytes as the virtual model").isEqualTo(exchange(virtual, requests, 5));
        assertThat(fromNetty).contains("HTTP/1.1 304 Not Modified\r\n", "HTTP/1.1 412 Precondition Failed\r\n",
                "HTTP/1.1 206 Partial Content\r\n", "Content-Range: bytes 0-9/208870\r\n", "[{\"id\":1,",
                "HTTP/1.1 416 Range Not Satisfiable\r\n", "Content-Range: bytes */208870\r\n",
                "Cache-Control: no-store\r\n\r\npong");
    }

    @Test
    void keepsTheConnectionAliveUntilTheClientAsksToClose() throws Exception {
        startNetty();
        try (Socket socket = connect(netty)) {
            for (int i = 0; i < 3; i++) {
                socket.getOutputStream().write(PING.getBytes(StandardCharsets.US_ASCII));
                assertThat(RawResponse.read(socket.getInputStream()).asSent()).startsWith("HTTP/1.1 200 OK")
                        .doesNotContain("Connection");
            }
            socket.getOutputStream().write("GET /ping HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            assertThat(RawResponse.read(socket.getInputStream()).asSent()).contains("Connection: close\r\n")
                    .endsWith("pong");
            assertThat(socket.getInputStream().read()).as("closed after the announced close").isEqualTo(-1);
        }
        assertThat(exchange(netty, "GET /ping HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", 1))
                .contains("Connection: keep-alive\r\n");
    }

    @Test
    void answersOtherPathsWithA404ThatSaysWhatTheReferenceServesAndKeepsTheConnection() throws Exception {
        startNetty();
        String answers = exchange(netty, "GET /io?ms=5 HTTP/1.1\r\nHost: t\r\n\r\n" + PING, 2);
        assertThat(answers).startsWith("HTTP/1.1 404 Not Found\r\nServer: loom-arena\r\nDate: -\r\n"
                + "Content-Type: text/plain; charset=utf-8\r\nContent-Length: 79\r\n\r\n"
                + "no resource /io in the netty reference (it serves /ping, /data.json, /metrics)\n"
                + "HTTP/1.1 200 OK");
        assertThat(exchange(netty, "POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\nhi" + PING, 2))
                .contains("405 Method Not Allowed", "Allow: GET, HEAD\r\n", "POST is not allowed on /ping")
                .endsWith("pong");
    }

    @Test
    void reportsItsTransportInStatsAndMetrics() throws Exception {
        startNetty();
        String transport = ((NettyHttpServer) netty).transport();
        assertThat(transport).isIn("epoll", "nio");
        long epoll = transport.equals("epoll") ? 1 : 0;
        exchange(netty, PING, 1);
        assertThat(netty.counters()).containsEntry(NettyHttpServer.EPOLL_COUNTER, epoll).containsKey("requests");
        assertThat(exchange(netty, "GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n", 1))
                .contains("loomarena_http_netty_epoll " + epoll + "\n",
                        "loomarena_http_requests_total{model=\"netty\",status=\"200\"} 1\n");
    }

    @Test
    void stopsGracefullyClosingIdleConnectionsAndTakingNoNewOnes() throws Exception {
        startNetty();
        int port = netty.port();
        try (Socket idle = connect(netty)) {
            idle.getOutputStream().write(PING.getBytes(StandardCharsets.US_ASCII));
            assertThat(RawResponse.read(idle.getInputStream()).asSent()).endsWith("pong");

            assertThat(netty.shutdown(Duration.ofSeconds(5))).as("every connection ended within the grace").isTrue();

            assertThat(idle.getInputStream().read()).as("the idle connection is closed").isEqualTo(-1);
        }
        assertThat(netty.awaitTermination(Duration.ZERO)).isTrue();
        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(ConnectException.class);
    }
}
