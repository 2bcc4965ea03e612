package io.loomarena.http.load;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.loomarena.measure.ModelThreads;

/**
 * Enforces the run's timeout on every connect and response by closing sockets whose deadline has passed, from one
 * daemon platform thread ({@code http-load-timeouts}) that wakes every {@code tick}. The client threads then read and
 * connect without {@code SO_TIMEOUT}: a socket timeout makes every read of a virtual thread a timed park (a timer
 * scheduled and cancelled per read) and every read of a platform thread an extra {@code poll}, which cost this client
 * half of its throughput. Deadlines are therefore kept to within one tick.
 * <p>
 * Thread-safe: connections {@linkplain #watch register} from their own threads; the watchdog only reads their
 * deadlines and calls {@link ClientConnection#expire(long)}.
 */
final class TimeoutWatchdog implements AutoCloseable {

    private final Set<ClientConnection> watched = ConcurrentHashMap.newKeySet();
    private final long tickNanos;
    private final Thread thread;
    private volatile boolean closed;

    /** Starts the watchdog; {@code tickNanos} is how often deadlines are checked (positive). */
    TimeoutWatchdog(long tickNanos) {
        if (tickNanos <= 0) {
            throw new IllegalArgumentException("tick must be positive: " + tickNanos);
        }
        this.tickNanos = tickNanos;
        this.thread = ModelThreads.platform("http-load-timeouts", this::loop);
        thread.setDaemon(true);
        thread.start();
    }

    /** A tick of a tenth of the timeout, between 1 ms and 100 ms. */
    static long tickFor(long timeoutNanos) {
        return Math.clamp(timeoutNanos / 10, TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(100));
    }

    void watch(ClientConnection connection) {
        watched.add(connection);
    }

    void forget(ClientConnection connection) {
        watched.remove(connection);
    }

    private void loop() {
        while (!closed) {
            LockSupport.parkNanos(tickNanos);
            long now = System.nanoTime();
            for (ClientConnection connection : watched) {
                connection.expire(now);
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
