package io.loomarena.echo.client;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.TimeoutWatchdog;
import org.HdrHistogram.Histogram;

/**
 * One echo session: connects, waits for the run's start signal, then sends its messages one at a time, reads each
 * echo completely and compares it byte for byte. Runs entirely on its own thread; stops at the first error. The same
 * code serves both client models: only the thread it runs on differs.
 * <p>
 * I/O: a blocking {@link SocketChannel} written from and read into direct buffers of the session's own, allocated once
 * before it connects (the eight payloads and the echo buffer are slices of one buffer). Socket streams would read
 * through a temporary direct buffer looked up per call, and compare a heap copy; here the echo is compared with the
 * payload in place ({@link ByteBuffer#mismatch}), so the timed loop allocates nothing.
 * <p>
 * Timeouts: the connect and each echo (send and read the whole message back) have a deadline that the run's
 * {@link TimeoutWatchdog} enforces by closing the channel, which ends a blocked connect or read at once. Reads
 * therefore need no {@code SO_TIMEOUT}, which made every read of a virtual thread a timed park (a timer task scheduled
 * and cancelled per read, about four futex calls and two and a half context switches per message in {@code perf
 * stat}) and every read of a platform thread a non-blocking read plus a {@code poll}. A deadline costs one volatile
 * store per message. An echo that ends within a few microseconds of its deadline may still count as a timeout (the
 * watchdog read the old deadline just before the session stored the next one); deadlines are seconds long.
 * <p>
 * No yield between sending and reading, unlike the HTTP load client (which yields for virtual threads when they
 * outnumber the CPUs): measured on JDK 25 with 100 virtual sessions on one carrier against the virtual echo server on
 * the other CPU, 1,000,000 messages of 32 bytes per run, the yield took reads from 2.0 to 1.2 and {@code epoll_ctl}
 * from 1.0 to 0.2 per message and the system CPU down by about 8%, but the user CPU up by as much (a continuation
 * unmounted and mounted again per message): 5.3-5.5 against 5.4-5.5 CPU-us per message, the same 200,000 msg/s. And
 * it stalled sessions: 7 to 31 echoes per million took over 100 ms (up to 410 ms), none over 15 ms without it. A
 * yielded virtual thread goes into its carrier's own queue, which the carrier empties before it looks at submissions
 * from other threads, and that is where the poller's wake-up arrives (the master poller, a platform thread, unparks
 * the sub-poller): while some sessions keep finding their echo after the yield, a session waiting in the poller waits
 * until all of them happen to block at once.
 * <p>
 * Thread-safety: confined to its thread, except {@link #expire(long)} (the watchdog's thread) and {@link #abort()}
 * (the run's thread at its overall timeout), which only close the channel.
 */
final class EchoSession implements TimeoutWatchdog.Watched {

    /** Distinct random messages a session cycles through (so a stale echo of the previous message is a mismatch). */
    static final int PAYLOAD_VARIANTS = 8;

    /** {@link #deadline} while the session has nothing outstanding (waiting for the start, or done). */
    private static final long IDLE = Long.MIN_VALUE;

    private final int index;
    private final EchoClientConfig config;
    private final CountDownLatch connected;
    private final CountDownLatch start;
    private final AtomicBoolean runTimedOut;
    private final long timeoutNanos;
    /** {@link System#nanoTime()} by which the current connect or echo must end, or {@link #IDLE}. */
    private volatile long deadline = IDLE;
    /** Set by the watchdog before it closes the channel: the session's failure is then a timeout. */
    private volatile boolean expired;
    /** The channel being connected or in use; the watchdog and the run's overall timeout close it. */
    private volatile SocketChannel channel;

    /**
     * @param connected   counted down once the session is connected (or failed to)
     * @param start       opened by the run when the timed work starts
     * @param runTimedOut set by the run when its overall timeout has passed (it then calls {@link #abort()})
     */
    EchoSession(int index, EchoClientConfig config, CountDownLatch connected, CountDownLatch start,
                AtomicBoolean runTimedOut) {
        this.index = index;
        this.config = config;
        this.connected = connected;
        this.start = start;
        this.runTimedOut = runTimedOut;
        this.timeoutNanos = config.readTimeoutNanos();
    }

    SessionResult run() {
        Histogram latency = LatencyHistograms.newHistogram();
        int size = config.size();
        ByteBuffer memory = ByteBuffer.allocateDirect((PAYLOAD_VARIANTS + 1) * size);
        ByteBuffer[] payloads = payloads(config.seed() + index, size, memory);
        ByteBuffer echo = memory.slice(PAYLOAD_VARIANTS * size, size);
        long echoed = 0;
        try {
            SocketChannel socket;
            try {
                socket = connect();
            } finally {
                connected.countDown();
            }
            start.await();
            for (int i = 0; i < config.messages(); i++) {
                ByteBuffer message = payloads[i % PAYLOAD_VARIANTS];
                long sent = System.nanoTime();
                deadline = sent + timeoutNanos;
                message.clear();
                while (message.hasRemaining()) {
                    socket.write(message);
                }
                echo.clear();
                do {
                    if (socket.read(echo) < 0) {
                        throw new EOFException("end of stream after " + echo.position() + " of " + size
                                + " echoed bytes");
                    }
                } while (echo.hasRemaining());
                long nanos = System.nanoTime() - sent;
                if (echo.flip().mismatch(message.clear()) >= 0) {
                    return new SessionResult(echoed, latency, ErrorKind.MISMATCH);
                }
                LatencyHistograms.recordNanos(latency, nanos);
                echoed++;
            }
            deadline = IDLE;
            return new SessionResult(echoed, latency, null);
        } catch (IOException e) {
            return new SessionResult(echoed, latency, ErrorKind.of(e, expired || runTimedOut.get()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new SessionResult(echoed, latency, ErrorKind.TIMEOUT);
        } finally {
            deadline = IDLE;
            SocketChannel socket = channel;
            if (socket != null) {
                closeQuietly(socket);
            }
        }
    }

    /** Opens and connects the channel within the timeout; the channel is published first, so it can be closed. */
    private SocketChannel connect() throws IOException {
        SocketChannel socket = SocketChannel.open();
        channel = socket;
        if (runTimedOut.get()) {
            // The run's overall timeout passed before the channel was published: abort() did not see it.
            socket.close();
        }
        deadline = System.nanoTime() + timeoutNanos;
        // Echo is request/response: Nagle's algorithm would hold a message back until the previous one is acknowledged.
        socket.setOption(StandardSocketOptions.TCP_NODELAY, true);
        socket.connect(new InetSocketAddress(config.host(), config.port()));
        deadline = IDLE;
        return socket;
    }

    /** Called by the watchdog: closes the channel if the connect or echo under way is past its deadline. */
    @Override
    public void expire(long now) {
        long due = deadline;
        if (due != IDLE && now - due > 0 && !expired) {
            expired = true;
            SocketChannel socket = channel;
            if (socket != null) {
                closeQuietly(socket);
            }
        }
    }

    /** Called by the run at its overall timeout, after it set {@code runTimedOut}: ends the session now. */
    void abort() {
        SocketChannel socket = channel;
        if (socket != null) {
            closeQuietly(socket);
        }
    }

    /**
     * The session's messages, random from its seed, written into {@code memory} (at least {@value #PAYLOAD_VARIANTS}
     * times {@code size} bytes) before the timed work starts; each is a slice of it.
     */
    static ByteBuffer[] payloads(long seed, int size, ByteBuffer memory) {
        SplittableRandom random = new SplittableRandom(seed);
        byte[] bytes = new byte[size];
        ByteBuffer[] payloads = new ByteBuffer[PAYLOAD_VARIANTS];
        for (int i = 0; i < PAYLOAD_VARIANTS; i++) {
            random.nextBytes(bytes);
            payloads[i] = memory.slice(i * size, size).put(0, bytes);
        }
        return payloads;
    }

    private static void closeQuietly(SocketChannel socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is best effort; the session's result is already decided or will fail on the closed channel.
        }
    }
}
