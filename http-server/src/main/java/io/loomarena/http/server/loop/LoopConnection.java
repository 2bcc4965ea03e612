package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

import io.loomarena.http.server.connection.ConnectionContext;
import io.loomarena.http.server.connection.ConnectionRegistry;
import io.loomarena.http.server.connection.ExchangePolicy;
import io.loomarena.http.server.connection.ExchangePolicy.AfterResponse;
import io.loomarena.http.server.connection.Http1Exchange;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.InputBuffer;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * One connection of an event loop: the blocking models' {@code BlockingConnection} turned inside out. Bytes are read
 * when the selector says they are there; a request head is parsed by the shared parser once {@link HeadScanner} has
 * seen its end (a parse that still runs out rewinds to the head's start), a body is discarded as it arrives
 * ({@link IncrementalBody}), and responses go through the shared {@link ResponseWriter} into an
 * {@link OutboundQueue} that the loop sends as the socket takes it. Pipelined requests are answered in order: the next
 * one is not parsed before the current one is answered, which for {@code /io}, {@code /cpu} and {@code /fanout} is
 * later, from a timer or a task. What an exchange decides (keep-alive, recycling after
 * {@code maxRequestsPerConnection}, {@code 100 Continue}, error answers, timeouts, the lingering close after an
 * error) is the shared {@link ExchangePolicy}'s, applied by {@link Http1Exchange} as for the blocking models; this
 * class only moves the bytes, and answers every error in one place, {@link #respondError}.
 * <p>Threading: everything runs on the loop's thread; {@link #closeIfIdle()} and {@link #forceClose()} (the
 * registry's, from the shutdown thread) hand their work to the loop.
 */
final class LoopConnection implements ConnectionRegistry.Member {

    /** While more than this is queued for the client, no further request is read (a slow reader stalls only itself). */
    static final long OUTBOUND_BOUND = 64 * 1024;
    private static final long NONE = Long.MAX_VALUE;

    private final HttpLoop loop;
    private final SocketChannel socket;
    private final ConnectionContext context;
    private final LoopInput input;
    private final InputBuffer in;
    private final OutboundQueue outbound = new OutboundQueue();
    private final ResponseWriter out;
    private final Http1Exchange exchange;
    private final ExchangePolicy policy;
    private final HeadReader head;
    private SelectionKey key;
    private boolean handled;
    private IncrementalBody body;
    /** An endpoint answers the current request later (timer, task): nothing more is read or parsed until then. */
    private boolean busy;
    private boolean closeAfterSend;
    private boolean lingerAfterSend;
    private boolean closed;
    private long lingerDeadline = NONE;
    private long lingered;
    private long headDeadline;
    private long idleDeadline = NONE;
    private long bodyDeadline = NONE;
    private long bodyReceived;
    private long writeStalledSince = NONE;

    LoopConnection(HttpLoop loop, SocketChannel socket, ConnectionContext context) {
        this.loop = loop;
        this.socket = socket;
        this.context = context;
        this.input = new LoopInput(socket);
        this.in = new InputBuffer(input, HeadReader.capacity(context.parser().limits()), InputBuffer.ReadWatch.NONE);
        this.out = new ResponseWriter(outbound, ResponseWriter.WriteWatch.NONE, context.registry()::draining);
        this.exchange = new Http1Exchange(out, context);
        this.policy = context.policy();
        this.head = new HeadReader(in, input, context.parser(), exchange.onRequestLine());
        this.headDeadline = System.nanoTime() + policy.headTimeout().toNanos();
        context.metrics().connectionOpened();
        context.registry().add(this);
    }

    void registered(SelectionKey selectionKey) throws IOException {
        this.key = selectionKey;
        // A connection on a loop counts as a handler running: no thread is its own, but it is being served.
        context.metrics().handlerStarted();
        handled = true;
        socket.setOption(java.net.StandardSocketOptions.TCP_NODELAY, true);
    }

    /** The selector found the socket readable or writable. */
    void ready(int ops) {
        if (!closed && (ops & SelectionKey.OP_WRITE) != 0) {
            send();
            if (!closed && lingerDeadline == NONE && in.buffered() > 0 && outbound.queued() < OUTBOUND_BOUND) {
                process(); // pipelined requests that waited for the client to read
            }
        }
        if (!closed && (ops & SelectionKey.OP_READ) != 0) {
            if (lingerDeadline != NONE) {
                drainLinger();
            } else {
                receive();
            }
        }
    }

    private void receive() {
        try {
            in.fill();
        } catch (LoopInput.NeedMoreInput e) {
            // A spurious wake-up: nothing to read after all.
        } catch (IOException e) {
            close(); // reset by the peer
            return;
        }
        process();
    }

    /** Answers every complete request buffered, in order, until one must wait; then sends what it wrote. */
    private void process() {
        boolean full;
        do {
            try {
                while (!closed && !busy && !closeAfterSend && outbound.queued() < OUTBOUND_BOUND) {
                    try {
                        if (!step()) {
                            break;
                        }
                    } catch (HttpException e) {
                        respondError(e); // the loop goes on if the error kept the connection
                    }
                }
            } catch (IOException e) {
                close(); // the client closed inside a body, or reset the connection
                return;
            }
            full = outbound.queued() >= OUTBOUND_BOUND;
            send();
            // Stopped by the bound, and the socket took it all at once: go on with the pipelined requests.
        } while (full && !closed && outbound.queued() < OUTBOUND_BOUND);
    }

    /** Advances the body being read, or parses the next request; false when it must wait for more input. */
    private boolean step() throws IOException, HttpException {
        if (body == null) {
            return nextRequest();
        }
        if (!body.advance(in)) {
            return false;
        }
        body = null;
        bodyDeadline = NONE;
        answer(exchange.current());
        return true;
    }

    /** Parses the next request if its head is complete; false when it must wait for more input. */
    private boolean nextRequest() throws IOException, HttpException {
        if (in.buffered() == 0) {
            if (input.ended()) {
                closeAfterSend = true; // the client is done: close once everything is sent
            } else if (exchange.served() > 0 && !head.started()) {
                idleDeadline = System.nanoTime() + policy.idleTimeout().toNanos();
            }
            return false;
        }
        if (head.begin()) {
            idleDeadline = NONE;
            if (exchange.served() > 0) {
                headDeadline = System.nanoTime() + policy.headTimeout().toNanos();
            }
        }
        exchange.awaitHead();
        HttpRequest request;
        try {
            request = head.read();
        } finally {
            if (!head.started()) {
                headDeadline = NONE;
            }
        }
        if (request == null) {
            closeAfterSend |= head.cleanEnd(); // the stream ended cleanly before a request began
            return false;
        }
        start(request);
        return true;
    }

    /** A request head was parsed: the exchange begins (the policy decides the framing), then its body is read. */
    private void start(HttpRequest request) throws IOException, HttpException {
        exchange.begin(request, false);
        if (request.hasBody()) {
            body = new IncrementalBody(request, context.parser().limits().maxBody(), context.parser().headerParser());
            bodyDeadline = System.nanoTime() + policy.bodyTimeout().toNanos();
            bodyReceived = input.received();
            return;
        }
        answer(request);
    }

    /** Answers a request now, or starts the work that answers it later (then the connection is busy). */
    private void answer(HttpRequest request) throws IOException, HttpException {
        // Every answer that was waited for comes back through the loop's timers or tasks, after this returns.
        if (LoopEndpoints.start(request, loop, context.router(), this::later)) {
            busy = true;
            return;
        }
        context.router().route(request, out);
        answered();
    }

    /** The answer of a busy request is ready (on the loop): writes it, then goes on with pipelined requests. */
    private void later(LoopEndpoints.Answer answer) {
        if (closed) {
            return;
        }
        busy = false;
        try {
            answer.write(out);
            answered();
        } catch (HttpException e) {
            respondError(e);
        } catch (IOException e) {
            close();
            return;
        }
        process();
    }

    private void answered() {
        follow(exchange.answered(in.buffered() > 0));
    }

    /**
     * The one error path: a rejected request, a failed answer, a timeout or a bug is answered here (unless a response
     * has begun); the connection stays only for an application error on intact framing.
     */
    private void respondError(HttpException e) {
        body = null;
        bodyDeadline = NONE;
        follow(exchange.respondError(e));
    }

    /** Does what the policy said becomes of the connection once what is queued has been sent. */
    private void follow(AfterResponse after) {
        if (after != AfterResponse.KEEP_OPEN) {
            closeAfterSend = true;
            lingerAfterSend = after == AfterResponse.LINGER_THEN_CLOSE;
        }
    }

    /** Sends what is queued as far as the socket takes it; closes once all is sent if the connection ends. */
    private void send() {
        try {
            out.flush();
            long before = outbound.queued();
            boolean all = outbound.sendTo(socket);
            if (all || outbound.queued() < before) {
                writeStalledSince = all ? NONE : System.nanoTime();
            }
            if (all && closeAfterSend) {
                if (lingerAfterSend) {
                    socket.shutdownOutput();
                    lingerDeadline = System.nanoTime() + ExchangePolicy.LINGER_TIME.toNanos();
                } else {
                    close();
                    return;
                }
            }
        } catch (IOException e) {
            close(); // the peer is gone
            return;
        }
        interest();
    }

    private void interest() {
        if (closed || key == null || !key.isValid()) {
            return;
        }
        boolean write = outbound.queued() > 0;
        boolean read = lingerDeadline != NONE
                || (!busy && !closeAfterSend && outbound.queued() < OUTBOUND_BOUND && !input.ended());
        key.interestOps((read ? SelectionKey.OP_READ : 0) | (write ? SelectionKey.OP_WRITE : 0));
    }

    /** After an error response: reads and drops what the client still sends, so that it gets the response, not a reset. */
    private void drainLinger() {
        ByteBuffer sink = ByteBuffer.allocate(4096);
        try {
            int n;
            while ((n = socket.read(sink.clear())) > 0) {
                lingered += n;
            }
            if (n < 0 || lingered > ExchangePolicy.LINGER_MAX_BYTES) {
                close();
            }
        } catch (IOException e) {
            close();
        }
    }

    /** The loop's sweep: header, body, idle, write and linger timeouts. */
    void checkDeadlines(long now) {
        if (closed) {
            return;
        }
        if (lingerDeadline != NONE) {
            if (now - lingerDeadline > 0) {
                close();
            }
            return;
        }
        if (writeStalledSince != NONE && now - writeStalledSince > context.config().writeTimeout().toNanos()) {
            close(); // the client stopped reading
            return;
        }
        if (busy || closeAfterSend) {
            return;
        }
        if (body != null && input.received() != bodyReceived) {
            bodyReceived = input.received();
            bodyDeadline = now + policy.bodyTimeout().toNanos();
        }
        if (headDeadline != NONE && now - headDeadline > 0 || body != null && now - bodyDeadline > 0) {
            // The request head or body did not arrive in time: 408, then close.
            respondError(ExchangePolicy.REQUEST_TIMEOUT);
            send();
        } else if (idleDeadline != NONE && now - idleDeadline > 0 && outbound.queued() == 0) {
            close(); // idle for the whole keep-alive timeout: closed without a response, as nginx does
        }
    }

    /** A bug while serving: 500 if no response has begun, then close, whatever the socket has taken by then. */
    void failed() {
        if (!closed) {
            respondError(ExchangePolicy.INTERNAL_ERROR);
            send();
            close();
        }
    }

    @Override
    public void closeIfIdle() {
        loop.execute(() -> {
            if (!closed && exchange.served() > 0 && !busy && !head.started() && body == null
                    && outbound.queued() == 0) {
                close();
            }
        });
    }

    @Override
    public void forceClose() {
        loop.execute(this::close);
    }

    /** Deadlines are the loop's own (its sweep): the registry's watchdog has nothing to do here. */
    @Override
    public void enforceDeadlines(long nowNanos, long writeTimeoutNanos) {
    }

    void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (key != null) {
            key.cancel();
        }
        try {
            socket.close();
        } catch (IOException e) {
            // Closed either way.
        }
        outbound.close();
        loop.closed(this);
        exchange.ended();
        context.registry().remove(this);
        context.metrics().connectionClosed();
        if (handled) {
            context.metrics().handlerEnded();
        }
    }
}
