package io.loomarena.http.server.connection;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import io.loomarena.measure.ModelThreads;

/**
 * The open connections of one server: graceful shutdown drains them (idle ones are closed at once, busy ones finish
 * their request with {@code Connection: close}), and a watchdog thread ({@code http-<model>-watchdog}) enforces the
 * timeouts: a read past its deadline (header or idle timeout) is ended, a write blocked for longer than the write
 * timeout closes the connection. Timeouts are therefore up to {@link #WATCHDOG_INTERVAL_MILLIS} late. Thread-safe.
 */
public final class ConnectionRegistry implements AutoCloseable {

    /** How often the watchdog looks at writes in progress. */
    public static final long WATCHDOG_INTERVAL_MILLIS = 100;

    /**
     * One open connection, as the registry sees it: a {@link BlockingConnection} on its own thread, or a connection of
     * an event loop (which enforces its own deadlines and does on its loop what these methods ask). Called from the
     * shutdown and watchdog threads.
     */
    public interface Member {
        /** Closes the connection if it waits for a next request; a busy one finishes first. */
        void closeIfIdle();

        /** Closes the connection now. */
        void forceClose();

        /** One round of the watchdog: ends reads past their deadline, closes writes blocked too long. */
        void enforceDeadlines(long nowNanos, long writeTimeoutNanos);
    }

    private final Set<Member> open = ConcurrentHashMap.newKeySet();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition emptied = lock.newCondition();
    private final long writeTimeoutNanos;
    private final Thread watchdog;
    private volatile boolean draining;
    private volatile boolean closed;

    /**
     * @param threadPrefix   the model's thread prefix, for the watchdog's name
     * @param writeTimeoutMs the longest a single socket write may block
     */
    public ConnectionRegistry(String threadPrefix, long writeTimeoutMs) {
        this.writeTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(writeTimeoutMs);
        this.watchdog = ModelThreads.platform(threadPrefix + "-watchdog", this::watch);
        this.watchdog.setDaemon(true);
        this.watchdog.start();
    }

    public void add(Member connection) {
        open.add(connection);
    }

    public void remove(Member connection) {
        open.remove(connection);
        if (draining && open.isEmpty()) {
            lock.lock();
            try {
                emptied.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    /** Whether a graceful shutdown has begun: responses then carry {@code Connection: close}. */
    public boolean draining() {
        return draining;
    }

    public int size() {
        return open.size();
    }

    /** Begins draining: from now on no connection is kept alive, and idle ones are closed now. */
    public void drain() {
        draining = true;
        for (Member connection : open) {
            connection.closeIfIdle();
        }
    }

    /** Waits until every connection has closed, or the deadline ({@link System#nanoTime()}) passes. */
    public boolean awaitEmpty(long deadlineNanos) throws InterruptedException {
        lock.lock();
        try {
            while (!open.isEmpty()) {
                long remaining = deadlineNanos - System.nanoTime();
                if (remaining <= 0) {
                    return false;
                }
                emptied.awaitNanos(Math.min(remaining, TimeUnit.MILLISECONDS.toNanos(WATCHDOG_INTERVAL_MILLIS)));
            }
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Closes every connection now, busy or not. */
    public void closeAll() {
        for (Member connection : open) {
            connection.forceClose();
        }
    }

    @Override
    public void close() {
        closed = true;
        watchdog.interrupt();
    }

    private void watch() {
        while (!closed) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(WATCHDOG_INTERVAL_MILLIS));
            long now = System.nanoTime();
            for (Member connection : open) {
                connection.enforceDeadlines(now, writeTimeoutNanos);
            }
        }
    }
}
