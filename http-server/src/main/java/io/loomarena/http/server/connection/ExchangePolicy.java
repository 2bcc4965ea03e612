package io.loomarena.http.server.connection;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.HttpVersion;
import io.loomarena.http.server.protocol.ResponseWriter.Persistence;

/**
 * The rules of an HTTP/1.1 exchange that do not depend on how bytes move, decided here once for the blocking
 * {@link BlockingConnection} and the event loop's connection: what a response says about the connection, whether
 * {@code 100 Continue} is sent, the answers of a timeout, a bug and a full server, whether the connection survives an
 * error, when it lingers before closing and for how long. A rule the request's head asks of the exchange before it
 * is routed belongs here too, so that both connection types follow it.
 * <p>Immutable and thread-safe: one per server; pure decisions, no I/O ({@link Http1Exchange} applies them).
 */
public final class ExchangePolicy {

    /** After an error, how long the client's remaining input is read and dropped before closing. */
    public static final Duration LINGER_TIME = Duration.ofSeconds(2);
    /** After an error, at most this much of the client's remaining input is read and dropped before closing. */
    public static final int LINGER_MAX_BYTES = 1 << 20;

    /** The answer when a request head or body did not arrive within its timeout; the connection closes. */
    public static final HttpException REQUEST_TIMEOUT =
            HttpException.protocol(HttpStatus.REQUEST_TIMEOUT, "request not received in time");
    /** The answer to a bug while serving (an unexpected exception); the connection closes at once. */
    public static final HttpException INTERNAL_ERROR =
            HttpException.protocol(HttpStatus.INTERNAL_SERVER_ERROR, "internal error");
    /** The answer to a connection the stage cannot take (its queue is full, or it stops); it closes at once. */
    public static final HttpException AT_CAPACITY =
            HttpException.protocol(HttpStatus.SERVICE_UNAVAILABLE, "server at capacity");

    private static final byte[] ALLOW = "Allow: GET, HEAD, OPTIONS\r\n".getBytes(StandardCharsets.US_ASCII);

    /** What becomes of the connection once a response (or an error answer) has been sent. */
    public enum AfterResponse {
        /** The next request may follow on this connection. */
        KEEP_OPEN,
        /** Close once the response is sent. */
        CLOSE,
        /**
         * Half-close, then read and drop what the client still sends (up to {@link #LINGER_TIME} and
         * {@link #LINGER_MAX_BYTES}) before closing, so that unread input does not reset the connection before the
         * client has read the response (as nginx's lingering close).
         */
        LINGER_THEN_CLOSE
    }

    private final int maxRequestsPerConnection;
    private final Duration headTimeout;
    private final Duration idleTimeout;

    /**
     * @param maxRequestsPerConnection requests served on one connection before it closes, at least 1
     * @param headTimeout              the longest time to receive a request head, and the longest wait for each part
     *                                 of its body
     * @param idleTimeout              the longest wait for the next request on a kept-alive connection
     */
    public ExchangePolicy(int maxRequestsPerConnection, Duration headTimeout, Duration idleTimeout) {
        if (maxRequestsPerConnection < 1) {
            throw new IllegalArgumentException("maxRequestsPerConnection must be >= 1: " + maxRequestsPerConnection);
        }
        if (headTimeout.isNegative() || headTimeout.isZero() || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive: head " + headTimeout + ", idle "
                    + idleTimeout);
        }
        this.maxRequestsPerConnection = maxRequestsPerConnection;
        this.headTimeout = headTimeout;
        this.idleTimeout = idleTimeout;
    }

    /** The policy of a server with this configuration. */
    public static ExchangePolicy of(ServerConfig config) {
        return new ExchangePolicy(config.maxRequestsPerConnection(), config.headerTimeout(), config.idleTimeout());
    }

    /**
     * What the response to a parsed request says about the connection: it stays open if the client allows it (RFC
     * 9112 section 9.3), the connection has served fewer than its maximum, and neither the idle timeout nor a drain
     * is ending it; an HTTP/1.0 keep-alive is announced, an HTTP/1.1 one is the default and is not.
     *
     * @param served      the number of this request on its connection, from 1
     * @param lastRequest the idle timeout struck as this request arrived: it is answered, and the connection closes
     * @param draining    the server is shutting down gracefully
     */
    public Persistence persistence(HttpRequest request, int served, boolean lastRequest, boolean draining) {
        boolean keepAlive = request.keepAlive() && served < maxRequestsPerConnection && !lastRequest && !draining;
        if (!keepAlive) {
            return Persistence.CLOSE;
        }
        return request.version() == HttpVersion.HTTP_1_0 ? Persistence.KEEP_ALIVE_EXPLICIT
                : Persistence.KEEP_ALIVE_DEFAULT;
    }

    /** Whether {@code 100 Continue} is sent before the body is read: the client waits for it (RFC 9110 10.1.1). */
    public boolean sendsContinue(HttpRequest request) {
        return request.hasBody() && request.expectContinue();
    }

    /**
     * What follows a response that was written.
     *
     * @param announced   what the response said about the connection
     * @param unreadInput whether the client has sent bytes that no request has read (then a close lingers)
     */
    public AfterResponse afterResponse(Persistence announced, boolean unreadInput) {
        if (announced != Persistence.CLOSE) {
            return AfterResponse.KEEP_OPEN;
        }
        return unreadInput ? AfterResponse.LINGER_THEN_CLOSE : AfterResponse.CLOSE;
    }

    /**
     * Whether an error may be answered on a connection that stays open: an application error on a request whose
     * framing is intact, when the response prepared for it did not already close the connection.
     */
    public boolean keepsConnection(HttpException error, Persistence prepared) {
        return !error.closeConnection() && prepared != Persistence.CLOSE;
    }

    /**
     * What follows an error.
     *
     * @param answered  whether the error was answered (false: a response had already begun, nothing more is said)
     * @param announced what the response sent last says about the connection
     */
    public AfterResponse afterError(HttpException error, boolean answered, Persistence announced) {
        if (answered && announced != Persistence.CLOSE) {
            return AfterResponse.KEEP_OPEN;
        }
        // The server's own answers close at once: a bug leaves the connection in an unknown state, and a refused
        // connection is answered on the acceptor thread, which must not wait. Every other error lingers.
        return error == INTERNAL_ERROR || error == AT_CAPACITY ? AfterResponse.CLOSE
                : AfterResponse.LINGER_THEN_CLOSE;
    }

    /** The body of an error answer: its message, one line. */
    String errorBody(HttpException error) {
        return error.getMessage() + "\n";
    }

    /** Field lines an error answer adds, or null: a 405 lists the methods that are allowed (RFC 9110 15.5.6). */
    byte[] errorFields(HttpException error) {
        return error.status() == HttpStatus.METHOD_NOT_ALLOWED ? ALLOW : null;
    }

    /** The longest time to receive a request head: from accept for the first, from its first byte for later ones. */
    public Duration headTimeout() {
        return headTimeout;
    }

    /** The longest wait for more of a request body: each part of it must arrive within this time. */
    public Duration bodyTimeout() {
        return headTimeout;
    }

    /**
     * The longest wait for the next request on a kept-alive connection; past it the connection closes without a
     * response, as nginx does.
     */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    public int maxRequestsPerConnection() {
        return maxRequestsPerConnection;
    }
}
