package io.loomarena.harness.summary;

import static io.loomarena.harness.summary.Metric.Reading.atEnd;
import static io.loomarena.harness.summary.Metric.Reading.growth;
import static io.loomarena.harness.summary.Metric.Reading.growthPerOperation;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import io.loomarena.echo.server.EchoCounters;
import io.loomarena.harness.summary.Metric.Shown;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.ServerStats;

/**
 * Every metric of a measured iteration besides its primary result: the one place a metric is defined. The summary
 * stores each by its key, the ranking table gives each its columns in this order, and the report shows those marked
 * for it. Sizes are stored in bytes, times in nanoseconds (GC time in milliseconds, as the JVM counts it). Stateless.
 */
public final class ServerMetrics {

    private static final double MIB = 1024.0 * 1024.0;

    /**
     * The share of its CPUs that the load client's process used over a measured iteration: its CPU time over the
     * iteration divided by the iteration's wall time and by the CPUs it may run on, measured by the client itself
     * ({@code RunResult.Iteration#clientCpuLoad}), not from the server's {@code stats}. The largest over the measured
     * iterations: one iteration in which the client saturated its CPU is enough for the row to say so. Shown by the
     * ranking with the {@link #CLIENT_BOUND} verdict rather than through its own columns.
     */
    public static final Metric CLIENT_CPU_LOAD = new Metric("clientCpuLoad", "share of its CPUs", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MAX, null,
            new Shown("client_cpu_share", 1, "%.3f"), null, false);

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
    public static final Metric CROSS_CPU_BEFORE = new Metric("crossCpuRoundTripNanosBefore", "ns", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MAX, null, null, null, false);

    /** The same as {@link #CROSS_CPU_BEFORE}, read just after the iteration. */
    public static final Metric CROSS_CPU_AFTER = new Metric("crossCpuRoundTripNanosAfter", "ns", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MAX, null, null, null, false);

    /**
     * The largest share of the server's or the client's pinned CPU that other work took over a measured iteration (a
     * neighbour, the host's steal; {@code io.loomarena.harness.fork.CpuNeighbours}), 0 to 1. Read by the harness, not
     * from the server's {@code stats}; absent where the roles are not pinned to two CPUs of a Linux machine. The
     * largest over the measured iterations: from {@link #DISTURBED} on, the ranking does not order the row against any
     * other and the A/B gate sets the iteration aside.
     */
    public static final Metric NEIGHBOUR_CPU_SHARE = new Metric("neighbourCpuShare", "share of a pinned CPU", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MAX, null, null, null, false);

    /**
     * The share of the server JVM's CPU time over a measured iteration that ran in the kernel (system time over user
     * plus system time, {@code /proc/PID/stat}; {@code io.loomarena.harness.fork.CpuNeighbours}), 0 to 1. Read by
     * the harness, where it reads {@link #NEIGHBOUR_CPU_SHARE}. On loopback most of a message's cost is the kernel's,
     * and the placement of the two CPUs moves that part (docs/methodology.md, "Why forks differ"). The mean over the
     * measured iterations.
     */
    public static final Metric SERVER_KERNEL_SHARE = new Metric("serverKernelShare", "share of its CPU time", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MEAN, null, null, null, false);

    /** The same as {@link #SERVER_KERNEL_SHARE}, of the client JVM (the first, where there are several). */
    public static final Metric CLIENT_KERNEL_SHARE = new Metric("clientKernelShare", "share of its CPU time", true,
            (before, after, operations) -> OptionalDouble.empty(), Aggregator.MEAN, null, null, null, false);

    /**
     * From this share of a pinned CPU taken by other work over a measured iteration on, the iteration is disturbed:
     * 10% is three times what an idle machine reads and under half of what a busy loop at a 50% duty cycle takes.
     */
    public static final double DISTURBED = 0.10;

    /**
     * The server's CPU time per operation over a measured iteration: what the A/B gate judges beside throughput, and,
     * with the client's, what tells an iteration the host slowed beneath both roles ({@link CpuPlacement}).
     */
    public static final Metric SERVER_CPU_PER_OPERATION = new Metric("serverCpuNanosPerOperation", "ns", true,
            growthPerOperation(ServerStats::cpuTimeNanos), Aggregator.MEAN,
            new Shown("server CPU µs/{unit}", 1e3, "%.2f"), new Shown("server_cpu_us_per_op", 1e3, "%.3f"),
            new Shown("cpu", 1e3, "%.2f", " us/{unit}"), true);

    /** Every metric, in the order of the ranking table's columns. */
    public static final List<Metric> ALL = List.of(
            SERVER_CPU_PER_OPERATION,
            new Metric("serverCpuNanosPerIteration", "ns", true, growth(ServerStats::cpuTimeNanos), Aggregator.MEAN,
                    new Shown("server CPU ms/iteration", 1e6, "%.1f"), new Shown("server_cpu_ms_per_run", 1e6, "%.1f"),
                    null, false),
            new Metric("serverPeakThreads", "threads", true, atEnd(ServerStats::peakThreads), Aggregator.MAX,
                    new Shown("peak threads", 1, "%d"), new Shown("server_peak_threads", 1, "%d"),
                    new Shown("peak-threads", 1, "%d"), false),
            new Metric("serverThreadsAfter", "threads", true, atEnd(ServerStats::liveThreads), Aggregator.MAX,
                    new Shown("threads after", 1, "%d"), new Shown("server_threads_after", 1, "%d"), null, false),
            new Metric("serverPeakRssBytes", "bytes", true, atEnd(ServerStats::peakRssBytes), Aggregator.MAX,
                    new Shown("peak RSS MiB", MIB, "%.1f"), new Shown("server_peak_rss_bytes", 1, "%d"),
                    new Shown("peak-rss", MIB, "%.1f", " MiB"), false),
            new Metric("serverRssBytesAfter", "bytes", true, atEnd(ServerStats::rssBytes), Aggregator.MAX,
                    new Shown("RSS after MiB", MIB, "%.1f"), new Shown("server_rss_after_bytes", 1, "%d"), null,
                    false),
            new Metric("serverPeakHeapUsedBytes", "bytes", true, atEnd(ServerStats::peakHeapUsedBytes),
                    Aggregator.MAX, new Shown("peak heap MiB", MIB, "%.1f"),
                    new Shown("server_peak_heap_used_bytes", 1, "%d"), null, false),
            new Metric("serverHeapUsedBytesAfter", "bytes", true, atEnd(ServerStats::heapUsedBytes), Aggregator.MAX,
                    new Shown("heap after MiB", MIB, "%.1f"), new Shown("server_heap_used_bytes", 1, "%d"), null,
                    false),
            new Metric("serverGcCount", "collections", true, growth(ServerStats::gcCount), Aggregator.SUM,
                    new Shown("GC count", 1, "%d"), new Shown("server_gc_count", 1, "%d"), null, false),
            new Metric("serverGcMillis", "ms", true, growth(ServerStats::gcTimeMillis), Aggregator.SUM,
                    new Shown("GC ms", 1, "%d"), new Shown("server_gc_ms", 1, "%d"), null, false),
            new Metric("serverPinnedEvents", "events", true, growth(ServerStats::pinnedEvents), Aggregator.SUM,
                    new Shown("pinned", 1, "%d"), new Shown("server_pinned_events", 1, "%d"),
                    new Shown("pinned", 1, "%d"), false),
            new Metric("serverAllocatedBytesPerOperation", "bytes", true,
                    growthPerOperation(ServerStats::allocatedBytes), Aggregator.MEAN, null, null, null, false),
            new Metric("serverContextSwitchesPerOperation", "switches", true,
                    growthPerOperation(Metric.Reading.named(ServerStats.CONTEXT_SWITCHES)), Aggregator.MEAN,
                    new Shown("server context switches/{unit}", 1, "%.2f"),
                    new Shown("server_context_switches_per_op", 1, "%.4f"), null, true),
            // Whether the JIT still compiled during the iteration: in the summaries only, to tell a JVM not yet warm.
            new Metric("serverJitMillis", "ms", true, growth(Metric.Reading.named(ServerStats.JIT_MILLIS)),
                    Aggregator.SUM, null, null, null, false),
            // Which transport the netty model ran on (1 epoll, 0 NIO): part of its result, absent for other models.
            new Metric("serverNettyEpoll", "flag", false, atEnd(Metric.Reading.counter(EchoCounters.NETTY_EPOLL)),
                    Aggregator.MAX, null, null, null, false),
            CLIENT_CPU_LOAD, CROSS_CPU_BEFORE, CROSS_CPU_AFTER, NEIGHBOUR_CPU_SHARE, SERVER_KERNEL_SHARE,
            CLIENT_KERNEL_SHARE);

    private ServerMetrics() {
    }

    /** The metric stored under {@code key}, if any. */
    public static Optional<Metric> byKey(String key) {
        return ALL.stream().filter(metric -> metric.key().equals(key)).findFirst();
    }

    /** One measured iteration's values by key; a metric the server could not give is left out. */
    public static Map<String, Double> read(ServerStats before, ServerStats after, long operations) {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Metric metric : ALL) {
            metric.reading().read(before, after, operations).ifPresent(value -> values.put(metric.key(), value));
        }
        return values;
    }

    /**
     * One measured iteration's values: the server's ({@link #read(ServerStats, ServerStats, long)}) and the client's
     * own, from its result of the same iteration; a figure the client did not record is left out.
     */
    public static Map<String, Double> read(ServerStats before, ServerStats after, RunResult.Iteration client) {
        Map<String, Double> values = read(before, after, client.operations());
        if (client.clientCpuLoad() != null) {
            values.put(CLIENT_CPU_LOAD.key(), client.clientCpuLoad());
        }
        return values;
    }

    /**
     * One measured iteration's values ({@link #read(ServerStats, ServerStats, RunResult.Iteration)}) with the
     * placement read around it, when it was.
     */
    public static Map<String, Double> read(ServerResources server, RunResult.Iteration client) {
        Map<String, Double> values = read(server.before(), server.after(), client);
        server.crossCpuBeforeNanos().ifPresent(nanos -> values.put(CROSS_CPU_BEFORE.key(), nanos));
        server.crossCpuAfterNanos().ifPresent(nanos -> values.put(CROSS_CPU_AFTER.key(), nanos));
        server.neighbourCpuShare().ifPresent(share -> values.put(NEIGHBOUR_CPU_SHARE.key(), share));
        server.serverKernelShare().ifPresent(share -> values.put(SERVER_KERNEL_SHARE.key(), share));
        server.clientKernelShare().ifPresent(share -> values.put(CLIENT_KERNEL_SHARE.key(), share));
        return values;
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
