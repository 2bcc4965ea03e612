package io.loomarena.http.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server's own counters: connections, handlers, requests in progress (with its peak, which is how the
 * staircase is observed), and responses by status. Thread-safe; the per-request updates are one adder increment
 * and two atomic updates.
 */
public final class ServerMetrics {

    private final LongAdder accepted = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final AtomicInteger activeConnections = new AtomicInteger();
    private final AtomicInteger handlers = new AtomicInteger();
    private final AtomicInteger inProgress = new AtomicInteger();
    private final AtomicInteger peakInProgress = new AtomicInteger();
    private final AtomicInteger virtualThreads = new AtomicInteger();
    private final AtomicInteger peakVirtualThreads = new AtomicInteger();
    private final LongAdder[] byStatus = new LongAdder[600];

    public ServerMetrics() {
        for (int i = 100; i < byStatus.length; i++) {
            byStatus[i] = new LongAdder();
        }
    }

    /** A connection was accepted (it counts as active until {@link #connectionClosed()}). */
    public void connectionOpened() {
        accepted.increment();
        activeConnections.incrementAndGet();
    }

    public void connectionClosed() {
        activeConnections.decrementAndGet();
    }

    /** A connection no thread of the model could take (it was answered 503 and closed). */
    public void connectionRejected() {
        rejected.increment();
    }

    /** A thread began serving a connection. */
    public void handlerStarted() {
        handlers.incrementAndGet();
    }

    public void handlerEnded() {
        handlers.decrementAndGet();
    }

    /**
     * A virtual thread of the server began its task (a connection's handler, a downstream call). The JVM counts
     * only platform threads, so the server counts its virtual ones: started minus ended.
     */
    public void virtualThreadStarted() {
        int now = virtualThreads.incrementAndGet();
        if (now > peakVirtualThreads.get()) {
            peakVirtualThreads.accumulateAndGet(now, Math::max);
        }
    }

    public void virtualThreadEnded() {
        virtualThreads.decrementAndGet();
    }

    /** Wraps a thread factory so that the virtual threads it makes are counted while they run their task. */
    public ThreadFactory countingVirtual(ThreadFactory threads) {
        return task -> threads.newThread(() -> {
            boolean counted = Thread.currentThread().isVirtual();
            if (counted) {
                virtualThreadStarted();
            }
            try {
                task.run();
            } finally {
                if (counted) {
                    virtualThreadEnded();
                }
            }
        });
    }

    /** A request head was parsed and its handling begins. */
    public void requestStarted() {
        int now = inProgress.incrementAndGet();
        if (now > peakInProgress.get()) {
            peakInProgress.accumulateAndGet(now, Math::max);
        }
    }

    public void requestEnded() {
        inProgress.decrementAndGet();
    }

    /** A response with this status was written. */
    public void responded(int status) {
        if (status >= 100 && status < 600) {
            byStatus[status].increment();
        }
    }

    public int activeConnections() {
        return activeConnections.get();
    }

    public int handlers() {
        return handlers.get();
    }

    public int inProgress() {
        return inProgress.get();
    }

    public int peakInProgress() {
        return peakInProgress.get();
    }

    /** Live virtual threads of the server: connection handlers, downstream calls, the event loop's {@code /db} calls. */
    public int virtualThreads() {
        return virtualThreads.get();
    }

    public int peakVirtualThreads() {
        return peakVirtualThreads.get();
    }

    public long accepted() {
        return accepted.sum();
    }

    public long rejected() {
        return rejected.sum();
    }

    /** Responses by status, only statuses sent at least once, ascending. */
    public Map<Integer, Long> responsesByStatus() {
        Map<Integer, Long> counts = new LinkedHashMap<>();
        for (int status = 100; status < byStatus.length; status++) {
            long count = byStatus[status].sum();
            if (count > 0) {
                counts.put(status, count);
            }
        }
        return counts;
    }

    /** The counters for {@code StatsOnStdin}. */
    public Map<String, Long> counters() {
        Map<String, Long> counters = new LinkedHashMap<>();
        counters.put("activeConnections", (long) activeConnections());
        counters.put("acceptedConnections", accepted());
        counters.put("rejectedConnections", rejected());
        counters.put("handlers", (long) handlers());
        counters.put("virtualThreads", (long) virtualThreads());
        counters.put("requestsInProgress", (long) inProgress());
        counters.put("peakRequestsInProgress", (long) peakInProgress());
        counters.put("requests", responsesByStatus().values().stream().mapToLong(Long::longValue).sum());
        return counters;
    }
}
