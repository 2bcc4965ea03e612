package io.loomarena.http.server.protocol;

import static io.loomarena.http.server.protocol.Requests.parse;
import static io.loomarena.http.server.protocol.Requests.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Body framing, Host and persistence: docs/hardening.md #1-#5, #15, #18, #20-#22. */
class Http1FramingTest {

    @Test
    void rejectsContentLengthTogetherWithChunked() throws IOException {
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")).isEqualTo(400);
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n"))
                .isEqualTo(400);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
            "Content-Length: 4\r\nContent-Length: 4",
            "Content-Length: 4\r\nContent-Length: 5",
            "Content-Length: 4, 4",
            "Content-Length: abc",
            "Content-Length: +5",
            "Content-Length: -1",
            "Content-Length: 1.5",
            "Content-Length: 0x10",
            "Content-Length: 12345678901234567890",
            "Content-Length:",
            "Content-Length: 4 4"})
    void rejectsBadContentLengthsWith400(String field) throws IOException {
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\n" + field + "\r\n\r\nbody")).isEqualTo(400);
    }

    @Test
    void answersUnknownTransferCodingsWith501() throws IOException {
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n")).isEqualTo(501);
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n")).isEqualTo(501);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"chunked, chunked", "chunked,", ", chunked", "chunked;x=1", "chunked, gzip",
            "chunked\r\nTransfer-Encoding: gzip"})
    void rejectsMalformedTransferEncodingsWith400(String value) throws IOException {
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: " + value + "\r\n\r\n0\r\n\r\n"))
                .isEqualTo(400);
    }

    @Test
    void rejectsTransferEncodingOnHttp10() throws IOException {
        assertThat(status("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")).isEqualTo(400);
    }

    @Test
    void acceptsChunkedCaseInsensitively() throws Exception {
        assertThat(parse("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n").chunked()).isTrue();
    }

    @Test
    void requiresExactlyOneHostOnHttp11() throws IOException {
        assertThat(status("GET / HTTP/1.1\r\n\r\n")).isEqualTo(400);
        assertThat(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")).isEqualTo(400);
        assertThat(status("GET / HTTP/1.1\r\nHost: a b\r\n\r\n")).isEqualTo(400);
        assertThat(status("GET / HTTP/1.0\r\n\r\n")).isZero();
        assertThat(status("GET / HTTP/1.0\r\nHost: a\r\nHost: b\r\n\r\n")).isEqualTo(400);
        assertThat(status("GET / HTTP/1.1\r\nHost: [::1]:8010\r\n\r\n")).isZero();
        assertThat(status("GET / HTTP/1.1\r\nHost:\r\n\r\n")).isZero();
    }

    @Test
    void answersAnAnnouncedOversizedBodyWith413BeforeReadingIt() throws IOException {
        long tooBig = ParserLimits.DEFAULT_MAX_BODY + 1;
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: " + tooBig + "\r\n\r\n")).isEqualTo(413);
    }

    @Test
    void decidesPersistenceFromVersionAndConnection() throws Exception {
        assertThat(parse("GET / HTTP/1.1\r\nHost: x\r\n\r\n").keepAlive()).isTrue();
        assertThat(parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").keepAlive()).isFalse();
        assertThat(parse("GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade, CLOSE\r\n\r\n").keepAlive()).isFalse();
        assertThat(parse("GET / HTTP/1.0\r\n\r\n").keepAlive()).isFalse();
        assertThat(parse("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n").keepAlive()).isTrue();
        assertThat(parse("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n").keepAlive()).isFalse();
    }

    @Test
    void recognisesExpectContinueAndRefusesOtherExpectations() throws Exception {
        assertThat(parse("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\n")
                .expectContinue()).isTrue();
        assertThat(status("POST / HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n")).isEqualTo(417);
    }

    @Test
    void parsesPipelinedRequestsOneAfterAnotherFromOneBuffer() throws Exception {
        Http1RequestParser parser = new Http1RequestParser(ParserLimits.DEFAULTS);
        BodyReader bodies = new BodyReader(ParserLimits.DEFAULT_MAX_BODY, parser.headerParser());
        InputBuffer in = Requests.input("GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                + "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nxyz"
                + "HEAD /c HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(parser.parse(in).path()).isEqualTo("/a");
        HttpRequest post = parser.parse(in);
        assertThat(post.path()).isEqualTo("/b");
        bodies.read(post, in, null);
        HttpRequest head = parser.parse(in);
        assertThat(head.path()).isEqualTo("/c");
        assertThat(head.isHead()).isTrue();
        assertThat(parser.parse(in)).isNull();
    }

    @Test
    void toleratesRandomBytesWithAnError() throws IOException {
        byte[] noise = new byte[64 * 1024];
        new java.util.Random(7).nextBytes(noise);
        int status = status(new String(noise, java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThat(status).isBetween(400, 505);
    }
}
