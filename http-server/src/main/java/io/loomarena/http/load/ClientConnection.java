package io.loomarena.http.load;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicLong;

import io.loomarena.measure.TimeoutWatchdog;

/**
 * One client thread's HTTP/1.1 connection to the target over a blocking {@link SocketChannel}, written from and read
 * into direct buffers of its own (see {@link ChannelInput} for why not socket streams): it sends the pre-encoded
 * request, reads the response with a {@link ResponseReader}, and keeps the socket for the next request unless the
 * run or the server says otherwise. A keep-alive connection the server closed while idle is replaced and the request
 * sent once more, without counting an error (as HTTP clients do for idempotent requests).
 * <p>
 * Timeouts: each exchange (connect, send and the whole response) has a deadline; the {@link TimeoutWatchdog} closes
 * the socket once it has passed, which ends any blocked connect or read. Reads therefore need no {@code SO_TIMEOUT}.
 * <p>
 * Yielding before the read: a virtual thread that reads right after sending almost always finds no answer yet, and
 * then pays a failed {@code read}, an {@code epoll_ctl} to register with the poller, and a wake-up through the
 * poller. When other client threads are runnable, yielding first lets them work while the server answers, and the
 * read usually succeeds at once: against nginx with 100 connections this took the client from 2.0 reads and 1.0
 * {@code epoll_ctl} per request to about 1.2 and 0.2 (counted with {@code perf stat}).
 * <p>
 * Not thread-safe: it belongs to one client thread, except {@link #expire(long)}, which the watchdog calls.
 */
final class ClientConnection implements AutoCloseable, TimeoutWatchdog.Watched {

    private static final long IDLE = 0;
    private static final long EXPIRED = Long.MIN_VALUE;

    private final InetSocketAddress address;
    private final ByteBuffer request;
    private final ChannelInput input;
    private final boolean reuse;
    private final long timeoutNanos;
    private final ResponseReader reader;
    private final BodyCheck bodyCheck;
    private final TimeoutWatchdog watchdog;
    private final boolean yieldBeforeRead;
    /** Whether only a 304 is a success ({@link Target#conditional()}). */
    private final boolean conditional;
    /** {@link System#nanoTime()} by which the current exchange must end, {@link #IDLE}, or {@link #EXPIRED}. */
    private final AtomicLong deadline = new AtomicLong(IDLE);
    /** The socket in use or being connected; the watchdog closes it. */
    private volatile SocketChannel socket;

    /**
     * @param target       where to connect
     * @param reuse        whether to keep the connection for the next request (the request then does not ask to close)
     * @param timeoutNanos longest time of one exchange: connect, send and read the whole response
     * @param reader       this thread's reader
     * @param bodyCheck    the run's body check
     * @param watchdog     the run's watchdog; this connection is watched until {@link #close()}
     * @param yieldBeforeRead whether to {@link Thread#yield()} between sending and reading (for virtual threads
     *                     with more client threads than carriers; see the class comment)
     */
    ClientConnection(Target target, boolean reuse, long timeoutNanos, ResponseReader reader, BodyCheck bodyCheck,
                     TimeoutWatchdog watchdog, boolean yieldBeforeRead) {
        this.address = new InetSocketAddress(target.address(), target.port());
        byte[] bytes = target.requestBytes(reuse);
        this.conditional = target.conditional();
        this.request = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        this.input = new ChannelInput(reader.bufferBytes());
        this.reuse = reuse;
        this.timeoutNanos = timeoutNanos;
        this.reader = reader;
        this.bodyCheck = bodyCheck;
        this.watchdog = watchdog;
        this.yieldBeforeRead = yieldBeforeRead;
        watchdog.watch(this);
    }

    /**
     * Sends one request and reads its response.
     *
     * @return null on success (2xx and the expected body; 304 for a conditional target), else why it failed; for
     *         {@link ErrorKind#STATUS} the code is {@link #status()}
     */
    ErrorKind exchange() {
        deadline.set(System.nanoTime() + timeoutNanos);
        ErrorKind failed = attempt();
        if (deadline.getAndSet(IDLE) == EXPIRED) {
            // The watchdog closed the socket: whatever the attempt saw, the exchange did not end in time.
            closeSocket();
            return failed == ErrorKind.CONNECT ? ErrorKind.CONNECT : ErrorKind.TIMEOUT;
        }
        if (failed != null) {
            return failed;
        }
        int status = reader.status();
        if (conditional) {
            return status == 304 ? null : ErrorKind.STATUS; // a 304 has no body to check
        }
        if (status < 200 || status > 299) {
            return ErrorKind.STATUS;
        }
        return bodyCheck.accepts(reader.bodyLength(), reader.bodyCrc()) ? null : ErrorKind.CHECKSUM;
    }

    /** Status code of the last complete response. */
    int status() {
        return reader.status();
    }

    /** Called by the watchdog: closes the socket if the current exchange is past its deadline at {@code now}. */
    @Override
    public void expire(long now) {
        long due = deadline.get();
        if (due != IDLE && due != EXPIRED && now - due > 0 && deadline.compareAndSet(due, EXPIRED)) {
            SocketChannel s = socket;
            if (s != null) {
                closeQuietly(s);
            }
        }
    }

    private ErrorKind attempt() {
        boolean reused = socket != null;
        if (!reused && !connect()) {
            return ErrorKind.CONNECT;
        }
        try {
            try {
                send();
            } catch (MalformedResponseException e) {
                throw e;
            } catch (IOException e) {
                // A reused connection the server had already closed (reset, broken pipe, or end of stream before
                // any byte of the answer): one more try on a new connection.
                if (!reused || reader.started() || deadline.get() == EXPIRED) {
                    throw e;
                }
                closeSocket();
                if (!connect()) {
                    return ErrorKind.CONNECT;
                }
                send();
            }
        } catch (MalformedResponseException e) {
            // Framing is lost: the connection cannot carry another request.
            closeSocket();
            return ErrorKind.MALFORMED;
        } catch (IOException e) {
            // Reset, closed without a response, another I/O failure, or closed by the watchdog (see exchange).
            closeSocket();
            return ErrorKind.RESET;
        }
        if (!reuse || reader.closeAfter()) {
            closeSocket();
        }
        return null;
    }

    private void send() throws IOException {
        request.rewind();
        while (request.hasRemaining()) {
            socket.write(request);
        }
        if (yieldBeforeRead) {
            Thread.yield();
        }
        reader.read();
    }

    private boolean connect() {
        try {
            SocketChannel s = SocketChannel.open();
            socket = s;
            s.setOption(StandardSocketOptions.TCP_NODELAY, true);
            s.connect(address);
            reader.attach(input.attach(s));
            return true;
        } catch (IOException e) {
            // Refused, unreachable, or closed by the watchdog because it took longer than the timeout.
            closeSocket();
            return false;
        }
    }

    private void closeSocket() {
        SocketChannel s = socket;
        if (s != null) {
            closeQuietly(s);
            socket = null;
        }
    }

    private static void closeQuietly(SocketChannel s) {
        try {
            s.close();
        } catch (IOException e) {
            // Nothing left to do with a socket that fails to close.
        }
    }

    @Override
    public void close() {
        watchdog.forget(this);
        closeSocket();
    }
}
