package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    /** A read-only direct body (a mapped file) leaves whole after the head, and not at all to a HEAD. */
    @Test
    void sendsADirectBodyAfterItsHeadAndLeavesItOutForHead() throws Exception {
        String text = "0123456789".repeat(ResponseWriter.BUFFER_SIZE / 4);
        ByteBuffer body = ByteBuffer.allocateDirect(text.length())
                .put(text.getBytes(StandardCharsets.US_ASCII)).flip().asReadOnlyBuffer();
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(200, ContentType.TEXT, body.duplicate());
        writer.prepare(true, ResponseWriter.Persistence.CLOSE);
        writer.respond(200, ContentType.TEXT, body.duplicate());
        writer.flush();
        String head = "Content-Length: " + text.length() + "\r\n";
        assertThat(written()).startsWith("HTTP/1.1 200 OK\r\n").contains(head + "\r\n" + text + "HTTP/1.1 200 OK\r\n")
                .endsWith(head + "Connection: close\r\n\r\n");
    }

    /** A large prepared body leaves whole, from its direct buffer through a socket and by copies to a stream. */
    @Test
    void sendsALargePreparedBodyWholeThroughASocketAndAStream() throws Exception {
        byte[] body = new byte[ResponseWriter.BUFFER_SIZE * 28 + 5];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) ('a' + i % 26);
        }
        PreparedResponse large = PreparedResponse.of(200, ContentType.JSON, body);
        String text = new String(body, StandardCharsets.US_ASCII);
        String expectedEnd = "Content-Length: " + body.length + "\r\n\r\n" + text;

        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(large);
        writer.prepare(true, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(large);
        writer.flush();
        assertThat(written()).contains(expectedEnd + "HTTP/1.1 200 OK")
                .endsWith("Content-Length: " + body.length + "\r\n\r\n");

        try (ServerSocketChannel server = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             SocketChannel client = SocketChannel.open(server.getLocalAddress());
             SocketChannel accepted = server.accept()) {
            ResponseWriter socketWriter = new ResponseWriter(accepted, ResponseWriter.WriteWatch.NONE);
            Thread sender = Thread.ofVirtual().start(() -> {
                try {
                    socketWriter.prepare(false, ResponseWriter.Persistence.CLOSE);
                    socketWriter.respond(large);
                    socketWriter.flush();
                    accepted.shutdownOutput();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            client.socket().setSoTimeout(5_000);
            InputStream in = client.socket().getInputStream();
            assertThat(new String(in.readAllBytes(), StandardCharsets.US_ASCII)).startsWith("HTTP/1.1 200 OK\r\n")
                    .endsWith("Connection: close\r\n\r\n" + text);
            assertThat(sender.join(java.time.Duration.ofSeconds(5))).as("sender finished").isTrue();
        }
    }

    @Test
    void sendsAFileRangeAndNoBodyForHead(@TempDir Path dir) throws Exception {
        String content = "0123456789".repeat(2 * ResponseWriter.BUFFER_SIZE / 10 + 3);
        Path path = Files.writeString(dir.resolve("f.json"), content);
        try (FileChannel file = FileChannel.open(path)) {
            writer.prepare(true, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
            writer.respond(200, ContentType.JSON, file, 0, file.size());
            writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
            writer.respond(200, ContentType.JSON, file, 0, file.size());
        }
        writer.flush();
        assertThat(written()).contains("Content-Length: " + content.length() + "\r\n\r\nHTTP/1.1 200 OK")
                .endsWith("Content-Length: " + content.length() + "\r\n\r\n" + content);
    }

    /** What the connection asks before it yields: whether the last body left on its own, past the buffer. */
    @Test
    void saysWhetherTheLastResponseHadALargeBody(@TempDir Path dir) throws Exception {
        byte[] large = new byte[ResponseWriter.BUFFER_SIZE];
        Path path = Files.write(dir.resolve("f.bin"), large);
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(PreparedResponse.text(200, "pong"));
        assertThat(writer.largeBody()).as("a small prepared response").isFalse();
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(PreparedResponse.of(200, ContentType.JSON, large));
        assertThat(writer.largeBody()).as("a large prepared response").isTrue();
        writer.prepare(true, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        writer.respond(PreparedResponse.of(200, ContentType.JSON, large));
        assertThat(writer.largeBody()).as("the same, answering HEAD").isFalse();
        writer.prepare(false, ResponseWriter.Persistence.CLOSE);
        writer.respond(200, ContentType.JSON, large, 0, large.length, null);
        assertThat(writer.largeBody()).as("a large body built now").isTrue();
        try (FileChannel file = FileChannel.open(path)) {
            writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
            writer.respond(200, ContentType.JSON, file, 0, 10);
            assertThat(writer.largeBody()).as("a file, even a short range").isTrue();
        }
        writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
        assertThat(writer.largeBody()).as("a new request").isFalse();
    }

    @Test
    void refusesAFileShorterThanItsLength(@TempDir Path dir) throws Exception {
        Path path = Files.writeString(dir.resolve("short.txt"), "abc");
        try (FileChannel file = FileChannel.open(path)) {
            writer.prepare(false, ResponseWriter.Persistence.KEEP_ALIVE_DEFAULT);
            assertThatThrownBy(() -> writer.respond(200, ContentType.TEXT, file, 0, 10))
                    .isInstanceOf(EOFException.class).hasMessageContaining("7 bytes early");
        }
    }

    private String written() {
        return sink.toString(StandardCharsets.ISO_8859_1);
    }
}
