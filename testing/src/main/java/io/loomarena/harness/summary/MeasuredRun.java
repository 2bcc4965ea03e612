package io.loomarena.harness.summary;

import java.util.Map;
import java.util.TreeMap;

import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * One measured client run: what the client JVM reported and what the server JVM spent. Immutable.
 *
 * @param run          1-based index among the measured runs
 * @param clientPid    the client JVM's process id (fresh for every run)
 * @param serverPid    the server JVM's process id (one per combination)
 * @param elapsedNanos wall time of the fixed amount of work, measured by the client
 * @param operations   messages or requests completed
 * @param throughput   operations per second
 * @param errors       failures by kind, as the client counted them
 * @param latency      per-operation latency in microseconds
 * @param histogram    the client's latency histogram, compressed base64
 * @param server       the server's resources during this run
 */
public record MeasuredRun(int run, long clientPid, long serverPid, long elapsedNanos, long operations,
                          double throughput, Map<String, Long> errors, LatencyStats latency, String histogram,
                          ServerResources server) {

    public MeasuredRun {
        errors = java.util.Collections.unmodifiableMap(new TreeMap<>(errors));
    }

    /** Combines a client's result with the server's figures for the same run. */
    public static MeasuredRun of(int run, RunResult client, long serverPid, ServerResources server) {
        return new MeasuredRun(run, client.pid(), serverPid, client.elapsedNanos(), client.operations(),
                client.throughput(), client.errors(), client.latency(), client.histogram(), server);
    }

    /** All errors of every kind. */
    public long totalErrors() {
        return errors.values().stream().mapToLong(Long::longValue).sum();
    }
}
