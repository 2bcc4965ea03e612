package io.loomarena.harness.summary;

import java.util.List;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;

/**
 * The figures of a combination over its measured iterations, all forks together: the average elapsed time is what the
 * ranking sorts by, and its interval is computed over every measured iteration of every fork, as JMH computes its
 * score error ({@link MeanInterval}): iterations of different forks enter one sample, so the spread between forks
 * (JIT decisions, heap layout and code alignment differ from JVM to JVM) widens the interval as much as the spread
 * within a fork does.
 * Throughput is {@code operationsPerRun / averageElapsed}, so that it and the average always agree; the other
 * throughputs are per run. Latency comes from the measured runs' histograms added together. Immutable.
 *
 * @param operationsPerRun    operations of one run (the fixed amount of work)
 * @param averageElapsedNanos mean elapsed time of the measured runs
 * @param medianElapsedNanos  median elapsed time
 * @param minElapsedNanos     fastest run
 * @param maxElapsedNanos     slowest run
 * @param stdDevElapsedNanos  sample standard deviation of the elapsed times
 * @param elapsedCi95Nanos    95% confidence interval of the mean elapsed time, {@code null} with fewer than 3 runs
 * @param throughput          {@code operationsPerRun / averageElapsed}, per second
 * @param medianThroughput    median of the runs' throughputs
 * @param minThroughput       lowest run throughput
 * @param maxThroughput       highest run throughput
 * @param latency             latency of every measured operation, microseconds
 * @param totalErrors         errors of every kind in all measured runs
 * @param server              the server's resources over the measured runs
 */
public record Aggregate(long operationsPerRun, double averageElapsedNanos, double medianElapsedNanos,
                        long minElapsedNanos, long maxElapsedNanos, double stdDevElapsedNanos,
                        ConfidenceInterval elapsedCi95Nanos, double throughput, double medianThroughput,
                        double minThroughput, double maxThroughput, LatencyStats latency, long totalErrors,
                        ServerAggregate server) {

    /**
     * The server's figures over all measured runs. Immutable.
     *
     * @param peakThreads        largest per-run peak of live platform threads
     * @param peakRssBytes       largest peak resident set size
     * @param heapUsedBytes      largest heap in use at the end of a run
     * @param cpuTimeNanosPerRun mean server CPU time per run
     * @param gcCount            collections in all measured runs
     * @param gcTimeMillis       collection time in all measured runs
     * @param liveThreadsAfter   largest count of live platform threads at the end of a run
     * @param peakHeapUsedBytes  largest per-run peak of heap in use, {@code -1} unknown
     * @param rssBytesAfter      largest resident set size at the end of a run, {@code -1} unknown
     * @param cpuNanosPerOperation server CPU time per operation (message, request): CPU per run / operations per run
     * @param pinnedEvents       virtual-thread pinning events in all measured runs, {@code -1} unknown
     * @param pinnedTopStack     the server's most frequent pinning stack, empty when nothing pinned
     * @param allocatedBytesPerOperation heap bytes the server allocated per operation, {@code -1} unknown
     */
    public record ServerAggregate(int peakThreads, long peakRssBytes, long heapUsedBytes, double cpuTimeNanosPerRun,
                                  long gcCount, long gcTimeMillis, int liveThreadsAfter, long peakHeapUsedBytes,
                                  long rssBytesAfter, double cpuNanosPerOperation, long pinnedEvents,
                                  String pinnedTopStack, double allocatedBytesPerOperation) {

        public ServerAggregate {
            pinnedTopStack = pinnedTopStack == null ? "" : pinnedTopStack;
        }

        /** The figures without the allocation rate (unknown, {@code -1}). */
        public ServerAggregate(int peakThreads, long peakRssBytes, long heapUsedBytes, double cpuTimeNanosPerRun,
                               long gcCount, long gcTimeMillis, int liveThreadsAfter, long peakHeapUsedBytes,
                               long rssBytesAfter, double cpuNanosPerOperation, long pinnedEvents,
                               String pinnedTopStack) {
            this(peakThreads, peakRssBytes, heapUsedBytes, cpuTimeNanosPerRun, gcCount, gcTimeMillis,
                    liveThreadsAfter, peakHeapUsedBytes, rssBytesAfter, cpuNanosPerOperation, pinnedEvents,
                    pinnedTopStack, -1);
        }

        /** The figures of summaries written before the cost figures existed (those unknown, {@code -1}). */
        public ServerAggregate(int peakThreads, long peakRssBytes, long heapUsedBytes, double cpuTimeNanosPerRun,
                               long gcCount, long gcTimeMillis) {
            this(peakThreads, peakRssBytes, heapUsedBytes, cpuTimeNanosPerRun, gcCount, gcTimeMillis, -1, -1, -1, -1,
                    -1, "");
        }
    }

    /** Aggregates measured runs (at least one). */
    public static Aggregate of(List<MeasuredRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no measured runs to aggregate");
        }
        double[] elapsed = runs.stream().mapToDouble(MeasuredRun::elapsedNanos).toArray();
        double[] throughputs = runs.stream().mapToDouble(MeasuredRun::throughput).toArray();
        long operations = runs.get(0).operations();
        double average = Descriptive.mean(elapsed);
        return new Aggregate(operations, average, Descriptive.median(elapsed),
                runs.stream().mapToLong(MeasuredRun::elapsedNanos).min().orElseThrow(),
                runs.stream().mapToLong(MeasuredRun::elapsedNanos).max().orElseThrow(),
                Descriptive.sampleStdDev(elapsed), MeanInterval.of95(elapsed).orElse(null),
                average == 0 ? 0 : operations * 1e9 / average, Descriptive.median(throughputs),
                java.util.Arrays.stream(throughputs).min().orElseThrow(),
                java.util.Arrays.stream(throughputs).max().orElseThrow(),
                mergedLatency(runs), runs.stream().mapToLong(MeasuredRun::totalErrors).sum(), server(runs));
    }

    private static LatencyStats mergedLatency(List<MeasuredRun> runs) {
        Histogram merged = LatencyHistograms.newHistogram();
        for (MeasuredRun run : runs) {
            if (run.histogram() == null || run.histogram().isEmpty()) {
                // A client that wrote no histogram: the worst per-run figures are the honest summary.
                return worstOf(runs);
            }
            merged.add(LatencyHistograms.decode(run.histogram()));
        }
        return LatencyStats.of(merged);
    }

    private static LatencyStats worstOf(List<MeasuredRun> runs) {
        return runs.stream().map(MeasuredRun::latency)
                .reduce((a, b) -> new LatencyStats(a.count() + b.count(), Math.max(a.mean(), b.mean()),
                        Math.max(a.p50(), b.p50()), Math.max(a.p90(), b.p90()), Math.max(a.p95(), b.p95()),
                        Math.max(a.p99(), b.p99()), Math.max(a.p999(), b.p999()), Math.max(a.max(), b.max())))
                .orElseThrow();
    }

    private static ServerAggregate server(List<MeasuredRun> runs) {
        double cpuPerRun = runs.stream().mapToLong(r -> r.server().cpuTimeNanos()).average().orElse(-1);
        long operations = runs.get(0).operations();
        boolean pinningKnown = runs.stream().allMatch(r -> r.server().pinnedEvents() >= 0);
        return new ServerAggregate(
                runs.stream().mapToInt(r -> r.server().peakThreads()).max().orElse(-1),
                runs.stream().mapToLong(r -> r.server().peakRssBytes()).max().orElse(-1),
                runs.stream().mapToLong(r -> r.server().heapUsedBytes()).max().orElse(-1),
                cpuPerRun,
                runs.stream().mapToLong(r -> r.server().gcCount()).sum(),
                runs.stream().mapToLong(r -> r.server().gcTimeMillis()).sum(),
                runs.stream().mapToInt(r -> r.server().liveThreads()).max().orElse(-1),
                runs.stream().mapToLong(r -> r.server().peakHeapUsedBytes()).max().orElse(-1),
                runs.stream().mapToLong(r -> r.server().rssBytes()).max().orElse(-1),
                cpuPerRun < 0 || operations <= 0 ? -1 : cpuPerRun / operations,
                pinningKnown ? runs.stream().mapToLong(r -> r.server().pinnedEvents()).sum() : -1,
                runs.get(runs.size() - 1).server().pinnedTopStack(), allocatedPerOperation(runs));
    }

    private static double allocatedPerOperation(List<MeasuredRun> runs) {
        if (runs.stream().anyMatch(r -> r.server().allocatedBytes() < 0)) {
            return -1;
        }
        long operations = runs.stream().mapToLong(MeasuredRun::operations).sum();
        return operations <= 0 ? -1
                : (double) runs.stream().mapToLong(r -> r.server().allocatedBytes()).sum() / operations;
    }
}
