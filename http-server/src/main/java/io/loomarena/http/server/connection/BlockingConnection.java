package io.loomarena.http.server.connection;

import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

import io.loomarena.http.server.connection.ExchangePolicy.AfterResponse;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * The blocking models' connection: serves one accepted socket on one thread with blocking reads and writes. It reads
 * requests one after another (pipelined ones straight from the buffer), answers each in order, and closes when the
 * client or the protocol says so, after the idle or header timeout, or when a graceful shutdown drains it. What an
 * exchange decides is the shared {@link ExchangePolicy}'s, applied by {@link Http1Exchange}; every error is answered
 * in one place, {@link #respondError}.
 * <p>Threading: everything runs on the one thread the stage gives the connection, except {@link #closeIfIdle()},
 * {@link #forceClose()} and {@link #enforceDeadlines}, which the registry calls from other threads, and
 * {@link #reject()}, which the acceptor calls instead of {@link #run()}.
 */
public final class BlockingConnection implements Runnable, InputBuffer.ReadWatch, ConnectionRegistry.Member {

    private static final System.Logger LOG = System.getLogger(BlockingConnection.class.getName());

    private static final int FRESH = 0;
    private static final int BUSY = 1;
    private static final int IDLE = 2;
    private static final int CLOSED = 3;

    private final Socket socket;
    private final WatchedSocket watched;
    private final ConnectionContext context;
    private final long acceptedNanos;
    private final AtomicInteger state = new AtomicInteger(FRESH);
    private final ExchangePolicy policy;
    private ResponseWriter out;
    private Http1Exchange exchange;
    private boolean virtual;

    /** What {@link #awaitRequest} found on a kept-alive connection. */
    private enum Next {
        /** No request: close quietly. */
        NONE,
        /** A request to answer. */
        REQUEST,
        /** A request that arrived as the idle timeout struck: it is answered, and the connection closes after it. */
        LAST_REQUEST
    }

    /**
     * Registers the connection as open; the acceptor then hands it to the stage.
     *
     * @param socket an accepted socket of a {@link java.nio.channels.SocketChannel} in blocking mode: requests and
     *               responses go through the channel, from and to the connection's own direct buffers
     */
    public BlockingConnection(Socket socket, ConnectionContext context) {
        this.socket = socket;
        if (socket.getChannel() == null) {
            throw new IllegalArgumentException("the socket has no channel: accept it from a ServerSocketChannel");
        }
        this.watched = new WatchedSocket(socket, context.idleCloseWanted());
        this.context = context;
        this.policy = context.policy();
        this.acceptedNanos = System.nanoTime();
        context.metrics().connectionOpened();
        context.registry().add(this);
    }

    @Override
    public void run() {
        context.metrics().handlerStarted();
        virtual = Thread.currentThread().isVirtual();
        if (virtual) {
            context.metrics().virtualThreadStarted();
        }
        AfterResponse ending = AfterResponse.CLOSE;
        try {
            socket.setTcpNoDelay(true);
            out = new ResponseWriter(socket.getChannel(), watched, this::closeAfterResponse);
            exchange = new Http1Exchange(out, context);
            ending = serve(new InputBuffer(socket.getChannel(), context.parser().limits().maxLineBuffer(), this));
        } catch (SocketTimeoutException e) {
            // The request head or body did not arrive in time: 408, if the client still reads.
            ending = respondError(ExchangePolicy.REQUEST_TIMEOUT);
        } catch (EOFException e) {
            // The client closed the connection inside a request body.
        } catch (SocketException e) {
            // Reset by the peer, or closed by a graceful shutdown or the write watchdog.
        } catch (IOException e) {
            // Any other I/O failure: the connection is unusable.
        } catch (RuntimeException e) {
            // A bug: answer 500 if no response has begun, and say so once in the log.
            LOG.log(System.Logger.Level.ERROR, "request failed", e);
            ending = respondError(ExchangePolicy.INTERNAL_ERROR);
        } finally {
            close(ending == AfterResponse.LINGER_THEN_CLOSE);
            context.registry().remove(this);
            context.metrics().connectionClosed();
            context.metrics().handlerEnded();
            if (virtual) {
                context.metrics().virtualThreadEnded();
            }
        }
    }

    /**
     * Whether the response that begins now closes the connection whatever the request asked: the server drains, or
     * (single) another client waits for the thread. Announced in the response, so the client never sends a
     * request that a close would leave unanswered.
     */
    private boolean closeAfterResponse() {
        return context.registry().draining() || context.clientWaiting().getAsBoolean();
    }

    /** The request loop; returns how the connection ends (with a lingering close after an error, for one). */
    private AfterResponse serve(InputBuffer in) throws IOException {
        boolean lastRequest = false;
        in.timeouts(acceptedNanos + policy.headTimeout().toNanos(), 0);
        while (true) {
            if (exchange.served() > 0) {
                Next next = awaitRequest(in);
                if (next == Next.NONE) {
                    return AfterResponse.CLOSE;
                }
                lastRequest = next == Next.LAST_REQUEST;
            }
            AfterResponse after;
            try {
                after = exchange(in, lastRequest);
            } catch (HttpException e) {
                // A rejected request: one error response, the connection stays only if the framing is intact.
                after = respondError(e);
            }
            if (after != AfterResponse.KEEP_OPEN) {
                return after;
            }
        }
    }

    /** Waits for the next request on a kept-alive connection. */
    private Next awaitRequest(InputBuffer in) throws IOException {
        Next next = Next.REQUEST;
        if (in.buffered() == 0) {
            out.flush();
            // Yield first, on every stage, unless the last body was large: the client's next request has usually
            // arrived by the time the other ready connections have run, so the read finds it instead of parking (a
            // virtual thread: no poller registration) or sleeping in the kernel (a platform thread: sched_yield is a
            // cheaper switch than a sleep and its wake-up). A client still reading a large body is not about to send.
            if (!out.largeBody()) {
                Thread.yield();
            }
            state.set(IDLE);
            if (context.registry().draining()) {
                return Next.NONE;
            }
            in.timeouts(Long.MAX_VALUE, (int) policy.idleTimeout().toMillis());
            try {
                if (!in.fill()) {
                    return Next.NONE;
                }
            } catch (SocketTimeoutException e) {
                // Idle for the whole keep-alive timeout: close without a response, as nginx does, unless a request
                // arrived as the timeout struck: it is answered (and the connection closed after it).
                if (in.buffered() == 0) {
                    return Next.NONE;
                }
                next = Next.LAST_REQUEST;
            }
            if (!state.compareAndSet(IDLE, BUSY)) {
                return Next.NONE;
            }
        }
        in.timeouts(System.nanoTime() + policy.headTimeout().toNanos(), 0);
        return next;
    }

    /**
     * Reads one request, answers it; returns what becomes of the connection.
     *
     * @param lastRequest the idle timeout shut the input: this request, already buffered, is the last one answered
     */
    private AfterResponse exchange(InputBuffer in, boolean lastRequest) throws IOException, HttpException {
        exchange.awaitHead();
        HttpRequest request = context.parser().parse(in, exchange.onRequestLine());
        if (request == null) {
            return AfterResponse.CLOSE; // the client closed before a request began
        }
        exchange.begin(request, lastRequest);
        if (request.hasBody()) {
            in.timeouts(Long.MAX_VALUE, (int) policy.bodyTimeout().toMillis());
            context.body().read(request, in, null);
        }
        context.router().route(request, out);
        return exchange.answered(in.buffered() > 0);
    }

    /**
     * The one error path: a rejected request, a timeout, a bug or a full server is answered here (unless a response
     * has begun); returns what becomes of the connection.
     */
    private AfterResponse respondError(HttpException e) {
        return exchange == null ? AfterResponse.CLOSE : exchange.respondError(e);
    }

    /**
     * Refuses the connection because the stage cannot take it (called on the acceptor thread instead of
     * {@link #run()}): a 503 fits in the empty send buffer, so the write does not block, and the close does not
     * linger.
     */
    public void reject() {
        context.metrics().connectionRejected();
        try {
            out = new ResponseWriter(socket.getChannel(), ResponseWriter.WriteWatch.NONE);
            exchange = new Http1Exchange(out, context);
            exchange.awaitHead(); // no request is read: the refusal is framed as before any request line
            respondError(ExchangePolicy.AT_CAPACITY);
            out.flush();
        } catch (IOException e) {
            // The client is already gone.
        } finally {
            forceClose();
            context.registry().remove(this);
            context.metrics().connectionClosed();
        }
    }

    /** Before every blocking read: send what is buffered, then start the read's deadline. */
    @Override
    public void beforeRead(int timeoutMillis) throws IOException {
        out.flush();
        watched.readStarting(timeoutMillis, state.get() == IDLE);
    }

    @Override
    public void afterRead() throws SocketTimeoutException {
        watched.readEnded();
    }

    /** One round of the watchdog (called by the registry's watchdog thread). */
    @Override
    public void enforceDeadlines(long nowNanos, long writeTimeoutNanos) {
        watched.enforce(nowNanos, writeTimeoutNanos);
    }

    /** Closes the connection if it waits for a next request (graceful shutdown); a busy one finishes first. */
    @Override
    public void closeIfIdle() {
        if (state.compareAndSet(IDLE, CLOSED)) {
            watched.close();
        }
    }

    /** Closes the socket now, unblocking the handler's read or write. */
    @Override
    public void forceClose() {
        state.set(CLOSED);
        watched.close();
    }

    private void close(boolean linger) {
        if (exchange != null) {
            exchange.ended(); // a request the connection leaves unanswered (the client went away) is not in progress
        }
        try {
            if (out != null && !socket.isClosed()) {
                out.flush();
            }
        } catch (IOException e) {
            // The peer is gone: closing is all that is left.
            linger = false;
        }
        state.set(CLOSED);
        if (linger && !socket.isClosed()) {
            watched.lingerThenClose();
        } else {
            watched.close();
        }
    }
}
