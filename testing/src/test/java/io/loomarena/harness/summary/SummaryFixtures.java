package io.loomarena.harness.summary;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.ServerStats;

/** Summaries with fixed, made-up figures, for ranking and format tests. */
public final class SummaryFixtures {

    private SummaryFixtures() {
    }

    /** The workload every fixture measured unless told otherwise. */
    public static Map<String, Object> workload(int clients) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("clients", clients);
        workload.put("messages", 200);
        workload.put("size", 32);
        return workload;
    }

    /**
     * The server's figures around the {@code i}th run: {@code cpuNanos} of CPU, one collection of 3 ms, {@code i}
     * pinning events, peaks growing by one MiB and one byte per run, one context switch per 10 µs of CPU; before it, a
     * server that already ran a while.
     */
    public static IterationReadings server(int i, long cpuNanos) {
        ServerStats before = new ServerStats(1000, 21, 25, 40_000_000L, 80_000_000L, 100_000_000L, 7_000_000_000L,
                10, 30, Map.of("accepted", 20L * (i + 2)), 55_000_000L, 5, "", -1,
                Map.of(ServerStats.CONTEXT_SWITCHES, 900_000L));
        ServerStats after = new ServerStats(1000, 20, 30 + i, 50_000_000L, 90_000_000L, 100_000_000L + i * 1_048_576L,
                7_000_000_000L + cpuNanos, 11, 33, Map.of("accepted", 20L * (i + 3)), 60_000_000L + i, 5 + i,
                i == 0 ? "" : i + " x com.example.Pins.park:12", -1,
                Map.of(ServerStats.CONTEXT_SWITCHES, 900_000L + cpuNanos / 10_000));
        return IterationReadings.between(before, after, true);
    }

    /**
     * A summary of {@code serverLabel+clientLabel} measured in {@code forkMillis.length} forks, fork {@code f}'s
     * iterations taking {@code forkMillis[f]} milliseconds each (every fork with as many iterations).
     */
    public static BenchmarkSummary forked(String serverLabel, String clientLabel, double[]... forkMillis) {
        BenchmarkSummary plain = summary("echo", "msg", serverLabel, clientLabel, workload(20), 1);
        List<MeasuredRun> runs = new ArrayList<>();
        long operations = 4_000;
        for (int f = 0; f < forkMillis.length; f++) {
            for (int i = 0; i < forkMillis[f].length; i++) {
                long elapsed = Math.round(forkMillis[f][i] * 1_000_000L);
                MeasuredRun base = plain.runs().measured().get(0);
                runs.add(new MeasuredRun(runs.size() + 1, 2000 + f, 1000 + f, elapsed, operations,
                        operations * 1e9 / elapsed, Map.of(), base.latency(), base.histogram(), f + 1, i + 1,
                        base.metrics(), "", Map.of()));
            }
        }
        return new BenchmarkSummary(plain.suite(), plain.combination(), plain.serverModel(), plain.clientModel(),
                serverLabel, clientLabel, plain.unit(), plain.workload(),
                new Runs(forkMillis.length, 2, forkMillis[0].length, runs), Aggregate.of(runs), plain.environment());
    }

    /** {@code summary} as if its server had spent {@code nanos[i]} of CPU per operation over its {@code i}th iteration. */
    public static BenchmarkSummary withServerCpu(BenchmarkSummary summary, double... nanos) {
        return withMetric(summary, "serverCpuNanosPerOperation", nanos);
    }

    /**
     * {@code summary} as if its {@code i}th measured iteration had run its operations at {@code perSecond[i]}: for
     * tests that measure with real forks but judge on set readings.
     */
    public static BenchmarkSummary withThroughput(BenchmarkSummary summary, double... perSecond) {
        List<MeasuredRun> runs = new ArrayList<>();
        for (MeasuredRun run : summary.runs().measured()) {
            double throughput = perSecond[runs.size()];
            long elapsed = Math.round(run.operations() * 1e9 / throughput);
            runs.add(new MeasuredRun(run.run(), run.clientPid(), run.serverPid(), elapsed, run.operations(),
                    run.operations() * 1e9 / elapsed, run.errors(), run.latency(), run.histogram(), run.fork(),
                    run.iteration(), run.metrics(), run.pinnedTopStack(), run.serverCounters()));
        }
        return withRuns(summary, runs);
    }

    /** {@code summary} as if its client had used {@code shares[i]} of its CPUs over its {@code i}th measured iteration. */
    public static BenchmarkSummary withClientCpu(BenchmarkSummary summary, double... shares) {
        return withMetric(summary, HarnessMetrics.CLIENT_CPU_LOAD.key(), shares);
    }

    /**
     * {@code summary} as if the CPUs' round trip had been {@code nanos[i]} just before and just after its {@code i}th
     * measured iteration.
     */
    public static BenchmarkSummary withCrossCpu(BenchmarkSummary summary, double... nanos) {
        return withCrossCpu(summary, nanos, nanos);
    }

    /** {@code summary} as if the CPUs' round trip had been {@code before[i]}, then {@code after[i]}, around its {@code i}th iteration. */
    public static BenchmarkSummary withCrossCpu(BenchmarkSummary summary, double[] before, double[] after) {
        return withMetric(withMetric(summary, HarnessMetrics.CROSS_CPU_BEFORE.key(), before),
                HarnessMetrics.CROSS_CPU_AFTER.key(), after);
    }

    /** {@code summary} as if other work had taken {@code shares[i]} of a pinned CPU over its {@code i}th iteration. */
    public static BenchmarkSummary withNeighbours(BenchmarkSummary summary, double... shares) {
        return withMetric(summary, HarnessMetrics.NEIGHBOUR_CPU_SHARE.key(), shares);
    }

    /** {@code summary} with metric {@code key} of its {@code i}th measured iteration set to {@code values[i]}. */
    private static BenchmarkSummary withMetric(BenchmarkSummary summary, String key, double... values) {
        List<MeasuredRun> runs = new ArrayList<>();
        for (MeasuredRun run : summary.runs().measured()) {
            Map<String, Double> metrics = new LinkedHashMap<>(run.metrics());
            metrics.put(key, values[runs.size()]);
            runs.add(new MeasuredRun(run.run(), run.clientPid(), run.serverPid(), run.elapsedNanos(), run.operations(),
                    run.throughput(), run.errors(), run.latency(), run.histogram(), run.fork(), run.iteration(),
                    metrics, run.pinnedTopStack(), run.serverCounters()));
        }
        return withRuns(summary, runs);
    }

    /** {@code summary} with {@code runs} as its measured iterations, and their aggregate. */
    private static BenchmarkSummary withRuns(BenchmarkSummary summary, List<MeasuredRun> runs) {
        Runs shape = summary.runs();
        return new BenchmarkSummary(summary.suite(), summary.combination(), summary.serverModel(),
                summary.clientModel(), summary.serverLabel(), summary.clientLabel(), summary.unit(),
                summary.workload(), new Runs(shape.forks(), shape.warmupIterations(), shape.iterations(), runs),
                Aggregate.of(runs), summary.environment());
    }

    /** A summary of {@code serverLabel+clientLabel} whose three runs took the given milliseconds each. */
    public static BenchmarkSummary summary(String suite, String unit, String serverLabel, String clientLabel,
                                           Map<String, Object> workload, long... runMillis) {
        List<MeasuredRun> runs = new ArrayList<>();
        long operations = 4_000;
        for (int i = 0; i < runMillis.length; i++) {
            long elapsed = runMillis[i] * 1_000_000L;
            Histogram histogram = LatencyHistograms.newHistogram();
            for (int v = 1; v <= 100; v++) {
                histogram.recordValue(v * runMillis[i]);
            }
            runs.add(new MeasuredRun(i + 1, 2000 + i, 1000, elapsed, operations, operations * 1e9 / elapsed,
                    Map.of(), LatencyStats.of(histogram), LatencyHistograms.encode(histogram),
                    server(i, runMillis[i] * 500_000L)));
        }
        Environment environment = new Environment("21.0.5", "Eclipse Adoptium", "OpenJDK 64-Bit Server VM 21.0.5",
                "/jdk/bin/java", List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC"),
                List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC"), "Linux 6.1.0 amd64", 2, "server=0, client=1", true,
                List.of(), "0.50 0.40 0.30", "0123456789abcdef0123456789abcdef01234567", "2025-01-01T00:00:00Z");
        return new BenchmarkSummary(suite, serverLabel + "+" + clientLabel, serverLabel.split("_")[0].toLowerCase(),
                clientLabel.split("_")[0].toLowerCase(), serverLabel, clientLabel, unit, workload,
                new Runs(1, 2, runs.size(), runs), Aggregate.of(runs), environment);
    }
}
