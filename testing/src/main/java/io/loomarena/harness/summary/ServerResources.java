package io.loomarena.harness.summary;

import java.util.Map;

import io.loomarena.measure.ServerStats;

/**
 * What one measured iteration cost the server, from its {@code stats} answers just before and just after the run. CPU and
 * GC figures are the differences over the run; threads, heap and RSS are read at the end of the run; peaks cover the
 * run (peak RSS only when {@code peakRssPerRun}, otherwise the server's lifetime). Sizes in bytes, {@code -1} when the
 * OS does not provide the figure. Immutable.
 *
 * @param liveThreads   live platform threads at the end of the run
 * @param peakThreads   peak live platform threads during the run
 * @param heapUsedBytes heap in use at the end of the run
 * @param rssBytes      resident set size at the end of the run
 * @param peakRssBytes  peak resident set size (see {@code peakRssPerRun})
 * @param peakRssPerRun whether the peak RSS window was reset before the run
 * @param cpuTimeNanos  server process CPU time spent during the run (user + system)
 * @param gcCount       collections during the run
 * @param gcTimeMillis  collection time during the run
 * @param counters      the server's model counters at the end of the run (cumulative since start)
 * @param peakHeapUsedBytes heap in use at its peak during the run (sum of the heap pools' peaks), {@code -1} unknown
 * @param pinnedEvents  virtual-thread pinning events (JFR {@code jdk.VirtualThreadPinned}) during the run, {@code -1}
 *                      unknown; JFR delivers them about once a second, so the last second of a run may count in the
 *                      next run
 * @param pinnedTopStack the server's most frequent pinning stack since it started, empty when none
 * @param allocatedBytes heap bytes the server allocated during the run, {@code -1} unknown
 */
public record ServerResources(int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes, long peakRssBytes,
                              boolean peakRssPerRun, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                              Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents,
                              String pinnedTopStack, long allocatedBytes) {

    public ServerResources {
        counters = Map.copyOf(counters == null ? Map.of() : counters);
        pinnedTopStack = pinnedTopStack == null ? "" : pinnedTopStack;
    }

    /** The figures without the allocation count (unknown, {@code -1}). */
    public ServerResources(int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes, long peakRssBytes,
                           boolean peakRssPerRun, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                           Map<String, Long> counters, long peakHeapUsedBytes, long pinnedEvents,
                           String pinnedTopStack) {
        this(liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, peakRssPerRun, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, peakHeapUsedBytes, pinnedEvents, pinnedTopStack, -1);
    }

    /** The figures without peak heap and pinning (both unknown, {@code -1}). */
    public ServerResources(int liveThreads, int peakThreads, long heapUsedBytes, long rssBytes, long peakRssBytes,
                           boolean peakRssPerRun, long cpuTimeNanos, long gcCount, long gcTimeMillis,
                           Map<String, Long> counters) {
        this(liveThreads, peakThreads, heapUsedBytes, rssBytes, peakRssBytes, peakRssPerRun, cpuTimeNanos, gcCount,
                gcTimeMillis, counters, -1, -1, "");
    }

    /** The cost of a run from the figures before and after it. */
    public static ServerResources between(ServerStats before, ServerStats after, boolean peakRssPerRun) {
        long cpu = before.cpuTimeNanos() < 0 || after.cpuTimeNanos() < 0 ? -1
                : after.cpuTimeNanos() - before.cpuTimeNanos();
        return new ServerResources(after.liveThreads(), after.peakThreads(), after.heapUsedBytes(), after.rssBytes(),
                after.peakRssBytes(), peakRssPerRun, cpu, after.gcCount() - before.gcCount(),
                after.gcTimeMillis() - before.gcTimeMillis(), after.counters(), after.peakHeapUsedBytes(),
                before.pinnedEvents() < 0 || after.pinnedEvents() < 0 ? -1
                        : after.pinnedEvents() - before.pinnedEvents(), after.pinnedTopStack(),
                before.allocatedBytes() < 0 || after.allocatedBytes() < 0 ? -1
                        : after.allocatedBytes() - before.allocatedBytes());
    }
}
