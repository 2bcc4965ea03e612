package io.loomarena.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Socket;
import java.time.Duration;

import io.loomarena.http.server.ConformanceModels.Model;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Methods and chunked framing on every conformance model over real sockets: CONNECT is refused with 501 and its
 * target never read as a path (RFC 9110 9.3.6), OPTIONS, TRACE and unknown methods keep their answers, every 405
 * has {@code Allow}, and a bare LF in chunked framing is a 400 that closes the connection (RFC 9112 7.1).
 */
class MethodConformanceTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    static java.util.stream.Stream<Model> models() {
        return ConformanceModels.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void refusesConnectWith501AndPinsTheOtherMethodAnswers(Model model) throws Exception {
        server = HttpServer.start(model.config().build());
        RawResponse connect = ConformanceModels.exchange(server, "CONNECT 127.0.0.1:443 HTTP/1.1\r\nHost: 127.0.0.1:443\r\n\r\n");
        assertThat(connect.status()).isEqualTo(501);
        assertThat(connect.text()).contains("CONNECT").doesNotContain("no resource");
        assertThat(connect.field("Connection")).isEqualTo("close");

        RawResponse options = ConformanceModels.exchange(server, "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.field("Allow")).isEqualTo("GET, HEAD, OPTIONS");
        RawResponse trace = ConformanceModels.exchange(server, "TRACE /ping HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(trace.status()).isEqualTo(405);
        assertThat(trace.field("Allow")).isEqualTo("GET, HEAD, OPTIONS");
        for (String method : new String[] {"POST", "PUT", "DELETE", "PATCH"}) {
            RawResponse refused = ConformanceModels.exchange(server,
                    method + " /files/index.html HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n");
            assertThat(refused.status()).as(method).isEqualTo(405);
            assertThat(refused.field("Allow")).as(method).isEqualTo("GET, HEAD, OPTIONS");
        }
        assertThat(ConformanceModels.exchange(server, "FOO /ping HTTP/1.1\r\nHost: t\r\n\r\n").status()).isEqualTo(501);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void answersABareLfInChunkedFramingWith400AndCloses(Model model) throws Exception {
        server = HttpServer.start(model.config().build());
        String head = "POST /ping HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n";
        for (String chunks : new String[] {"5\nhello\r\n0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", "0\r\nX: 1\n\r\n"}) {
            try (Socket socket = ConformanceModels.connect(server)) {
                ConformanceModels.send(socket, head + chunks + "GET /smuggled HTTP/1.1\r\nHost: t\r\n\r\n");
                RawResponse response = RawResponse.read(socket.getInputStream(), false);
                assertThat(response.status()).as(chunks).isEqualTo(400);
                assertThat(response.field("Connection")).isEqualTo("close");
                assertThat(socket.getInputStream().read()).as("nothing after the 400").isEqualTo(-1);
            }
        }
    }
}
