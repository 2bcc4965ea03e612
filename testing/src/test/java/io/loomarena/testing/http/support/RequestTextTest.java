package io.loomarena.testing.http.support;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestTextTest {

    @Test
    void turnsEscapesAndRepeatsIntoBytes() {
        assertThat(RequestText.bytes("A\\r\\n\\t\\0\\x01\\x1f\\x7F{ab*2}"))
                .containsExactly('A', '\r', '\n', '\t', 0, 0x01, 0x1f, 0x7f, 'a', 'b', 'a', 'b');
    }

    @Test
    void leavesAnIncompleteHexEscapeAlone() {
        assertThat(RequestText.expand("\\xg1\\x2")).isEqualTo("\\xg1\\x2");
    }

    @Test
    void aDocStringOfRequestsEndsEachLineAndTheLastHeaderSectionWithCrlf() {
        assertThat(RequestText.crlfRequests("POST /ping HTTP/1.1\nContent-Length: 1\n\nxGET / HTTP/1.1\nHost: t"))
                .isEqualTo("POST /ping HTTP/1.1\r\nContent-Length: 1\r\n\r\nxGET / HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(RequestText.get("/ping")).isEqualTo("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n");
    }
}
