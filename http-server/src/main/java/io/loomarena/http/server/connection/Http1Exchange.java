package io.loomarena.http.server.connection;

import java.io.IOException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.loomarena.http.server.ServerMetrics;
import io.loomarena.http.server.connection.ExchangePolicy.AfterResponse;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.Method;
import io.loomarena.http.server.protocol.RequestLine;
import io.loomarena.http.server.protocol.ResponseWriter;
import io.loomarena.http.server.protocol.ResponseWriter.Persistence;

/**
 * One connection's exchanges, request after request, whatever moves its bytes: applies the {@link ExchangePolicy} to
 * the connection's {@link ResponseWriter} and counts requests and responses. Every error, whatever raised it (the
 * parser, a body, an endpoint, a timeout, a bug, a full server), is answered in one place, {@link #respondError}; the
 * connection is told what becomes of it and does the I/O.
 * <p>Not thread-safe: it belongs to the thread that serves the connection (the blocking connection's, or its loop).
 */
public final class Http1Exchange {

    private final ResponseWriter out;
    private final ExchangePolicy policy;
    private final ServerMetrics metrics;
    private final BooleanSupplier draining;
    /** Made once, not per request: once the request line is known, an error found later answers a HEAD too. */
    private final Consumer<RequestLine> onRequestLine;
    /** The request being served (counted in progress), or null. */
    private HttpRequest current;
    private int served;

    /** The exchanges of a connection of this server, answered through the connection's writer. */
    public Http1Exchange(ResponseWriter out, ConnectionContext context) {
        this(out, context.policy(), context.metrics(), context.registry()::draining);
    }

    /** @param draining whether the server is shutting down gracefully (then every response closes its connection) */
    Http1Exchange(ResponseWriter out, ExchangePolicy policy, ServerMetrics metrics, BooleanSupplier draining) {
        this.out = out;
        this.policy = policy;
        this.metrics = metrics;
        this.draining = draining;
        this.onRequestLine = line -> out.prepare(line.method() == Method.HEAD, Persistence.CLOSE);
    }

    /** Before a request head is read: an error found before its request line is known answers a GET and closes. */
    public void awaitHead() {
        out.prepare(false, Persistence.CLOSE);
    }

    /** To hand to the parser: called once the request line is known. */
    public Consumer<RequestLine> onRequestLine() {
        return onRequestLine;
    }

    /**
     * A request head was parsed: decides what its response says about the connection, counts it in progress, and
     * sends {@code 100 Continue} if the client waits for it before sending the body.
     *
     * @param lastRequest the idle timeout struck as this request arrived: it is answered, then the connection closes
     */
    public void begin(HttpRequest request, boolean lastRequest) throws IOException {
        served++;
        out.prepare(request.isHead(), policy.persistence(request, served, lastRequest, draining.getAsBoolean()));
        current = request;
        metrics.requestStarted();
        if (policy.sendsContinue(request)) {
            out.writeContinue();
        }
    }

    /**
     * The endpoint has answered the current request: counts the response and says what becomes of the connection.
     *
     * @param unreadInput whether the client has sent bytes that no request has read yet
     * @throws IllegalStateException if the endpoint wrote no response (a bug)
     */
    public AfterResponse answered(boolean unreadInput) {
        if (!out.started()) {
            throw new IllegalStateException("no response for " + current.method() + " " + current.path());
        }
        ended();
        metrics.responded(out.status());
        return policy.afterResponse(out.persistence(), unreadInput);
    }

    /**
     * Answers an error, unless a response has already begun, and says what becomes of the connection: it stays open
     * only for an application error on intact framing. The answer is buffered; the connection sends it.
     */
    public AfterResponse respondError(HttpException error) {
        ended();
        if (out.started()) {
            return policy.afterError(error, false, out.persistence());
        }
        if (!policy.keepsConnection(error, out.persistence())) {
            out.closeAfterResponse();
        }
        try {
            out.respond(error.status(), policy.errorBody(error), policy.errorFields(error));
        } catch (IOException e) {
            // The buffer was full and the client is gone: nothing was said, nothing is left to linger for.
            return AfterResponse.CLOSE;
        }
        metrics.responded(error.status());
        // The response may have announced a close after all (a drain, or a client waiting for the thread).
        return policy.afterError(error, true, out.persistence());
    }

    /** The current request, if any, is no longer in progress: answered, or left as its connection closes. */
    public void ended() {
        if (current != null) {
            current = null;
            metrics.requestEnded();
        }
    }

    /** The request in progress (its body may still be read), or null. */
    public HttpRequest current() {
        return current;
    }

    /** How many requests have begun on this connection. */
    public int served() {
        return served;
    }
}
