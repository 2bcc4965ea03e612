package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** Responses: the four fields on every response, HEAD without a body, Connection when it matters. */
class ResponseWriterTest {

    private final ByteArrayOutputStream sink = new ByteArrayOutputStream();
    private final ResponseWriter writer = new ResponseWriter(sink, ResponseWriter.WriteWatch.NONE);

    @Test
    void writesTheStandardFieldsAndTheBody() throws Exception {
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(PreparedResponse.text(200, "pong"));
        writer.flush();
        assertThat(written()).startsWith("HTTP/1.1 200 OK\r\nServer: loom-arena\r\nDate: ")
                .containsPattern("Date: \\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT\r\n")
                .contains("Content-Type: text/plain; charset=utf-8\r\nContent-Length: 4\r\n\r\npong")
                .doesNotContain("Connection");
    }

    @Test
    void answersHeadWithTheSameFieldsAndNoBody() throws Exception {
        writer.prepare(true, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(PreparedResponse.text(200, "pong"));
        writer.prepare(true, ResponseWriter.Persistence.CLOSE);
        writer.respond(404, "missing\n", null);
        writer.flush();
        assertThat(written()).endsWith("Content-Length: 8\r\nConnection: close\r\n\r\n")
                .contains("Content-Length: 4\r\n\r\nHTTP/1.1 404 Not Found");
    }

    @Test
    void namesKeepAliveForHttp10AndWritesLargeBodiesWhole() throws Exception {
        byte[] large = "x".repeat(3 * ResponseWriter.BUFFER_SIZE).getBytes(StandardCharsets.US_ASCII);
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_EXPLICIT);
        writer.respond(200, ContentType.JSON, large, 0, large.length, null);
        writer.flush();
        assertThat(written()).contains("Content-Length: " + large.length + "\r\nConnection: keep-alive\r\n\r\n")
                .endsWith("x".repeat(large.length));
    }

    private String written() {
        return sink.toString(StandardCharsets.ISO_8859_1);
    }
}
