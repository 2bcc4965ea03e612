package io.loomarena.harness.summary;

import java.util.Map;
import java.util.TreeMap;

import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * One measured iteration: what the client JVM reported for it and what the server JVM spent during it. Immutable.
 *
 * @param run          1-based index among all measured iterations of the combination (over every fork)
 * @param clientPid    the client JVM's process id (one per fork)
 * @param serverPid    the server JVM's process id (one per fork)
 * @param elapsedNanos wall time of the fixed amount of work, measured by the client
 * @param operations   messages or requests completed
 * @param throughput   operations per second
 * @param errors       failures by kind, as the client counted them
 * @param latency      per-operation latency in microseconds
 * @param histogram    the client's latency histogram, compressed base64
 * @param server       the server's resources during this iteration, read just before and just after its timed work
 * @param fork         1-based fork (one fresh server JVM and one fresh client JVM) the iteration ran in
 * @param iteration    1-based index among the measured iterations of its fork
 */
public record MeasuredRun(int run, long clientPid, long serverPid, long elapsedNanos, long operations,
                          double throughput, Map<String, Long> errors, LatencyStats latency, String histogram,
                          ServerResources server, int fork, int iteration) {

    public MeasuredRun {
        errors = java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    /** An iteration of the only fork, numbered {@code run} (fixtures and summaries written before forks existed). */
    public MeasuredRun(int run, long clientPid, long serverPid, long elapsedNanos, long operations,
                       double throughput, Map<String, Long> errors, LatencyStats latency, String histogram,
                       ServerResources server) {
        this(run, clientPid, serverPid, elapsedNanos, operations, throughput, errors, latency, histogram, server, 1,
                run);
    }

    /** Combines one iteration of a client's result with the server's figures over the same iteration. */
    public static MeasuredRun of(int run, int fork, RunResult client, RunResult.Iteration iteration, long serverPid,
                                 ServerResources server) {
        return new MeasuredRun(run, client.pid(), serverPid, iteration.elapsedNanos(), iteration.operations(),
                iteration.throughput(), iteration.errors(), iteration.latency(), iteration.histogram(), server, fork,
                iteration.index());
    }

    /** All errors of every kind. */
    public long totalErrors() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
