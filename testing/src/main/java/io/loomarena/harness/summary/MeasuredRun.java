package io.loomarena.harness.summary;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * One measured iteration: its primary result, as the client JVM reported it (elapsed time, operations, errors,
 * latency), and its labelled metrics, read from what the server JVM spent during it ({@link HarnessMetrics}).
 * Immutable.
 *
 * @param run            1-based index among all measured iterations of the combination (over every fork)
 * @param clientPid      the client JVM's process id (one per fork)
 * @param serverPid      the server JVM's process id (one per fork)
 * @param elapsedNanos   wall time of the fixed amount of work, measured by the client
 * @param operations     messages or requests completed
 * @param throughput     operations per second
 * @param errors         failures by kind, as the client counted them
 * @param latency        per-operation latency in microseconds
 * @param histogram      the client's latency histogram, compressed base64
 * @param fork           1-based fork (one fresh server JVM and one fresh client JVM) the iteration ran in
 * @param iteration      1-based index among the measured iterations of its fork
 * @param metrics        the iteration's metric values by {@link Metric#key()}, in the metric's stored unit; a metric
 *                       the server could not give is absent
 * @param pinnedTopStack the server's most frequent virtual-thread pinning stack since it started, empty when none
 * @param serverCounters the server model's own counters (connections accepted and rejected, requests, bytes echoed,
 *                       connections open...) by name, each as the server gave it just before and just after the
 *                       timed work: {@code after - before} is what a cumulative counter grew by over the iteration,
 *                       and a level such as {@code activeConnections} is read at either end; empty in summaries
 *                       written before it was kept
 */
public record MeasuredRun(int run, long clientPid, long serverPid, long elapsedNanos, long operations,
                          double throughput, Map<String, Long> errors, LatencyStats latency, String histogram,
                          int fork, int iteration, Map<String, Double> metrics, String pinnedTopStack,
                          Map<String, CounterSpan> serverCounters) {

    public MeasuredRun {
        errors = Collections.unmodifiableMap(new TreeMap<>(errors));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics == null ? Map.of() : metrics));
        pinnedTopStack = pinnedTopStack == null ? "" : pinnedTopStack;
        serverCounters = Collections.unmodifiableMap(new LinkedHashMap<>(serverCounters == null ? Map.of()
                : serverCounters));
    }

    /**
     * One of the server's counters just before and just after an iteration's timed work. Immutable.
     *
     * @param before the value before
     * @param after  the value after
     */
    public record CounterSpan(long before, long after) {
    }

    /** An iteration of the only fork, numbered {@code run}, with the server's figures around it. */
    public MeasuredRun(int run, long clientPid, long serverPid, long elapsedNanos, long operations,
                       double throughput, Map<String, Long> errors, LatencyStats latency, String histogram,
                       IterationReadings server) {
        this(run, clientPid, serverPid, elapsedNanos, operations, throughput, errors, latency, histogram, 1, run,
                HarnessMetrics.read(server.before(), server.after(), operations), server.after().pinnedTopStack(),
                server.counters());
    }

    /** Combines one iteration of a client's result with the server's figures over the same iteration. */
    public static MeasuredRun of(int run, int fork, RunResult client, RunResult.Iteration iteration, long serverPid,
                                 IterationReadings server) {
        return new MeasuredRun(run, client.pid(), serverPid, iteration.elapsedNanos(), iteration.operations(),
                iteration.throughput(), iteration.errors(), iteration.latency(), iteration.histogram(), fork,
                iteration.index(), HarnessMetrics.read(server, iteration),
                server.after().pinnedTopStack(), server.counters());
    }

    /**
     * Reads a run from a summary, of this version or of one written before metrics had labels (a {@code server}
     * object of fixed figures instead of {@code metrics}, and no {@code fork} before forks existed). The counters
     * such an object held were totals since the server started, without the figure before the iteration: they are
     * not read, so that {@code serverCounters} always means the same.
     */
    @JsonCreator
    static MeasuredRun fromJson(@JsonProperty("run") int run, @JsonProperty("clientPid") long clientPid,
                                @JsonProperty("serverPid") long serverPid,
                                @JsonProperty("elapsedNanos") long elapsedNanos,
                                @JsonProperty("operations") long operations,
                                @JsonProperty("throughput") double throughput,
                                @JsonProperty("errors") Map<String, Long> errors,
                                @JsonProperty("latency") LatencyStats latency,
                                @JsonProperty("histogram") String histogram, @JsonProperty("fork") Integer fork,
                                @JsonProperty("iteration") Integer iteration,
                                @JsonProperty("metrics") Map<String, Double> metrics,
                                @JsonProperty("pinnedTopStack") String pinnedTopStack,
                                @JsonProperty("server") IterationReadings.Legacy server,
                                @JsonProperty("serverCounters") Map<String, CounterSpan> serverCounters) {
        Map<String, Double> values = metrics;
        String stack = pinnedTopStack;
        if (values == null && server != null) {
            IterationReadings legacy = server.asReadings();
            values = HarnessMetrics.read(legacy.before(), legacy.after(), operations);
            stack = server.pinnedTopStack();
        }
        return new MeasuredRun(run, clientPid, serverPid, elapsedNanos, operations, throughput,
                errors == null ? Map.of() : errors, latency, histogram, fork == null ? 1 : fork,
                iteration == null ? run : iteration, values, stack, serverCounters);
    }

    /** All errors of every kind. */
    public long totalErrors() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
