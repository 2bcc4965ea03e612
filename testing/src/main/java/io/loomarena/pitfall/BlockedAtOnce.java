package io.loomarena.pitfall;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many tasks are blocked at the same moment, and the most that ever were: a pitfall's concurrency told by a
 * count, which holds on any machine, where a throughput depends on how fast the machine is. Thread-safe.
 */
final class BlockedAtOnce {

    private final AtomicInteger now = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();

    /** A task starts blocking. */
    void enter() {
        peak.accumulateAndGet(now.incrementAndGet(), Math::max);
    }

    /** The task stopped blocking. */
    void leave() {
        now.decrementAndGet();
    }

    /** The most tasks blocked at once so far. */
    int peak() {
        return peak.get();
    }
}
