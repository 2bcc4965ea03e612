package io.loomarena.http.server.connection;

import static io.loomarena.http.server.connection.ExchangePolicyTest.error;
import static io.loomarena.http.server.connection.ExchangePolicyTest.parse;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.connection.ExchangePolicy.AfterResponse;
import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.ParserLimits;
import io.loomarena.http.server.protocol.ResponseWriter;

/** The policy applied to a connection's writer and counters, as both connection types use it, without a socket. */
class Http1ExchangeTest {

    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final ResponseWriter out = new ResponseWriter(sent, ResponseWriter.WriteWatch.NONE);
    private final ServerMetrics metrics = new ServerMetrics();
    private final AtomicBoolean draining = new AtomicBoolean();
    private final Http1Exchange exchange = new Http1Exchange(out,
            new ExchangePolicy(100, Duration.ofSeconds(10), Duration.ofSeconds(30)), metrics, draining::get);

    @Test
    void anErrorBeforeTheRequestLineIsKnownIsAnsweredAndClosesLingering() throws Exception {
        exchange.awaitHead();

        assertThat(exchange.respondError(error("protocol 400"))).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);
        assertThat(sent()).startsWith("HTTP/1.1 400 Bad Request\r\n").contains("Connection: close\r\n")
                .endsWith("\r\n\r\nprotocol 400\n");
        assertThat(metrics.responsesByStatus()).containsEntry(400, 1L);
    }

    @Test
    void anErrorFoundAfterAHeadRequestLineIsAnsweredWithoutABody() throws Exception {
        exchange.awaitHead();
        byte[] head = "HEAD /ping HTTP/1.1\r\nBad Header\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);
        InputBuffer in = InputBuffer.of(new ByteArrayInputStream(head), ParserLimits.DEFAULTS);
        HttpException rejected = null;
        try {
            new Http1RequestParser(ParserLimits.DEFAULTS).parse(in, exchange.onRequestLine());
        } catch (HttpException e) {
            rejected = e;
        }

        assertThat(rejected).isNotNull();
        assertThat(exchange.respondError(rejected)).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);
        assertThat(sent()).startsWith("HTTP/1.1 400 ").contains("Content-Length: ").contains("Connection: close\r\n")
                .endsWith("\r\n\r\n");
    }

    @Test
    void anApplicationErrorKeepsAKeptAliveConnectionAndEndsTheRequest() throws Exception {
        exchange.begin(parse("GET /nothing HTTP/1.1\r\nHost: t\r\n\r\n"), false);
        assertThat(metrics.inProgress()).isEqualTo(1);

        assertThat(exchange.respondError(error("application 404"))).isEqualTo(AfterResponse.KEEP_OPEN);
        assertThat(sent()).startsWith("HTTP/1.1 404 Not Found\r\n").doesNotContain("Connection:");
        assertThat(metrics.inProgress()).isZero();
        assertThat(exchange.served()).isEqualTo(1);
    }

    @Test
    void a405ListsWhatIsAllowed() throws Exception {
        exchange.begin(parse("POST /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);

        assertThat(exchange.respondError(error("application 405"))).isEqualTo(AfterResponse.KEEP_OPEN);
        assertThat(sent()).contains("Allow: GET, HEAD, OPTIONS\r\n");
    }

    @Test
    void anApplicationErrorOnARequestThatClosesClosesToo() throws Exception {
        exchange.begin(parse("GET /nothing HTTP/1.0\r\n\r\n"), false);

        assertThat(exchange.respondError(error("application 404"))).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);
        assertThat(sent()).contains("Connection: close\r\n");
    }

    @Test
    void anErrorAfterTheResponseBeganIsNotAnsweredAgain() throws Exception {
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);
        out.respond(200, "pong\n", null);

        assertThat(exchange.respondError(error("application 502"))).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);
        assertThat(sent()).startsWith("HTTP/1.1 200 OK\r\n").doesNotContain("502");
        assertThat(metrics.inProgress()).isZero();
    }

    @Test
    void aBugIsAnswered500AndClosesAtOnce() throws Exception {
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);

        assertThat(exchange.respondError(ExchangePolicy.INTERNAL_ERROR)).isEqualTo(AfterResponse.CLOSE);
        assertThat(sent()).startsWith("HTTP/1.1 500 Internal Server Error\r\n").contains("Connection: close\r\n")
                .endsWith("internal error\n");
    }

    @Test
    void aTimeoutIsAnswered408AndLingers() throws Exception {
        exchange.awaitHead();

        assertThat(exchange.respondError(ExchangePolicy.REQUEST_TIMEOUT)).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);
        assertThat(sent()).startsWith("HTTP/1.1 408 Request Timeout\r\n").contains("Connection: close\r\n");
    }

    @Test
    void continueIsSentWhenTheRequestBegins() throws Exception {
        exchange.begin(parse("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n"),
                false);

        assertThat(sent()).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
    }

    @Test
    void anAnsweredRequestSaysWhatBecomesOfTheConnection() throws Exception {
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);
        out.respond(200, "pong\n", null);
        assertThat(exchange.answered(false)).isEqualTo(AfterResponse.KEEP_OPEN);

        exchange.begin(parse("GET /ping HTTP/1.0\r\n\r\n"), false);
        out.respond(200, "pong\n", null);
        assertThat(exchange.answered(true)).isEqualTo(AfterResponse.LINGER_THEN_CLOSE);

        assertThat(exchange.served()).isEqualTo(2);
        assertThat(metrics.inProgress()).isZero();
        assertThat(metrics.responsesByStatus()).containsEntry(200, 2L);
    }

    @Test
    void aDrainClosesTheNextResponse() throws Exception {
        draining.set(true);
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);
        out.respond(200, "pong\n", null);

        assertThat(exchange.answered(false)).isEqualTo(AfterResponse.CLOSE);
        assertThat(sent()).contains("Connection: close\r\n");
    }

    @Test
    void anEndpointThatWritesNothingIsABug() throws Exception {
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);

        assertThatThrownBy(() -> exchange.answered(false)).isInstanceOf(IllegalStateException.class)
                .hasMessage("no response for GET /ping");
    }

    @Test
    void aRequestLeftByItsConnectionEndsOnce() throws Exception {
        exchange.begin(parse("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n"), false);

        exchange.ended();
        exchange.ended();

        assertThat(metrics.inProgress()).isZero();
        assertThat(exchange.current()).isNull();
        assertThat(metrics.responsesByStatus()).isEqualTo(Map.of());
    }

    private String sent() throws Exception {
        out.flush();
        return sent.toString(StandardCharsets.ISO_8859_1);
    }
}
