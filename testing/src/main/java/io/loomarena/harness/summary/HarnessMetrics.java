package io.loomarena.harness.summary;

import static io.loomarena.harness.summary.Metric.Reading.atEnd;
import static io.loomarena.harness.summary.Metric.Reading.growth;
import static io.loomarena.harness.summary.Metric.Reading.growthPerOperation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

import io.loomarena.echo.server.EchoCounters;
import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.harness.summary.Metric.Reading;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.ServerStats;

/**
 * Every metric of a measured iteration besides its primary result, the one place a metric is defined, whether the
 * server reports it (its {@code stats}), the harness reads it around the iteration ({@link IterationReadings}) or the
 * client measures it: the summary stores each by its key; the Markdown table, the CSV and the report's table of every
 * figure give each with a column its columns, in this order. Sizes are stored in bytes, times in nanoseconds (GC time
 * in milliseconds, as the JVM counts it). Not the HTTP server's own {@code io.loomarena.http.server.ServerMetrics}.
 * Stateless.
 */
public final class HarnessMetrics {

    private static final double MIB = 1024.0 * 1024.0;
    /** A share from 0 to 1 shown as a percentage. */
    private static final double PERCENT = 0.01;

    /**
     * The share of its CPUs that the load client's process used over a measured iteration: its CPU time over the
     * iteration divided by the iteration's wall time and by the CPUs it may run on, measured by the client itself
     * ({@code RunResult.Iteration#clientCpuLoad}), not from the server's {@code stats}. The largest over the measured
     * iterations: one iteration in which the client saturated its CPU is enough for the row to say so. Shown by the
     * ranking with the {@link #CLIENT_BOUND} verdict rather than through its own columns.
     */
    public static final Metric CLIENT_CPU_LOAD = Metric.named("clientCpuLoad").lowerIsBetter("share of its CPUs")
            .read(Reading.byClient()).aggregated(Aggregator.MAX)
            .noColumn("the ranking's client CPU column shows it with the client-bound verdict")
            .csv("client_cpu_share", 1, "%.3f").build();

    /**
     * From this share of its CPUs over a measured iteration on, the client, not the server, is what a row's
     * throughput measures ("client-bound"): a client that needs its whole CPU cannot send faster, whatever the server.
     */
    public static final double CLIENT_BOUND = 0.9;

    /**
     * How far apart the server's and the client's CPUs were just before a measured iteration: the round trip of a
     * cache line between them ({@code io.loomarena.harness.fork.CrossCpuProbe}), in nanoseconds. On a virtual machine
     * the host moves the two CPUs nearer and farther apart, and loopback costs more kernel time per message when they
     * are far apart, for every model alike; the A/B gate compares iterations measured in the same placement
     * ({@code io.loomarena.harness.gate.Placements}). Read by the harness, not from the server's {@code stats}; absent
     * where no probe ran. The largest over the measured iterations.
     */
    public static final Metric CROSS_CPU_BEFORE = Metric.named("crossCpuRoundTripNanosBefore").lowerIsBetter("ns")
            .read(Reading.byHarness(IterationReadings::crossCpuBeforeNanos)).aggregated(Aggregator.MAX)
            .noColumn("the placement line under the ranking says which iterations it judged").build();

    /** The same as {@link #CROSS_CPU_BEFORE}, read just after the iteration. */
    public static final Metric CROSS_CPU_AFTER = Metric.named("crossCpuRoundTripNanosAfter").lowerIsBetter("ns")
            .read(Reading.byHarness(IterationReadings::crossCpuAfterNanos)).aggregated(Aggregator.MAX)
            .noColumn("the placement line under the ranking says which iterations it judged").build();

    /**
     * The largest share of the server's or the client's pinned CPU that other work took over a measured iteration (a
     * neighbour, the host's steal; {@code io.loomarena.harness.fork.CpuNeighbours}), 0 to 1. Read by the harness, not
     * from the server's {@code stats}; absent where the roles are not pinned to two CPUs of a Linux machine. The
     * largest over the measured iterations: from {@link #DISTURBED} on, the ranking does not order the row against any
     * other and the A/B gate sets the iteration aside.
     */
    public static final Metric NEIGHBOUR_CPU_SHARE = Metric.named("neighbourCpuShare")
            .lowerIsBetter("share of a pinned CPU").read(Reading.byHarness(IterationReadings::neighbourCpuShare))
            .aggregated(Aggregator.MAX)
            .noColumn("the disturbed note under the ranking names the rows and the largest share").build();

    /**
     * The share of the server JVM's CPU time over a measured iteration that ran in the kernel (system time over user
     * plus system time, {@code /proc/PID/stat}; {@code io.loomarena.harness.fork.CpuNeighbours}), 0 to 1. Read by
     * the harness, where it reads {@link #NEIGHBOUR_CPU_SHARE}. On loopback most of a message's cost is the kernel's,
     * and the placement of the two CPUs moves that part (docs/methodology.md, "Why forks differ"). The mean over the
     * measured iterations.
     */
    public static final Metric SERVER_KERNEL_SHARE = Metric.named("serverKernelShare")
            .lowerIsBetter("share of its CPU time")
            .read(Reading.byHarness(around -> kernelShare(around, CpuNeighbours.KernelShares::server)))
            .aggregated(Aggregator.MEAN).column("server kernel %", PERCENT, "%.1f").build();

    /** The same as {@link #SERVER_KERNEL_SHARE}, of the client JVM (the first, where there are several). */
    public static final Metric CLIENT_KERNEL_SHARE = Metric.named("clientKernelShare")
            .lowerIsBetter("share of its CPU time")
            .read(Reading.byHarness(around -> kernelShare(around, CpuNeighbours.KernelShares::client)))
            .aggregated(Aggregator.MEAN).column("client kernel %", PERCENT, "%.1f").build();

    /**
     * From this share of a pinned CPU taken by other work over a measured iteration on, the iteration is disturbed:
     * 10% is three times what an idle machine reads and under half of what a busy loop at a 50% duty cycle takes.
     */
    public static final double DISTURBED = 0.10;

    /**
     * The server's CPU time per operation over a measured iteration: what the A/B gate judges beside throughput, and,
     * with the client's, what tells an iteration the host slowed beneath both roles ({@link CpuPlacement}).
     */
    public static final Metric SERVER_CPU_PER_OPERATION = Metric.named("serverCpuNanosPerOperation")
            .lowerIsBetter("ns").read(growthPerOperation(ServerStats::cpuTimeNanos)).aggregated(Aggregator.MEAN)
            .column("server CPU µs/{unit}", 1e3, "%.2f").csv("server_cpu_us_per_op", 1e3, "%.3f")
            .console("cpu", 1e3, "%.2f", " us/{unit}").inVerdictTable().build();

    /** The server's CPU time per iteration: the open-model ranking's CPU column. */
    public static final Metric SERVER_CPU_PER_ITERATION = Metric.named("serverCpuNanosPerIteration")
            .lowerIsBetter("ns").read(growth(ServerStats::cpuTimeNanos)).aggregated(Aggregator.MEAN)
            .column("server CPU ms/iteration", 1e6, "%.1f").csv("server_cpu_ms_per_run", 1e6, "%.1f").build();

    /** The server's live platform threads at their peak: the open-model ranking's threads column. */
    public static final Metric SERVER_PEAK_THREADS = Metric.named("serverPeakThreads").lowerIsBetter("threads")
            .read(atEnd(ServerStats::peakThreads)).aggregated(Aggregator.MAX)
            .column("peak threads", 1, "%d").csv("server_peak_threads", 1, "%d")
            .console("peak-threads", 1, "%d", "").build();

    /** Every metric, in the order of the ranking table's columns. */
    public static final List<Metric> ALL = List.of(
            SERVER_CPU_PER_OPERATION,
            SERVER_CPU_PER_ITERATION,
            SERVER_PEAK_THREADS,
            Metric.named("serverThreadsAfter").lowerIsBetter("threads").read(atEnd(ServerStats::liveThreads))
                    .aggregated(Aggregator.MAX).column("threads after", 1, "%d")
                    .csv("server_threads_after", 1, "%d").build(),
            Metric.named("serverPeakRssBytes").lowerIsBetter("bytes").read(atEnd(ServerStats::peakRssBytes))
                    .aggregated(Aggregator.MAX).column("peak RSS MiB", MIB, "%.1f")
                    .csv("server_peak_rss_bytes", 1, "%d").console("peak-rss", MIB, "%.1f", " MiB").build(),
            Metric.named("serverRssBytesAfter").lowerIsBetter("bytes").read(atEnd(ServerStats::rssBytes))
                    .aggregated(Aggregator.MAX).column("RSS after MiB", MIB, "%.1f")
                    .csv("server_rss_after_bytes", 1, "%d").build(),
            Metric.named("serverPeakHeapUsedBytes").lowerIsBetter("bytes")
                    .read(atEnd(ServerStats::peakHeapUsedBytes)).aggregated(Aggregator.MAX)
                    .column("peak heap MiB", MIB, "%.1f").csv("server_peak_heap_used_bytes", 1, "%d").build(),
            Metric.named("serverHeapUsedBytesAfter").lowerIsBetter("bytes").read(atEnd(ServerStats::heapUsedBytes))
                    .aggregated(Aggregator.MAX).column("heap after MiB", MIB, "%.1f")
                    .csv("server_heap_used_bytes", 1, "%d").build(),
            Metric.named("serverGcCount").lowerIsBetter("collections").read(growth(ServerStats::gcCount))
                    .aggregated(Aggregator.SUM).column("GC count", 1, "%d").csv("server_gc_count", 1, "%d").build(),
            Metric.named("serverGcMillis").lowerIsBetter("ms").read(growth(ServerStats::gcTimeMillis))
                    .aggregated(Aggregator.SUM).column("GC ms", 1, "%d").csv("server_gc_ms", 1, "%d").build(),
            Metric.named("serverPinnedEvents").lowerIsBetter("events").read(growth(ServerStats::pinnedEvents))
                    .aggregated(Aggregator.SUM).column("pinned", 1, "%d").csv("server_pinned_events", 1, "%d")
                    .console("pinned", 1, "%d", "").build(),
            Metric.named("serverAllocatedBytesPerOperation").lowerIsBetter("bytes")
                    .read(growthPerOperation(ServerStats::allocatedBytes)).aggregated(Aggregator.MEAN)
                    .noColumn("JFR's allocation sampling is too coarse for a column; kept to compare runs").build(),
            Metric.named("serverContextSwitchesPerOperation").lowerIsBetter("switches")
                    .read(growthPerOperation(Reading.named(ServerStats.CONTEXT_SWITCHES)))
                    .aggregated(Aggregator.MEAN).column("server context switches/{unit}", 1, "%.2f")
                    .csv("server_context_switches_per_op", 1, "%.4f").inVerdictTable().build(),
            Metric.named("serverJitMillis").lowerIsBetter("ms")
                    .read(growth(Reading.named(ServerStats.JIT_MILLIS))).aggregated(Aggregator.SUM)
                    .noColumn("whether the JIT still compiled during the iteration, to tell a JVM not yet warm")
                    .build(),
            Metric.named("serverNettyEpoll").higherIsBetter("flag")
                    .read(atEnd(Reading.counter(EchoCounters.NETTY_EPOLL))).aggregated(Aggregator.MAX)
                    .noColumn("which transport the netty model ran on (1 epoll, 0 NIO); absent for other models")
                    .build(),
            CLIENT_CPU_LOAD, CROSS_CPU_BEFORE, CROSS_CPU_AFTER, NEIGHBOUR_CPU_SHARE, SERVER_KERNEL_SHARE,
            CLIENT_KERNEL_SHARE);

    private HarnessMetrics() {
    }

    /** The metric stored under {@code key}, if any. */
    public static Optional<Metric> byKey(String key) {
        return ALL.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    /** One measured iteration's values by key; a metric that could not be read is left out. */
    public static Map<String, Double> read(Metric.Sample sample) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Metric metric : ALL) {
            metric.reading().read(sample).ifPresent(value -> values.put(metric.key(), value));
        }
        return values;
    }

    /** The server's figures only, around an iteration of {@code operations} (summaries of older versions, tests). */
    public static Map<String, Double> read(ServerStats before, ServerStats after, long operations) {
        return read(new Metric.Sample(IterationReadings.between(before, after, true), operations,
                OptionalDouble.empty()));
    }

    /** One measured iteration's values: what the harness read around it, and the client's own figures. */
    public static Map<String, Double> read(IterationReadings around, RunResult.Iteration client) {
        return read(new Metric.Sample(around, client.operations(), client.clientCpuLoad() == null
                ? OptionalDouble.empty() : OptionalDouble.of(client.clientCpuLoad())));
    }

    private static OptionalDouble kernelShare(IterationReadings around,
                                              ToDoubleFunction<CpuNeighbours.KernelShares> which) {
        return CpuNeighbours.kernelShares(around.cpusBefore(), around.cpusAfter())
                .map(shares -> OptionalDouble.of(which.applyAsDouble(shares))).orElse(OptionalDouble.empty());
    }

    /**
     * The combination's figure of every metric that each of {@code runs} has, by key: a metric that one iteration
     * lacks is left out (absent, never a partial figure).
     */
    public static Map<String, MetricValue> aggregate(List<MeasuredRun> runs) {
        Map<String, MetricValue> figures = new LinkedHashMap<>();
        for (Metric metric : ALL) {
            if (!runs.isEmpty() && runs.stream().allMatch(run -> run.metrics().containsKey(metric.key()))) {
                double[] values = runs.stream().mapToDouble(run -> run.metrics().get(metric.key())).toArray();
                figures.put(metric.key(), metric.aggregator().of(values));
            }
        }
        return figures;
    }
}
