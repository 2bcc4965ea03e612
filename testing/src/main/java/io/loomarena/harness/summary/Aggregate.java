package io.loomarena.harness.summary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;

/**
 * The figures of a combination over its measured iterations, all forks together: the average elapsed time is what the
 * ranking sorts by, and its interval takes the level that varies into account ({@link MeanInterval#of95(List)}): at
 * least Student's t over every measured iteration (JMH's score error), widened to the hierarchical bootstrap over forks
 * then iterations where the forks differ more than the iterations inside a fork (JIT decisions, heap layout and what
 * the machine did differ from JVM to JVM).
 * Throughput is {@code operationsPerRun / averageElapsed}, so that it and the average always agree; the other
 * throughputs are per run. Latency comes from the measured runs' histograms added together. These are the primary
 * result; the server's figures are labelled metrics beside it. Immutable.
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
 * @param metrics             every metric that each measured run has, by {@link Metric#key()}, each combined by its
 *                            own {@link Aggregator} ({@link HarnessMetrics}); a metric some run lacks is absent
 * @param pinnedTopStack      the server's most frequent virtual-thread pinning stack (the last run's), empty when none
 */
public record Aggregate(long operationsPerRun, double averageElapsedNanos, double medianElapsedNanos,
                        long minElapsedNanos, long maxElapsedNanos, double stdDevElapsedNanos,
                        ConfidenceInterval elapsedCi95Nanos, double throughput, double medianThroughput,
                        double minThroughput, double maxThroughput, LatencyStats latency, long totalErrors,
                        Map<String, MetricValue> metrics, String pinnedTopStack) {

    public Aggregate {
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics == null ? Map.of() : metrics));
        pinnedTopStack = pinnedTopStack == null ? "" : pinnedTopStack;
    }

    /** The figure of {@code metric}, or {@code null} when a measured run lacks it. */
    public MetricValue metric(Metric metric) {
        return metrics.get(metric.key());
    }

    /** These primary figures with the metrics of {@code runs} (a summary written before metrics had labels). */
    Aggregate withMetricsOf(List<MeasuredRun> runs) {
        return new Aggregate(operationsPerRun, averageElapsedNanos, medianElapsedNanos, minElapsedNanos,
                maxElapsedNanos, stdDevElapsedNanos, elapsedCi95Nanos, throughput, medianThroughput, minThroughput,
                maxThroughput, latency, totalErrors, HarnessMetrics.aggregate(runs), topStack(runs));
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
                Descriptive.sampleStdDev(elapsed), MeanInterval.of95(byFork(runs)).orElse(null),
                average == 0 ? 0 : operations * 1e9 / average, Descriptive.median(throughputs),
                java.util.Arrays.stream(throughputs).min().orElseThrow(),
                java.util.Arrays.stream(throughputs).max().orElseThrow(),
                mergedLatency(runs), runs.stream().mapToLong(MeasuredRun::totalErrors).sum(),
                HarnessMetrics.aggregate(runs), topStack(runs));
    }

    /** The runs' elapsed times, one array per fork, in the order the forks first appear. */
    static List<double[]> byFork(List<MeasuredRun> runs) {
        Map<Integer, List<MeasuredRun>> forks = new LinkedHashMap<>();
        runs.forEach(run -> forks.computeIfAbsent(run.fork(), f -> new java.util.ArrayList<>()).add(run));
        return forks.values().stream().map(fork -> fork.stream().mapToDouble(MeasuredRun::elapsedNanos).toArray())
                .toList();
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

    private static String topStack(List<MeasuredRun> runs) {
        return runs.isEmpty() ? "" : runs.get(runs.size() - 1).pinnedTopStack();
    }
}
