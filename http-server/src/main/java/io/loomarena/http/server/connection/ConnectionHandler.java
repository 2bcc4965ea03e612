package io.loomarena.http.server.connection;

import java.io.EOFException;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.HttpVersion;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.Method;
import io.loomarena.http.server.protocol.RequestLine;
import io.loomarena.http.server.protocol.ResponseWriter;
import io.loomarena.http.server.protocol.ResponseWriter.Persistence;

/**
 * Serves one accepted socket: reads requests one after another (pipelined ones straight from the buffer), answers
 * each in order, and closes when the client or the protocol says so, after the idle or header timeout, or when a
 * graceful shutdown drains it. Every error status is written in one place, {@link #respondError}.
 * <p>Threading: everything runs on the one thread the stage gives the connection, except {@link #closeIfIdle()},
 * {@link #forceClose()} and {@link #enforceDeadlines}, which the registry calls from other threads.
 */
public final class ConnectionHandler implements Runnable, InputBuffer.ReadWatch, ConnectionRegistry.Member {

    private static final System.Logger LOG = System.getLogger(ConnectionHandler.class.getName());

    private static final byte[] ALLOW = "Allow: GET, HEAD, OPTIONS\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int FRESH = 0;
    private static final int BUSY = 1;
    private static final int IDLE = 2;
    private static final int CLOSED = 3;

    private final Socket socket;
    private final WatchedSocket watched;
    private final ConnectionContext context;
    private final long acceptedNanos;
    private final AtomicInteger state = new AtomicInteger(FRESH);
    /** Made once, not per request: once the request line is known, an error found later answers a HEAD too. */
    private final Consumer<RequestLine> onRequestLine = line -> this.out.prepare(line.method() == Method.HEAD,
            Persistence.CLOSE);
    private ResponseWriter out;
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
    public ConnectionHandler(Socket socket, ConnectionContext context) {
        this.socket = socket;
        if (socket.getChannel() == null) {
            throw new IllegalArgumentException("the socket has no channel: accept it from a ServerSocketChannel");
        }
        this.watched = new WatchedSocket(socket, context.idleCloseWanted());
        this.context = context;
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
        boolean linger = false;
        try {
            socket.setTcpNoDelay(true);
            out = new ResponseWriter(socket.getChannel(), watched, this::closeAfterResponse);
            linger = serve(new InputBuffer(socket.getChannel(), context.parser().limits().maxLineBuffer(), this));
        } catch (SocketTimeoutException e) {
            // The request head or body did not arrive in time: 408, if the client still reads.
            linger = respondError(HttpException.protocol(HttpStatus.REQUEST_TIMEOUT, "request not received in time"));
        } catch (EOFException e) {
            // The client closed the connection inside a request body.
        } catch (SocketException e) {
            // Reset by the peer, or closed by a graceful shutdown or the write watchdog.
        } catch (IOException e) {
            // Any other I/O failure: the connection is unusable.
        } catch (RuntimeException e) {
            // A bug: answer 500 if no response has begun, and say so once in the log.
            LOG.log(System.Logger.Level.ERROR, "request failed", e);
            respondError(HttpException.protocol(HttpStatus.INTERNAL_SERVER_ERROR, "internal error"));
        } finally {
            close(linger);
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

    /** The request loop; returns whether the close should linger (an error response was sent). */
    private boolean serve(InputBuffer in) throws IOException {
        int served = 0;
        boolean lastRequest = false;
        in.timeouts(acceptedNanos + context.config().headerTimeout().toNanos(), 0);
        while (true) {
            if (served > 0) {
                Next next = awaitRequest(in);
                if (next == Next.NONE) {
                    return false;
                }
                lastRequest = next == Next.LAST_REQUEST;
            }
            served++;
            try {
                if (!exchange(in, served, lastRequest)) {
                    return in.buffered() > 0;
                }
            } catch (HttpException e) {
                // A rejected request: one error response, the connection stays only if the framing is intact.
                if (!respondErrorKeepingFraming(e)) {
                    return true;
                }
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
            in.timeouts(Long.MAX_VALUE, (int) context.config().idleTimeout().toMillis());
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
        in.timeouts(System.nanoTime() + context.config().headerTimeout().toNanos(), 0);
        return next;
    }

    /**
     * Reads one request, answers it; returns whether the connection stays open.
     *
     * @param lastRequest the idle timeout shut the input: this request, already buffered, is the last one answered
     */
    private boolean exchange(InputBuffer in, int served, boolean lastRequest) throws IOException, HttpException {
        out.prepare(false, Persistence.CLOSE);
        HttpRequest request = context.parser().parse(in, onRequestLine);
        if (request == null) {
            return false;
        }
        boolean keepAlive = request.keepAlive() && served < context.config().maxRequestsPerConnection()
                && !lastRequest && !context.registry().draining();
        out.prepare(request.isHead(), !keepAlive ? Persistence.CLOSE
                : request.version() == HttpVersion.HTTP_1_0 ? Persistence.KEEP_ALIVE_EXPLICIT
                : Persistence.KEEP_ALIVE_DEFAULT);
        context.metrics().requestStarted();
        try {
            if (request.hasBody()) {
                readBody(request, in);
            }
            context.router().route(request, out);
            if (!out.started()) {
                throw new IllegalStateException("no response for " + request.method() + " " + request.path());
            }
        } finally {
            context.metrics().requestEnded();
        }
        context.metrics().responded(out.status());
        return out.persistence() != Persistence.CLOSE;
    }

    private void readBody(HttpRequest request, InputBuffer in) throws IOException, HttpException {
        if (request.expectContinue()) {
            out.writeContinue();
        }
        in.timeouts(Long.MAX_VALUE, (int) context.config().headerTimeout().toMillis());
        context.body().read(request, in, null);
    }

    /** Answers an error; returns whether the connection stays open (an application error on intact framing). */
    private boolean respondErrorKeepingFraming(HttpException e) throws IOException {
        if (out.started()) {
            return false;
        }
        boolean keep = !e.closeConnection() && out.persistence() != Persistence.CLOSE;
        if (!keep) {
            out.closeAfterResponse();
        }
        writeError(e);
        // The response may have announced a close after all (a drain, or a client waiting for the thread).
        return keep && out.persistence() != Persistence.CLOSE;
    }

    /** Answers an error and closes; used where no more requests can follow. Returns whether to linger. */
    private boolean respondError(HttpException e) {
        if (out == null || out.started()) {
            return false;
        }
        try {
            out.closeAfterResponse();
            writeError(e);
            out.flush();
            return true;
        } catch (IOException ignored) {
            // The client is gone; there is no one to tell.
            return false;
        }
    }

    private void writeError(HttpException e) throws IOException {
        writeError(out, e, context);
    }

    /** Writes an error response, the same on every model (405 lists what is allowed), and counts it. */
    public static void writeError(ResponseWriter out, HttpException e, ConnectionContext context) throws IOException {
        byte[] extra = e.status() == HttpStatus.METHOD_NOT_ALLOWED ? ALLOW : null;
        out.respond(e.status(), e.getMessage() + "\n", extra);
        context.metrics().responded(e.status());
    }

    /**
     * Refuses the connection because the stage cannot take it (called on the acceptor thread instead of
     * {@link #run()}): a 503 fits in the empty send buffer, so the write does not block.
     */
    public void reject() {
        context.metrics().connectionRejected();
        try {
            ResponseWriter writer = new ResponseWriter(socket.getChannel(), ResponseWriter.WriteWatch.NONE);
            writer.prepare(false, Persistence.CLOSE);
            writer.respond(HttpStatus.SERVICE_UNAVAILABLE, "server at capacity\n", null);
            writer.flush();
            context.metrics().responded(HttpStatus.SERVICE_UNAVAILABLE);
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
