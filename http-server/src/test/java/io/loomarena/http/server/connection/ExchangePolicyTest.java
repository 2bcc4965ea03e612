package io.loomarena.http.server.connection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.connection.ExchangePolicy.AfterResponse;
import io.loomarena.http.server.protocol.Http1RequestParser;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.ParserLimits;
import io.loomarena.http.server.protocol.ResponseWriter.Persistence;
import io.loomarena.model.ServerModel;

/**
 * The rules of an exchange, decided without a socket: requests come from the real parser, so the Connection and Expect
 * header values are read as the server reads them.
 */
class ExchangePolicyTest {

    private static final int MAX_REQUESTS = 100;
    private static final Duration HEAD_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(30);

    private final ExchangePolicy policy = new ExchangePolicy(MAX_REQUESTS, HEAD_TIMEOUT, IDLE_TIMEOUT);

    @ParameterizedTest(name = "[{index}] {0} Connection: {1}, request {2}, last {3}, draining {4} -> {5}")
    @CsvSource(nullValues = "-", value = {
        // HTTP/1.1 keeps the connection unless the client says close (RFC 9112 9.3), in any case, anywhere in a list.
        "HTTP/1.1, -,                  1,   false, false, KEEP_ALIVE_DEFAULT",
        "HTTP/1.1, keep-alive,         1,   false, false, KEEP_ALIVE_DEFAULT",
        "HTTP/1.1, close,              1,   false, false, CLOSE",
        "HTTP/1.1, Close,              1,   false, false, CLOSE",
        "HTTP/1.1, 'keep-alive, close', 1,  false, false, CLOSE",
        "HTTP/1.1, 'Upgrade, CLOSE',   1,   false, false, CLOSE",
        // HTTP/1.0 closes unless the client asks for keep-alive, which the response then announces.
        "HTTP/1.0, -,                  1,   false, false, CLOSE",
        "HTTP/1.0, keep-alive,         1,   false, false, KEEP_ALIVE_EXPLICIT",
        "HTTP/1.0, Keep-Alive,         1,   false, false, KEEP_ALIVE_EXPLICIT",
        "HTTP/1.0, 'keep-alive, close', 1,  false, false, CLOSE",
        "HTTP/1.0, close,              1,   false, false, CLOSE",
        // The last request a connection may serve closes it, whatever the client asked.
        "HTTP/1.1, -,                  99,  false, false, KEEP_ALIVE_DEFAULT",
        "HTTP/1.1, -,                  100, false, false, CLOSE",
        "HTTP/1.0, keep-alive,         100, false, false, CLOSE",
        // A request that arrived as the idle timeout struck, or during a drain, is answered and closes.
        "HTTP/1.1, -,                  1,   true,  false, CLOSE",
        "HTTP/1.1, -,                  1,   false, true,  CLOSE",
        "HTTP/1.0, keep-alive,         1,   false, true,  CLOSE",
    })
    void whatTheResponseSaysAboutTheConnection(String version, String connection, int served, boolean lastRequest,
                                               boolean draining, Persistence expected) throws Exception {
        HttpRequest request = parse("GET /ping " + version + "\r\nHost: t\r\n"
                + (connection != null ? "Connection: " + connection + "\r\n" : "") + "\r\n");

        assertThat(policy.persistence(request, served, lastRequest, draining)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "POST /echo HTTP/1.1|Content-Length: 5|Expect: 100-continue                         | true",
        "POST /echo HTTP/1.1|Content-Length: 5|Expect: 100-Continue                         | true",
        "POST /echo HTTP/1.1|Transfer-Encoding: chunked|Expect: 100-continue                | true",
        // No body to wait for: nothing to continue.
        "POST /echo HTTP/1.1|Content-Length: 0|Expect: 100-continue                         | false",
        "GET /ping HTTP/1.1|X-Empty: 1|Expect: 100-continue                                 | false",
        // The client does not wait: it sends the body at once.
        "POST /echo HTTP/1.1|Content-Length: 5|X-Other: 1                                   | false",
        // An HTTP/1.0 client does not know 100 Continue (RFC 9110 10.1.1): it is not sent.
        "POST /echo HTTP/1.0|Content-Length: 5|Expect: 100-continue                         | false",
    })
    void continueIsSentOnlyToAClientThatWaitsWithABody(String line, String framing, String expect, boolean expected)
            throws Exception {
        HttpRequest request = parse(line + "\r\nHost: t\r\n" + framing + "\r\n" + expect + "\r\n\r\n");

        assertThat(policy.sendsContinue(request)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0}, prepared {1} -> kept {2}")
    @CsvSource({
        // An application error on intact framing keeps the connection the request had...
        "application 404, KEEP_ALIVE_DEFAULT,  true",
        "application 404, KEEP_ALIVE_EXPLICIT, true",
        "application 502, KEEP_ALIVE_DEFAULT,  true",
        "application 500, KEEP_ALIVE_DEFAULT,  true",
        // ... unless that request's response was to close it anyway.
        "application 404, CLOSE,               false",
        // A protocol error leaves the framing untrusted: the connection closes.
        "protocol 400,    KEEP_ALIVE_DEFAULT,  false",
        "protocol 413,    KEEP_ALIVE_DEFAULT,  false",
        "protocol 431,    KEEP_ALIVE_EXPLICIT, false",
        "protocol 505,    KEEP_ALIVE_DEFAULT,  false",
        "REQUEST_TIMEOUT, KEEP_ALIVE_DEFAULT,  false",
        "INTERNAL_ERROR,  KEEP_ALIVE_DEFAULT,  false",
        "AT_CAPACITY,     KEEP_ALIVE_DEFAULT,  false",
    })
    void onlyAnApplicationErrorOnIntactFramingKeepsTheConnection(String error, Persistence prepared, boolean kept) {
        assertThat(policy.keepsConnection(error(error), prepared)).isEqualTo(kept);
    }

    @ParameterizedTest(name = "[{index}] {0}, answered {1}, announced {2} -> {3}")
    @CsvSource({
        "application 404, true,  KEEP_ALIVE_DEFAULT,  KEEP_OPEN",
        "application 404, true,  KEEP_ALIVE_EXPLICIT, KEEP_OPEN",
        // The answer announced a close after all (a drain, a client waiting for the thread): it lingers.
        "application 404, true,  CLOSE,               LINGER_THEN_CLOSE",
        // A response had begun: nothing more can be said, and the connection ends.
        "application 404, false, KEEP_ALIVE_DEFAULT,  LINGER_THEN_CLOSE",
        "protocol 400,    true,  CLOSE,               LINGER_THEN_CLOSE",
        "protocol 413,    true,  CLOSE,               LINGER_THEN_CLOSE",
        "REQUEST_TIMEOUT, true,  CLOSE,               LINGER_THEN_CLOSE",
        // An endpoint's own 500 is an answer like any other; a bug's 500 and the capacity 503 close at once.
        "application 500, true,  CLOSE,               LINGER_THEN_CLOSE",
        "INTERNAL_ERROR,  true,  CLOSE,               CLOSE",
        "INTERNAL_ERROR,  false, KEEP_ALIVE_DEFAULT,  CLOSE",
        "AT_CAPACITY,     true,  CLOSE,               CLOSE",
    })
    void whatFollowsAnError(String error, boolean answered, Persistence announced, AfterResponse expected) {
        assertThat(policy.afterError(error(error), answered, announced)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "[{index}] {0}, unread input {1} -> {2}")
    @CsvSource({
        "KEEP_ALIVE_DEFAULT,  false, KEEP_OPEN",
        "KEEP_ALIVE_DEFAULT,  true,  KEEP_OPEN",
        "KEEP_ALIVE_EXPLICIT, true,  KEEP_OPEN",
        "CLOSE,               false, CLOSE",
        // Closing with unread input would reset the connection before the client reads the response.
        "CLOSE,               true,  LINGER_THEN_CLOSE",
    })
    void whatFollowsAResponse(Persistence announced, boolean unreadInput, AfterResponse expected) {
        assertThat(policy.afterResponse(announced, unreadInput)).isEqualTo(expected);
    }

    @Test
    void theServersOwnAnswersCloseTheConnection() {
        assertThat(ExchangePolicy.REQUEST_TIMEOUT.status()).isEqualTo(HttpStatus.REQUEST_TIMEOUT);
        assertThat(ExchangePolicy.INTERNAL_ERROR.status()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(ExchangePolicy.AT_CAPACITY.status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(ExchangePolicy.REQUEST_TIMEOUT.closeConnection()).isTrue();
        assertThat(ExchangePolicy.INTERNAL_ERROR.closeConnection()).isTrue();
        assertThat(ExchangePolicy.AT_CAPACITY.closeConnection()).isTrue();
        assertThat(policy.errorBody(ExchangePolicy.REQUEST_TIMEOUT)).isEqualTo("request not received in time\n");
    }

    @Test
    void aHeadOrBodyTimesOutAfterTheHeadTimeoutAndAnIdleConnectionAfterTheIdleTimeout() {
        assertThat(policy.headTimeout()).isEqualTo(HEAD_TIMEOUT);
        assertThat(policy.bodyTimeout()).isEqualTo(HEAD_TIMEOUT);
        assertThat(policy.idleTimeout()).isEqualTo(IDLE_TIMEOUT);
    }

    @Test
    void theLingerAfterAnErrorIsBoundedInTimeAndBytes() {
        assertThat(ExchangePolicy.LINGER_TIME).isEqualTo(Duration.ofSeconds(2));
        assertThat(ExchangePolicy.LINGER_MAX_BYTES).isEqualTo(1024 * 1024);
    }

    @Test
    void onlyA405ListsTheAllowedMethods() {
        assertThat(new String(policy.errorFields(error("application 405")), StandardCharsets.US_ASCII))
                .isEqualTo("Allow: GET, HEAD, OPTIONS\r\n");
        assertThat(policy.errorFields(error("application 404"))).isNull();
        assertThat(policy.errorFields(error("protocol 400"))).isNull();
        assertThat(policy.errorBody(error("application 404"))).isEqualTo("application 404\n");
    }

    @Test
    void theServersConfigurationGivesItsLimits() {
        ServerConfig config = ServerConfig.builder(ServerModel.VIRTUAL).maxRequestsPerConnection(3)
                .headerTimeout(Duration.ofSeconds(4)).idleTimeout(Duration.ofSeconds(5)).build();
        ExchangePolicy fromConfig = ExchangePolicy.of(config);

        assertThat(fromConfig.maxRequestsPerConnection()).isEqualTo(3);
        assertThat(fromConfig.headTimeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(fromConfig.idleTimeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void refusesLimitsThatCannotServe() {
        assertThatThrownBy(() -> new ExchangePolicy(0, HEAD_TIMEOUT, IDLE_TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxRequestsPerConnection");
        assertThatThrownBy(() -> new ExchangePolicy(1, Duration.ZERO, IDLE_TIMEOUT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeouts must be positive");
        assertThatThrownBy(() -> new ExchangePolicy(1, HEAD_TIMEOUT, Duration.ofSeconds(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("timeouts must be positive");
    }

    static HttpRequest parse(String head) throws IOException, HttpException {
        InputBuffer in = InputBuffer.of(new ByteArrayInputStream(head.getBytes(StandardCharsets.ISO_8859_1)),
                ParserLimits.DEFAULTS);
        return new Http1RequestParser(ParserLimits.DEFAULTS).parse(in);
    }

    /** An error named as in the tables: one of the policy's own answers, or "protocol 400", "application 404". */
    static HttpException error(String name) {
        return switch (name) {
            case "REQUEST_TIMEOUT" -> ExchangePolicy.REQUEST_TIMEOUT;
            case "INTERNAL_ERROR" -> ExchangePolicy.INTERNAL_ERROR;
            case "AT_CAPACITY" -> ExchangePolicy.AT_CAPACITY;
            default -> {
                String[] kindAndStatus = name.split(" ");
                int status = Integer.parseInt(kindAndStatus[1]);
                yield kindAndStatus[0].equals("protocol") ? HttpException.protocol(status, name)
                        : HttpException.application(status, name);
            }
        };
    }
}
