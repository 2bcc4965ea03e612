package io.loomarena.http.server.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Requests parsed one after the other on one connection: what the previous head spelled the same way is taken again,
 * and everything else is parsed as if there had been no previous request.
 */
class PreviousHeadTest {

    private static final String HEAD = "GET /data.json?v=1 HTTP/1.1\r\nHost: h:8080\r\nIf-None-Match: \"t-1\"\r\n"
            + "X-Trace: a\r\n\r\n";

    /** Every request of {@code raw}, parsed on one connection as the server does. */
    private static List<HttpRequest> parseAll(String raw) throws IOException, HttpException {
        Http1RequestParser parser = new Http1RequestParser(ParserLimits.DEFAULTS);
        InputBuffer in = Requests.input(raw);
        List<HttpRequest> requests = new ArrayList<>();
        for (HttpRequest request = parser.parse(in); request != null; request = parser.parse(in)) {
            requests.add(request);
        }
        return requests;
    }

    @Test
    void aRepeatedHeadTakesThePreviousLineNamesAndValuesAgain() throws Exception {
        List<HttpRequest> requests = parseAll(HEAD + HEAD.replace("Host:", "HOST:").replace("X-Trace", "x-trace"));
        HttpRequest first = requests.get(0);
        HttpRequest second = requests.get(1);
        assertThat(second.line()).isSameAs(first.line());
        assertThat(second.headers()).isNotSameAs(first.headers());
        assertThat(second.headers().size()).isEqualTo(3);
        for (int i = 0; i < 3; i++) {
            assertThat(second.headers().name(i)).isSameAs(first.headers().name(i));
            assertThat(second.headers().value(i)).isSameAs(first.headers().value(i));
        }
        assertThat(second.headers().toString()).isEqualTo("host: h:8080\nif-none-match: \"t-1\"\nx-trace: a\n");
    }

    @Test
    void whatDiffersIsParsedAnew() throws Exception {
        HttpRequest second = parseAll(HEAD + "HEAD /data.json?v=2 HTTP/1.1\r\nHost: H:8080\r\nX-Trace: b\r\n"
                + "If-None-Match: \"t-1\"\r\nRange: bytes=0-1\r\nX-More: c\r\n\r\n").get(1);
        assertThat(second.method()).isEqualTo(Method.HEAD);
        assertThat(second.path()).isEqualTo("/data.json");
        assertThat(second.query()).isEqualTo("v=2");
        assertThat(second.headers().toString()).isEqualTo("host: H:8080\nx-trace: b\nif-none-match: \"t-1\"\n"
                + "range: bytes=0-1\nx-more: c\n");
        assertThat(second.headers().first("if-none-match")).isEqualTo("\"t-1\"");
        assertThat(second.headers().first("x-trace")).isEqualTo("b");
    }

    @Test
    void aQueryOrAFieldThatDisappearsIsGone() throws Exception {
        HttpRequest second = parseAll(HEAD + "GET /data.json HTTP/1.1\r\nHost: h:8080\r\n\r\n").get(1);
        assertThat(second.query()).isNull();
        assertThat(second.headers().size()).isEqualTo(1);
        assertThat(second.headers().first("if-none-match")).isNull();
    }

    @Test
    void aPathWithPercentIsAlwaysDecodedAgain() throws Exception {
        // "/%2525" decodes to "/%25", which the raw bytes of the next target spell; that target decodes to "/%".
        List<HttpRequest> requests = parseAll("GET /%2525 HTTP/1.1\r\nHost: h\r\n\r\n"
                + "GET /%25 HTTP/1.1\r\nHost: h\r\n\r\n");
        assertThat(requests.get(0).path()).isEqualTo("/%25");
        assertThat(requests.get(1).path()).isEqualTo("/%");
    }

    @Test
    void aRejectedHeadLeavesThePreviousOneRemembered() throws Exception {
        Http1RequestParser parser = new Http1RequestParser(ParserLimits.DEFAULTS);
        InputBuffer in = Requests.input(HEAD + "GET /x HTTP/1.1\r\nHost: h:8080\r\nHost: h:8080\r\n\r\n" + HEAD);
        HttpRequest first = parser.parse(in);
        assertThatThrownBy(() -> parser.parse(in)).isInstanceOf(HttpException.class)
                .hasMessageContaining("more than one Host");
        assertThat(parser.parse(in).line()).isSameAs(first.line());
    }

    @Test
    void preconditionsAreSharedWhenThereAreNone() throws Exception {
        List<HttpRequest> requests = parseAll(HEAD + "GET / HTTP/1.1\r\nHost: h\r\n\r\n");
        assertThat(Conditional.Preconditions.of(requests.get(1))).isSameAs(Conditional.Preconditions.NONE);
        assertThat(Conditional.Preconditions.of(requests.get(0)).ifNoneMatch()).isEqualTo("\"t-1\"");
    }
}
