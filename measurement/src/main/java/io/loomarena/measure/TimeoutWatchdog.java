package io.loomarena.measure;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Enforces a load client's timeouts on every connect and read by closing sockets whose deadline has passed, from one
 * daemon platform thread that wakes every {@code tick}. The client threads then read and connect without
 * {@code SO_TIMEOUT}: a socket timeout makes every read of a virtual thread a timed park (a timer scheduled and
 * cancelled per read) and every read of a platform thread an extra {@code poll}, which cost the HTTP load client half
 * of its throughput. Deadlines are therefore kept to within one tick.
 * <p>
 * Thread-safe: connections {@linkplain #watch register} from their own threads; the watchdog only calls
 * {@link Watched#expire(long)}, which must be safe to call from its thread.
 */
public final class TimeoutWatchdog implements AutoCloseable {

    /** Something with a deadline: a connection that closes its socket once {@code now} is past its deadline. */
    @FunctionalInterface
    public interface Watched {
        void expire(long now);
    }

    private final Set<Watched> watched = ConcurrentHashMap.newKeySet();
    private final long tickNanos;
    private final Thread thread;
    private volatile boolean closed;

    /**
     * Starts the watchdog.
     *
     * @param threadName its thread's name, for example {@code http-load-timeouts}
     * @param tickNanos  how often deadlines are checked, positive
     */
    public TimeoutWatchdog(String threadName, long tickNanos) {
        if (tickNanos <= 0) {
            throw new IllegalArgumentException("tick must be positive: " + tickNanos);
        }
        this.tickNanos = tickNanos;
        this.thread = ModelThreads.platform(threadName, this::loop);
        thread.setDaemon(true);
        thread.start();
    }

    /** A tick of a tenth of the timeout, between 1 ms and 100 ms. */
    public static long tickFor(long timeoutNanos) {
        return Math.clamp(timeoutNanos / 10, TimeUnit.MILLISECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(100));
    }

    public void watch(Watched connection) {
        watched.add(connection);
    }

    public void forget(Watched connection) {
        watched.remove(connection);
    }

    private void loop() {
        while (!closed) {
            LockSupport.parkNanos(tickNanos);
            long now = System.nanoTime();
            for (Watched connection : watched) {
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
