package io.loomarena.http.server.protocol;

import static io.loomarena.http.server.protocol.Requests.parse;
import static io.loomarena.http.server.protocol.Requests.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The request line: docs/hardening.md #11, #12, #14, #16, and the target forms of RFC 9112 section 3.2. */
class Http1PrologueTest {

    @Test
    void parsesOriginFormWithQuery() throws Exception {
        HttpRequest request = parse("GET /io?ms=5 HTTP/1.1\r\nHost: x\r\n\r\n");
        assertThat(request.method()).isEqualTo(Method.GET);
        assertThat(request.path()).isEqualTo("/io");
        assertThat(request.query()).isEqualTo("ms=5");
        assertThat(request.version()).isEqualTo(HttpVersion.HTTP_1_1);
    }

    @Test
    void acceptsBareLineFeedsAndSkipsLeadingEmptyLines() throws Exception {
        HttpRequest request = parse("\r\n\nGET /ping HTTP/1.0\n\n");
        assertThat(request.path()).isEqualTo("/ping");
        assertThat(request.version()).isEqualTo(HttpVersion.HTTP_1_0);
    }

    @Test
    void takesThePathOfAnAbsoluteFormTarget() throws Exception {
        HttpRequest request = parse("GET http://example.org:8010/files/a.html?x=1 HTTP/1.1\r\nHost: example.org\r\n\r\n");
        assertThat(request.path()).isEqualTo("/files/a.html");
        assertThat(request.query()).isEqualTo("x=1");
        assertThat(parse("GET HTTP://example.org HTTP/1.1\r\nHost: example.org\r\n\r\n").path()).isEqualTo("/");
    }

    @Test
    void decodesPercentEscapesInThePath() throws Exception {
        assertThat(parse("GET /files/%2e%2e/x HTTP/1.1\r\nHost: x\r\n\r\n").path()).isEqualTo("/files/../x");
        assertThat(parse("GET /caf%C3%A9 HTTP/1.1\r\nHost: x\r\n\r\n").path()).isEqualTo("/café");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
            "GET /files/%zz HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /files/x%00.html HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /files/x%2 HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a\0b HTTP/1.1\r\nHost: x\r\n\r\n",
            "G\0T / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1\0\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
            "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a b HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.11\r\nHost: x\r\n\r\n",
            "GET / HTP/1.1\r\nHost: x\r\n\r\n",
            "GET / http/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1\r\nHost: x\r\n\r\n",
            "GET\r\n\r\n",
            "GET x HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET * HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /a\rb HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /<script> HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /caf\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n",
            " GET / HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET / HTTP/1.1"})
    void rejectsMalformedRequestLinesWith400(String raw) throws IOException {
        assertThat(status(raw)).isEqualTo(400);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"HTTP/2.0", "HTTP/9.9", "HTTP/0.9", "HTTP/1.2"})
    void answersOtherVersionsWith505(String version) throws IOException {
        assertThat(status("GET / " + version + "\r\nHost: x\r\n\r\n")).isEqualTo(505);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"FOO", "get", "BREW", "PRI"})
    void answersUnknownMethodsWith501(String method) throws IOException {
        assertThat(status(method + " / HTTP/1.1\r\nHost: x\r\n\r\n")).isEqualTo(501);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"127.0.0.1:443", "example.com:80", "/ping", "*", "[::1]:8080"})
    void answersConnectWith501WhateverItsTarget(String target) throws IOException {
        // RFC 9110 9.3.6: an origin server that does not tunnel refuses CONNECT; the target is never taken for a path.
        assertThat(status("CONNECT " + target + " HTTP/1.1\r\nHost: " + target + "\r\n\r\n")).isEqualTo(501);
    }

    @Test
    void checksSyntaxBeforeVersionAndVersionBeforeMethod() throws IOException {
        assertThat(status("FOO /a b HTTP/2.0\r\n\r\n")).isEqualTo(400);
        assertThat(status("FOO / HTTP/2.0\r\n\r\n")).isEqualTo(505);
    }

    @Test
    void answersAnOverlongRequestLineWith414() throws IOException {
        String target = "/" + "a".repeat(ParserLimits.DEFAULT_MAX_REQUEST_LINE);
        assertThat(status("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n")).isEqualTo(414);
    }

    @Test
    void acceptsARequestLineOfExactlyTheLimit() throws IOException {
        String prefix = "GET /";
        String suffix = " HTTP/1.1";
        String target = "a".repeat(ParserLimits.DEFAULT_MAX_REQUEST_LINE - prefix.length() - suffix.length());
        assertThat(status(prefix + target + suffix + "\r\nHost: x\r\n\r\n")).isZero();
    }

    @Test
    void endsCleanlyOnAnEmptyStreamAndRejectsATruncatedLine() throws Exception {
        assertThat(parse("")).isNull();
        assertThat(status("GET / HT")).isEqualTo(400);
    }

    @Test
    void acceptsTheAsteriskFormForOptionsOnly() throws Exception {
        assertThat(parse("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n").path()).isEqualTo("*");
    }
}
