package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Framing of responses: Content-Length, chunked, close-delimited, and what counts as malformed. */
class ResponseReaderTest {

    private static final ResponseReader.Limits SMALL = new ResponseReader.Limits(128, 8, 10_000);

    /** A stream that hands out at most {@code step} bytes per read, to cross every buffer boundary. */
    private static InputStream trickle(String text, int step) {
        byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, step));
            }
        };
    }

    private static ResponseReader reader(String text, int step) {
        ResponseReader reader = new ResponseReader(SMALL);
        reader.attach(trickle(text, step));
        return reader;
    }

    private static long crc(String body) {
        CRC32 crc = new CRC32();
        crc.update(body.getBytes(StandardCharsets.ISO_8859_1));
        return crc.getValue();
    }

    @ParameterizedTest(name = "{0} byte(s) per read")
    @ValueSource(ints = {1, 3, 1000})
    void contentLengthBody(int step) throws IOException {
        ResponseReader reader = reader("HTTP/1.1 200 OK\r\nServer: t\r\ncontent-LENGTH:  4 \r\n\r\npong", step);

        assertThat(reader.read()).isEqualTo(200);
        assertThat(reader.bodyLength()).isEqualTo(4);
        assertThat(reader.bodyCrc()).isEqualTo(crc("pong"));
        assertThat(reader.closeAfter()).isFalse();
    }

    @ParameterizedTest(name = "{0} byte(s) per read")
    @ValueSource(ints = {1, 2, 7, 1000})
    void chunkedBodyWithExtensionsAndTrailers(int step) throws IOException {
        ResponseReader reader = reader("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "2;name=value\r\npo\r\nA\r\nng-and-mor\r\n0\r\nX-Trailer: 1\r\n\r\n", step);

        assertThat(reader.read()).isEqualTo(200);
        assertThat(reader.bodyLength()).isEqualTo(12);
        assertThat(reader.bodyCrc()).isEqualTo(crc("pong-and-mor"));
        assertThat(reader.closeAfter()).isFalse();
    }

    @Test
    void bodyLargerThanTheBufferStreamsThroughIt() throws IOException {
        String body = "x".repeat(1000);
        ResponseReader reader = reader("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n" + body, 1000);

        reader.read();

        assertThat(reader.bodyLength()).isEqualTo(1000);
        assertThat(reader.bodyCrc()).isEqualTo(crc(body));
    }

    @Test
    void responsesFollowOneAnotherOnAKeepAliveConnection() throws IOException {
        ResponseReader reader = new ResponseReader(SMALL);
        String first = "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\npong";
        String second = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n";
        InputStream perResponse = new InputStream() {
            private final InputStream[] parts = {trickle(first, 1000), trickle(second, 1000)};
            private int part;

            @Override
            public int read() {
                throw new UnsupportedOperationException();
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = parts[part].read(b, off, len);
                if (n < 0 && part == 0) {
                    part = 1;
                    n = parts[1].read(b, off, len);
                }
                return n;
            }
        };
        reader.attach(perResponse);

        assertThat(reader.read()).isEqualTo(200);
        assertThat(reader.read()).isEqualTo(404);
        assertThat(reader.bodyLength()).isZero();
    }

    @Test
    void connectionCloseAndHttp10EndTheConnection() throws IOException {
        assertThat(closes("HTTP/1.1 200 OK\r\nConnection: Close\r\nContent-Length: 0\r\n\r\n")).isTrue();
        assertThat(closes("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")).isTrue();
        assertThat(closes("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")).isFalse();
        assertThat(closes("HTTP/1.1 200 OK\r\nConnection: upgrade, keep-alive\r\nContent-Length: 0\r\n\r\n"))
                .isFalse();
    }

    private static boolean closes(String response) throws IOException {
        ResponseReader reader = reader(response, 1000);
        reader.read();
        return reader.closeAfter();
    }

    @Test
    void bodyWithoutLengthRunsToTheClose() throws IOException {
        ResponseReader reader = reader("HTTP/1.1 200 OK\r\n\r\nuntil the end", 4);

        reader.read();

        assertThat(reader.bodyLength()).isEqualTo(13);
        assertThat(reader.bodyCrc()).isEqualTo(crc("until the end"));
        assertThat(reader.closeAfter()).isTrue();
    }

    @Test
    void interimResponseIsSkippedAndNoContentHasNoBody() throws IOException {
        ResponseReader reader = reader("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n", 5);

        assertThat(reader.read()).isEqualTo(204);
        assertThat(reader.bodyLength()).isZero();
    }

    @Test
    void closeBeforeAnyByteIsNoResponse() {
        assertThatThrownBy(() -> reader("", 1).read()).isInstanceOf(NoResponseException.class);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "HTTP/2 200 OK\r\n\r\n",
            "HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.1 099 Low\r\nContent-Length: 0\r\n\r\n",
            "garbage\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: four\r\n\r\npong",
            "HTTP/1.1 200 OK\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\npong",
            "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\npong",
            "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\npong",
            "HTTP/1.1 200 OK\r\nContent-Length: 99999\r\n\r\n",
            "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
            "HTTP/1.1 200 OK\r\nno colon\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\npong-too-long\r\n0\r\n\r\n",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\npo",
            "HTTP/1.1 101 Switching Protocols\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Len",
            "HTTP/1.1 200 OK\r\nA: 1\r\nA: 2\r\nA: 3\r\nA: 4\r\nA: 5\r\nA: 6\r\nA: 7\r\nA: 8\r\nA: 9\r\n\r\n",
    })
    void malformed(String response) {
        assertThatThrownBy(() -> reader(response, 3).read()).isInstanceOf(MalformedResponseException.class);
    }

    @Test
    void headerLineLongerThanTheBufferIsMalformed() {
        String response = "HTTP/1.1 200 OK\r\nX-Long: " + "a".repeat(200) + "\r\nContent-Length: 0\r\n\r\n";

        assertThatThrownBy(() -> reader(response, 50).read())
                .isInstanceOf(MalformedResponseException.class)
                .hasMessageContaining("longer than 128 bytes");
    }
}
