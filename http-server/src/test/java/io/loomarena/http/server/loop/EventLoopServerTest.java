package io.loomarena.http.server.loop;

import static io.loomarena.http.server.RawResponse.read;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.HttpServer;
import io.loomarena.http.server.RawResponse;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.model.ServerModel;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The event-loop model over real sockets: incremental reading, pipelining, keep-alive, timeouts, graceful stop. */
class EventLoopServerTest {

    private static final String PING = "GET /ping HTTP/1.1\r\nHost: t\r\n\r\n";

    private HttpServer server;

    private HttpServer start(ServerConfig.Builder config) throws IOException {
        server = HttpServer.start(config.port(0).loops(2).build());
        return server;
    }

    private static ServerConfig.Builder config() {
        return ServerConfig.builder(ServerModel.EVENT_LOOP);
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(5_000);
        return socket;
    }

    @Test
    void answersARequestThatArrivesOneByteAtATime() throws Exception {
        start(config());
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            for (byte b : (PING + "GET /data.json HTTP/1.1\r\nHost: t\r\nX-Pad: " + "p".repeat(300) + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII)) {
                out.write(b);
                out.flush();
            }
            assertThat(read(socket.getInputStream()).text()).isEqualTo("pong");
            RawResponse data = read(socket.getInputStream());
            assertThat(data.status()).isEqualTo(200);
            assertThat(data.text()).startsWith("[").hasSizeGreaterThan(200_000);
        }
    }

    @Test
    void answersPipelinedRequestsInOrderWhateverTheyWaitFor() throws Exception {
        start(config());
        try (Socket socket = connect()) {
            socket.getOutputStream().write(("GET /io?ms=200 HTTP/1.1\r\nHost: t\r\n\r\n" + PING
                    + "GET /cpu?n=1000 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /fanout?calls=2&ms=50 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "HEAD /io?ms=10 HTTP/1.1\r\nHost: t\r\n\r\n" + PING).getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            assertThat(read(in).text()).isEqualTo("io 200 ms\n");
            assertThat(read(in).text()).isEqualTo("pong");
            assertThat(read(in).text()).startsWith("cpu n=1000 result=");
            assertThat(read(in).text()).contains("\"statuses\":[200,200]");
            RawResponse head = read(in, true);
            assertThat(head.head()).contains("Content-Length: 9");
            assertThat(read(in).text()).isEqualTo("pong");
        }
    }

    @Test
    void goesOnWithPipelinedRequestsOnceALargeResponseHasLeft() throws Exception {
        start(config());
        try (Socket socket = connect()) {
            String pair = "GET /data.json HTTP/1.1\r\nHost: t\r\n\r\n" + PING;
            socket.getOutputStream().write((pair + pair + pair).getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < 3; i++) {
                assertThat(read(socket.getInputStream()).text()).hasSizeGreaterThan(200_000);
                assertThat(read(socket.getInputStream()).text()).isEqualTo("pong");
            }
        }
    }

    @Test
    void closesAClientThatStopsReadingAtTheWriteTimeoutHavingQueuedOnlyABoundedPart() throws Exception {
        start(config().writeTimeout(Duration.ofMillis(500)));
        try (Socket stuck = new Socket()) {
            stuck.setReceiveBufferSize(4096);
            stuck.connect(new InetSocketAddress("127.0.0.1", server.port()));
            stuck.getOutputStream().write("GET /data.json HTTP/1.1\r\nHost: t\r\n\r\n".repeat(200)
                    .getBytes(StandardCharsets.US_ASCII));
            try (Socket other = connect()) {
                other.getOutputStream().write(PING.getBytes(StandardCharsets.US_ASCII));
                assertThat(read(other.getInputStream()).text()).as("another client is served meanwhile").isEqualTo("pong");
            }
            Awaitility.await().atMost(Duration.ofSeconds(10))
                    .until(() -> server.metrics().activeConnections() == 0);
            // 200 responses of 204 KiB (40 MiB) asked for; the loop stopped reading requests while 64 KiB waited in
            // its queue, so only what the kernel's socket buffers took (Linux autotunes them up to 4 MiB) was answered.
            assertThat(server.metrics().responsesByStatus().get(200)).isLessThan(50);
        }
    }

    @Test
    void servesAFileLargerThanWhatItReadsIntoMemoryByteExactFromItsMapping(@TempDir Path docroot) throws Exception {
        // Over CachedContent.MAX_CACHED_FILE (8 MiB), which the loop used to answer 404; every 64-byte line is numbered,
        // so a lost, repeated or reordered part would show.
        StringBuilder text = new StringBuilder();
        for (int line = 0; text.length() < 9 * 1024 * 1024; line++) {
            text.append(String.format("%063d%n", line));
        }
        Files.writeString(docroot.resolve("big.txt"), text, StandardCharsets.US_ASCII);
        start(config().docroot(docroot));
        try (Socket socket = connect()) {
            socket.getOutputStream().write(("GET /files/big.txt HTTP/1.1\r\nHost: t\r\n\r\n" + PING)
                    .getBytes(StandardCharsets.US_ASCII));
            RawResponse big = read(socket.getInputStream());
            assertThat(big.status()).isEqualTo(200);
            assertThat(big.head()).contains("Content-Type: text/plain");
            assertThat(big.text()).isEqualTo(text.toString());
            assertThat(read(socket.getInputStream()).text()).as("the connection goes on after it").isEqualTo("pong");
        }
    }

    @Test
    void keepsTheConnectionAliveAndDiscardsBodiesThatArriveInPieces() throws Exception {
        start(config());
        try (Socket socket = connect()) {
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            String chunked = "POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5\r\nhello\r\n3;ext=1\r\nabc\r\n0\r\nTrailer: x\r\n\r\n";
            for (byte b : chunked.getBytes(StandardCharsets.US_ASCII)) {
                out.write(b);
                out.flush();
            }
            RawResponse refused = read(in);
            assertThat(refused.status()).isEqualTo(405);
            assertThat(refused.closes()).isFalse();
            out.write(("POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nab").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            out.write(("cde" + PING).getBytes(StandardCharsets.US_ASCII));
            assertThat(read(in).status()).isEqualTo(405);
            assertThat(read(in).text()).isEqualTo("pong");
        }
    }

    @Test
    void answersABareLfInChunkedFramingWith400AndClosesEvenWhenItArrivesByteByByte() throws Exception {
        start(config());
        for (String chunks : new String[] {"5\nhello\r\n0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", "0\r\n\n"}) {
            try (Socket socket = connect()) {
                OutputStream out = socket.getOutputStream();
                String request = "POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks + PING;
                for (byte b : request.getBytes(StandardCharsets.US_ASCII)) {
                    out.write(b);
                    out.flush();
                }
                RawResponse response = read(socket.getInputStream());
                assertThat(response.status()).as(chunks).isEqualTo(400);
                assertThat(response.closes()).isTrue();
                assertThat(socket.getInputStream().read()).as("nothing after the error").isEqualTo(-1);
            }
        }
    }

    @Test
    void answersEveryErrorStatusOfTheBlockingModelsAndCloses() throws Exception {
        start(config());
        String[][] cases = {
                {"GET /ping HTTP/1.1\r\nHost: t\r\nX: " + "a".repeat(9000) + "\r\n\r\n", "431"},
                {"GET /" + "a".repeat(9000) + " HTTP/1.1\r\nHost: t\r\n\r\n", "414"},
                {"POST /ping HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n", "413"},
                {"GET /ping HTTP/1.1\r\n\r\n", "400"},
                {"GET /ping HTTP/2.0\r\nHost: t\r\n\r\n", "505"},
                {"GET /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", "501"}};
        for (String[] c : cases) {
            try (Socket socket = connect()) {
                socket.getOutputStream().write((c[0] + PING).getBytes(StandardCharsets.US_ASCII));
                RawResponse response = read(socket.getInputStream());
                assertThat(response.statusLine()).as(c[1]).contains(" " + c[1] + " ");
                assertThat(response.closes()).isTrue();
                assertThat(socket.getInputStream().read()).as("nothing after the error").isEqualTo(-1);
            }
        }
    }

    @Test
    void closesASlowlorisConnectionWith408AtTheHeaderTimeout() throws Exception {
        start(config().headerTimeout(Duration.ofMillis(300)));
        try (Socket socket = connect()) {
            socket.getOutputStream().write("GET /ping HTTP/1.1\r\nHost: t\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
            long started = System.nanoTime();
            RawResponse response = read(socket.getInputStream());
            assertThat(response.status()).isEqualTo(408);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isBetween(200L, 3_000L);
            socket.shutdownOutput();
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void closesAnIdleKeptAliveConnectionSilently() throws Exception {
        start(config().idleTimeout(Duration.ofMillis(300)));
        try (Socket socket = connect()) {
            socket.getOutputStream().write(PING.getBytes(StandardCharsets.US_ASCII));
            assertThat(read(socket.getInputStream()).text()).isEqualTo("pong");
            assertThat(socket.getInputStream().read()).isEqualTo(-1);
        }
    }

    @Test
    void stopsGracefullyFinishingTheRequestInFlight() throws Exception {
        start(config());
        try (Socket busy = connect(); Socket idle = connect()) {
            idle.getOutputStream().write(PING.getBytes(StandardCharsets.US_ASCII));
            assertThat(read(idle.getInputStream()).text()).isEqualTo("pong");
            busy.getOutputStream().write("GET /io?ms=500 HTTP/1.1\r\nHost: t\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            CompletableFuture<Boolean> clean = CompletableFuture.supplyAsync(() -> server.shutdown(Duration.ofSeconds(5)));
            assertThat(idle.getInputStream().read()).as("the idle connection is closed at once").isEqualTo(-1);
            RawResponse response = read(busy.getInputStream());
            assertThat(response.text()).isEqualTo("io 500 ms\n");
            assertThat(response.closes()).isTrue();
            assertThat(clean.get(5, TimeUnit.SECONDS)).isTrue();
            assertThat(server.metrics().activeConnections()).isZero();
        }
    }
}
