package io.loomarena.pitfall;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/** The JVM's platform threads (virtual threads are not counted): carriers and compensating threads show here. */
final class PlatformThreads {

    private final ThreadMXBean threads;

    private PlatformThreads(ThreadMXBean threads) {
        this.threads = threads;
    }

    /** Starts counting the peak from now. */
    static PlatformThreads resetPeak() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        threads.resetPeakThreadCount();
        return new PlatformThreads(threads);
    }

    /** The most platform threads alive at once since {@link #resetPeak()}. */
    int peak() {
        return threads.getPeakThreadCount();
    }

    /** Platform threads alive now. */
    int now() {
        return threads.getThreadCount();
    }
}
