package io.loomarena.http.server.protocol;

import static io.loomarena.http.server.protocol.Requests.parse;
import static io.loomarena.http.server.protocol.Requests.status;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The header section: docs/hardening.md #7, #8, #9, #10, #17. */
class Http1HeadersTest {

    @Test
    void lowerCasesNamesAndTrimsValues() throws Exception {
        HttpRequest request = parse("GET / HTTP/1.1\r\nHOST: example.org\r\nX-Custom:\t spaced value \t\r\nAccept:\r\n\r\n");
        assertThat(request.headers().first("host")).isEqualTo("example.org");
        assertThat(request.headers().first("x-custom")).isEqualTo("spaced value");
        assertThat(request.headers().first("accept")).isEmpty();
        assertThat(request.headers().size()).isEqualTo(3);
    }

    @Test
    void keepsObsTextInValues() throws Exception {
        HttpRequest request = parse("GET / HTTP/1.1\r\nHost: x\r\nX-Name: caf\u00e9\r\n\r\n");
        assertThat(request.headers().first("x-name")).isEqualTo("caf\u00e9");
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
            "Host: x\r\nX-A: 1\r\n folded\r\n",
            "Host: x\r\nX-A: 1\r\n\tfolded\r\n",
            "Host : x\r\n",
            "Host: x\r\nX-A\t: 1\r\n",
            "Host: x\r\nX-A: a\rb\r\n",
            "Host: x\r\nX-A\r: b\r\n",
            "Host: x\r\n\rX-A: b\r\n",
            "Host: x\r\nBad=Header: 1\r\n",
            "Host: x\r\nX[]: 1\r\n",
            "Host: x\r\nX\0A: 1\r\n",
            "Host: x\r\nX\u0001A: 1\r\n",
            "Host: x\r\nX\u007fA: 1\r\n",
            "Host: x\r\nX-A: a\0b\r\n",
            "Host: x\r\nX-A: a\u007fb\r\n",
            "Host: x\r\nX-A: a\u001fb\r\n",
            "Host: x\r\n: empty name\r\n",
            "Host: x\r\nno colon\r\n",
            "Host: x\r\n\"quoted\": 1\r\n"})
    void rejectsMalformedFieldLinesWith400(String fields) throws IOException {
        assertThat(status("GET / HTTP/1.1\r\n" + fields + "\r\n")).isEqualTo(400);
    }

    @Test
    void answersAnOversizedHeaderSectionWith431() throws IOException {
        String big = "X-Big: " + "v".repeat(ParserLimits.DEFAULT_MAX_HEADER_BYTES) + "\r\n";
        assertThat(status("GET / HTTP/1.1\r\nHost: x\r\n" + big + "\r\n")).isEqualTo(431);
        String many = "X-Field: " + "v".repeat(1000) + "\r\n";
        assertThat(status("GET / HTTP/1.1\r\nHost: x\r\n" + many.repeat(9) + "\r\n")).isEqualTo(431);
    }

    @Test
    void answersMoreThan100FieldsWith431() throws IOException {
        StringBuilder fields = new StringBuilder("Host: x\r\n");
        for (int i = 1; i < ParserLimits.DEFAULT_MAX_HEADER_FIELDS; i++) {
            fields.append("X-").append(i).append(": v\r\n");
        }
        assertThat(status("GET / HTTP/1.1\r\n" + fields + "\r\n")).isZero();
        assertThat(status("GET / HTTP/1.1\r\n" + fields + "X-101: v\r\n\r\n")).isEqualTo(431);
    }

    @Test
    void rejectsATruncatedHeaderSection() throws IOException {
        assertThat(status("GET / HTTP/1.1\r\nHost: x\r\n")).isEqualTo(400);
    }

    @Test
    void theValidatorsAndRangesFieldNamesAreSharedConstantsAndOtherNamesAreLowerCased() {
        for (String name : new String[] {"If-None-Match", "IF-MODIFIED-SINCE", "Range", "If-Range", "If-Match",
                "If-Unmodified-Since", "Host"}) {
            byte[] b = ("x" + name + ":").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            assertThat(HeaderFields.name(b, 1, 1 + name.length())).as(name)
                    .isSameAs(name.toLowerCase(java.util.Locale.ROOT).intern());
        }
        byte[] other = "X-Trace-ID".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(HeaderFields.name(other, 0, other.length)).isEqualTo("x-trace-id");
    }
}
