package io.loomarena.harness.summary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

import io.loomarena.measure.ServerStats;

/**
 * The server's figures around one measured iteration: its {@code stats} answers just before and just after the
 * iteration's timed work, and the placement of the server's and client's CPUs around it. {@link ServerMetrics} reads
 * every metric of the iteration from these. Immutable.
 *
 * @param before              the server's figures just before the timed work
 * @param after               the server's figures just after it
 * @param peakRssPerRun       whether the peak RSS window was reset before the iteration (otherwise the peak covers
 *                            the server's lifetime)
 * @param crossCpuBeforeNanos the cross-CPU round trip read just before the iteration
 *                            ({@code io.loomarena.harness.fork.CrossCpuProbe}); empty when not read
 * @param crossCpuAfterNanos  the same read just after it
 * @param neighbourCpuShare   the largest share of the server's or the client's pinned CPU that other work took over
 *                            the iteration ({@code io.loomarena.harness.fork.CpuNeighbours}); empty when not read
 * @param serverKernelShare   the share of the server JVM's CPU time over the iteration spent in the kernel; empty
 *                            when not read
 * @param clientKernelShare   the same of the client JVM
 */
public record ServerResources(ServerStats before, ServerStats after, boolean peakRssPerRun,
                              OptionalDouble crossCpuBeforeNanos, OptionalDouble crossCpuAfterNanos,
                              OptionalDouble neighbourCpuShare, OptionalDouble serverKernelShare,
                              OptionalDouble clientKernelShare) {

    public ServerResources {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(crossCpuBeforeNanos, "crossCpuBeforeNanos");
        Objects.requireNonNull(crossCpuAfterNanos, "crossCpuAfterNanos");
        Objects.requireNonNull(neighbourCpuShare, "neighbourCpuShare");
        Objects.requireNonNull(serverKernelShare, "serverKernelShare");
        Objects.requireNonNull(clientKernelShare, "clientKernelShare");
    }

    /** The figures around a run, without a placement reading. */
    public ServerResources(ServerStats before, ServerStats after, boolean peakRssPerRun) {
        this(before, after, peakRssPerRun, OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                OptionalDouble.empty(), OptionalDouble.empty());
    }

    /** The figures around a run. */
    public static ServerResources between(ServerStats before, ServerStats after, boolean peakRssPerRun) {
        return new ServerResources(before, after, peakRssPerRun);
    }

    /** The same figures with the placement read just before and just after the iteration. */
    public ServerResources withCrossCpu(OptionalDouble beforeNanos, OptionalDouble afterNanos) {
        return new ServerResources(before, after, peakRssPerRun, beforeNanos, afterNanos, neighbourCpuShare,
                serverKernelShare, clientKernelShare);
    }

    /** The same figures with the share of the pinned CPUs that other work took over the iteration. */
    public ServerResources withNeighbours(OptionalDouble share) {
        return new ServerResources(before, after, peakRssPerRun, crossCpuBeforeNanos, crossCpuAfterNanos, share,
                serverKernelShare, clientKernelShare);
    }

    /** The same figures with the share of the server's and of the client's CPU time spent in the kernel. */
    public ServerResources withKernelShares(OptionalDouble server, OptionalDouble client) {
        return new ServerResources(before, after, peakRssPerRun, crossCpuBeforeNanos, crossCpuAfterNanos,
                neighbourCpuShare, server, client);
    }

    /**
     * The server model's counters before and after, by name, in the server's order; a counter missing at either end
     * is left out.
     */
    public Map<String, MeasuredRun.CounterSpan> counters() {
        Map<String, MeasuredRun.CounterSpan> spans = new LinkedHashMap<>();
        after.counters().forEach((name, value) -> {
            Long was = before.counters().get(name);
            if (was != null) {
                spans.put(name, new MeasuredRun.CounterSpan(was, value));
            }
        });
        return spans;
    }

    /**
     * The {@code server} object of each run in summaries written before metrics had labels: the iteration's growth
     * of each cumulative figure and the end figures, {@code -1} unknown. Read only, to turn into metrics. Immutable.
     */
    public record Legacy(Integer liveThreads, Integer peakThreads, Long heapUsedBytes, Long rssBytes,
                         Long peakRssBytes, Long cpuTimeNanos, Long gcCount, Long gcTimeMillis,
                         Long peakHeapUsedBytes, Long pinnedEvents, String pinnedTopStack, Long allocatedBytes) {

        /**
         * The figures as a before/after pair that the metrics read as they read a live server's: "before" counts
         * nothing, "after" holds the growth of each cumulative figure, so a growth is the old figure itself. A
         * figure the old summary did not have stays unknown.
         */
        public ServerResources asResources() {
            ServerStats before = new ServerStats(0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of(), 0, 0, "", 0);
            ServerStats after = new ServerStats(0, known(liveThreads), known(peakThreads), known(heapUsedBytes),
                    known(rssBytes), known(peakRssBytes), known(cpuTimeNanos), known(gcCount), known(gcTimeMillis),
                    Map.of(), known(peakHeapUsedBytes), known(pinnedEvents), pinnedTopStack, known(allocatedBytes));
            return new ServerResources(before, after, true);
        }

        private static int known(Integer value) {
            return value == null ? -1 : value;
        }

        private static long known(Long value) {
            return value == null ? -1 : value;
        }
    }
}
