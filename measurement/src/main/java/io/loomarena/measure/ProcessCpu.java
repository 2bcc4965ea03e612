package io.loomarena.measure;

import java.lang.management.ManagementFactory;

/**
 * This JVM process's CPU time and the CPUs it may run on: what a server reports in its {@code stats} and what a load
 * client records around each iteration, read the same way on both sides. Stateless.
 */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    /** CPU time (user + system) of every thread of this process so far, nanoseconds; {@code -1} where the JVM cannot tell. */
    public static long nanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
    }

    /**
     * The CPUs this process may run on: the JVM's available processors, which follow {@code taskset} pinning and
     * container limits, so a client pinned to one CPU of two counts one.
     */
    public static int cpus() {
        return Runtime.getRuntime().availableProcessors();
    }
}
