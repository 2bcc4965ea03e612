package io.loomarena.http.server.protocol;

import static io.loomarena.http.server.protocol.Requests.body;
import static io.loomarena.http.server.protocol.Requests.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.EOFException;
import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Content-Length and chunked bodies: docs/hardening.md #6 and #18, RFC 9112 section 7.1. */
class BodyReaderTest {

    private static final String CHUNKED_HEAD = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n";

    @Test
    void readsAContentLengthBody() throws Exception {
        assertThat(body("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhelloGET")).isEqualTo("hello");
    }

    @Test
    void decodesChunksWithExtensionsAndTrailers() throws Exception {
        assertThat(body(CHUNKED_HEAD + "5\r\nhello\r\n6;name=value\r\n world\r\nA \r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n"))
                .isEqualTo("hello world0123456789");
        assertThat(body(CHUNKED_HEAD + "0\r\n\r\n")).isEmpty();
    }

    @Test
    void rejectsALongChunkSizeLineWith400EvenWithLimitsSmallerThanIt() throws IOException, HttpException {
        // Found by Http1RequestParserFuzzTest: the input buffer, sized for the request and header limits only, was
        // smaller than the longest chunk-size line, and filling it threw IllegalStateException.
        ParserLimits small = new ParserLimits(256, 512, 16, 1024);
        Http1RequestParser parser = new Http1RequestParser(small);
        InputBuffer in = InputBuffer.of(new java.io.ByteArrayInputStream((CHUNKED_HEAD + "4;" + "x".repeat(2000) + "\r\n")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)), small);
        HttpRequest request = parser.parse(in);
        assertThatThrownBy(() -> new BodyReader(small.maxBody(), parser.headerParser()).read(request, in, null))
                .isInstanceOfSatisfying(HttpException.class, e -> assertThat(e.status()).isEqualTo(400));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"zz\r\n", "8cccccccccccccccc\r\n", "ffffffffffffffffffff\r\n", "-1\r\n", "\r\n",
            " 5\r\nhello\r\n0\r\n\r\n", "5 x\r\nhello\r\n0\r\n\r\n", "5\r\nhelloXX0\r\n\r\n", "5;\0\r\nhello\r\n0\r\n\r\n",
            "0\r\nBad Trailer: 1\r\n\r\n", "5\nhello\r\n0\r\n\r\n", "5\r\nhello\n0\r\n\r\n", "5\r\nhello\r\n0\n\r\n",
            "5\r\nhello\r\n0\r\n\n", "5\r\nhello\r\n0\r\nX: 1\n\r\n", "5\r\nhello\rX0\r\n\r\n"})
    void rejectsMalformedChunksWith400(String chunks) throws IOException {
        assertThat(status(CHUNKED_HEAD + chunks)).isEqualTo(400);
    }

    @Test
    void answersAChunkedBodyOverTheLimitWith413() throws IOException {
        assertThat(status(CHUNKED_HEAD + Long.toHexString(ParserLimits.DEFAULT_MAX_BODY + 1) + "\r\n")).isEqualTo(413);
    }

    @Test
    void reportsAStreamEndingInsideABody() {
        assertThatThrownBy(() -> body("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nshort"))
                .isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> body(CHUNKED_HEAD + "5\r\nhel")).isInstanceOf(EOFException.class);
    }
}
