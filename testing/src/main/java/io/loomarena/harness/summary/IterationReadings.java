package io.loomarena.harness.summary;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.measure.ServerStats;

/**
 * What the harness read around one measured iteration: the server's {@code stats} answers just before and just after
 * the iteration's timed work, and the harness's own readings around it (the placement of the server's and client's
 * CPUs, the pinned CPUs' and the JVMs' times). {@link HarnessMetrics} reads every metric of the iteration from these:
 * a metric derived from them is defined there alone. Immutable.
 *
 * @param before              the server's figures just before the timed work
 * @param after               the server's figures just after it
 * @param peakRssPerRun       whether the peak RSS window was reset before the iteration (otherwise the peak covers
 *                            the server's lifetime)
 * @param crossCpuBeforeNanos the cross-CPU round trip read just before the iteration
 *                            ({@code io.loomarena.harness.fork.CrossCpuProbe}); empty when not read
 * @param crossCpuAfterNanos  the same read just after it
 * @param cpusBefore          the pinned CPUs' and the benchmark's JVMs' times just before the iteration
 *                            ({@link CpuNeighbours}); empty when not read
 * @param cpusAfter           the same just after it
 */
public record IterationReadings(ServerStats before, ServerStats after, boolean peakRssPerRun,
                                OptionalDouble crossCpuBeforeNanos, OptionalDouble crossCpuAfterNanos,
                                Optional<CpuNeighbours.Snapshot> cpusBefore,
                                Optional<CpuNeighbours.Snapshot> cpusAfter) {

    public IterationReadings {
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
        Objects.requireNonNull(crossCpuBeforeNanos, "crossCpuBeforeNanos");
        Objects.requireNonNull(crossCpuAfterNanos, "crossCpuAfterNanos");
        Objects.requireNonNull(cpusBefore, "cpusBefore");
        Objects.requireNonNull(cpusAfter, "cpusAfter");
    }

    /** The server's figures around an iteration, without a reading of the harness's own. */
    public static IterationReadings between(ServerStats before, ServerStats after, boolean peakRssPerRun) {
        return new IterationReadings(before, after, peakRssPerRun, OptionalDouble.empty(), OptionalDouble.empty(),
                Optional.empty(), Optional.empty());
    }

    /** The same figures with the placement read just before and just after the iteration. */
    public IterationReadings withCrossCpu(OptionalDouble beforeNanos, OptionalDouble afterNanos) {
        return new IterationReadings(before, after, peakRssPerRun, beforeNanos, afterNanos, cpusBefore, cpusAfter);
    }

    /** The same figures with the pinned CPUs' and the JVMs' times read just before and just after the iteration. */
    public IterationReadings withCpus(Optional<CpuNeighbours.Snapshot> from, Optional<CpuNeighbours.Snapshot> to) {
        return new IterationReadings(before, after, peakRssPerRun, crossCpuBeforeNanos, crossCpuAfterNanos, from, to);
    }

    /** The largest share of a pinned CPU that other work took over the iteration ({@link CpuNeighbours#share}). */
    public OptionalDouble neighbourCpuShare() {
        return CpuNeighbours.share(cpusBefore, cpusAfter);
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
        public IterationReadings asReadings() {
            ServerStats before = new ServerStats(0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of(), 0, 0, "", 0);
            ServerStats after = new ServerStats(0, known(liveThreads), known(peakThreads), known(heapUsedBytes),
                    known(rssBytes), known(peakRssBytes), known(cpuTimeNanos), known(gcCount), known(gcTimeMillis),
                    Map.of(), known(peakHeapUsedBytes), known(pinnedEvents), pinnedTopStack, known(allocatedBytes));
            return between(before, after, true);
        }

        private static int known(Integer value) {
            return value == null ? -1 : value;
        }

        private static long known(Long value) {
            return value == null ? -1 : value;
        }
    }
}
