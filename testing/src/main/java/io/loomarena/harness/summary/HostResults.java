package io.loomarena.harness.summary;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import io.loomarena.harness.HarnessException;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * One benchmark run's load clients on several hosts, each with its own {@link RunResult} and
 * {@code --histogram-log}, as one result: what the server under test saw from all of them together. Stateless.
 * <p>
 * Every host starts each iteration on the same {@code go} from the harness, so measured iteration {@code i} is one
 * common window that ends when the slowest host ends: its elapsed time is the longest host's, its operations and
 * errors are the hosts' sums, its throughput is their sum over that window, and its latency histogram merges the
 * hosts' {@code iteration-i} interval histograms read from their logs (the same histograms their JSON carries; the log
 * is what the harness fetches from a host). The run-level figures are then those of {@link RunResult#ofIterations}:
 * elapsed and operations summed over the iterations, histograms merged.
 * <p>
 * The merged result's workload maps each host to its own workload, in the order of the runs (the harness knows how it
 * split the work and may put the combined workload in with {@link RunResult#withWorkload}); its pid is the first
 * host's (no one process ran it all).
 */
public final class HostResults {

    /**
     * One host's part of a run. Immutable.
     *
     * @param host         the host's name as the harness reached it, unique in a run
     * @param result       what its client wrote with {@code --json}
     * @param histogramLog what its client wrote with {@code --histogram-log}; unused, and may be null, when it is the
     *                     only host
     */
    public record HostRun(String host, RunResult result, Path histogramLog) {

        public HostRun {
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(result, "result");
        }
    }

    private HostResults() {
    }

    /**
     * The hosts' results as one; one host's result is returned as it is, so that a run on one host reports exactly
     * what it did before several hosts existed.
     *
     * @throws HarnessException naming the host (and its log) whose result cannot be merged with the first host's: a
     *                          different tool, client model, or number or numbering of measured iterations, a missing
     *                          or unreadable log, a log without that iteration's histogram or with another count
     */
    public static RunResult merge(List<HostRun> runs) {
        requireDistinctHosts(runs);
        if (runs.size() == 1) {
            return runs.getFirst().result();
        }
        HostRun first = runs.getFirst();
        List<Map<Integer, Histogram>> logs = new ArrayList<>();
        Map<String, Object> workloads = new LinkedHashMap<>();
        for (HostRun run : runs) {
            requireSameShape(first, run);
            logs.add(read(run));
            workloads.put(run.host(), run.result().workload());
        }
        List<RunResult> iterations = new ArrayList<>();
        for (int i = 0; i < first.result().iterations().size(); i++) {
            iterations.add(mergeIteration(runs, logs, i, workloads));
        }
        return RunResult.ofIterations(iterations);
    }

    /** Each host's errors by kind over all its measured iterations (the kinds it counted, zeros included). */
    public static Map<String, Map<String, Long>> errorsPerHost(List<HostRun> runs) {
        requireDistinctHosts(runs);
        Map<String, Map<String, Long>> perHost = new LinkedHashMap<>();
        for (HostRun run : runs) {
            perHost.put(run.host(), new TreeMap<>(run.result().errors()));
        }
        return perHost;
    }

    /** Measured iteration {@code i} of every host as one single-iteration result. */
    private static RunResult mergeIteration(List<HostRun> runs, List<Map<Integer, Histogram>> logs, int i,
                                            Map<String, Object> workloads) {
        Histogram merged = LatencyHistograms.newHistogram();
        Map<String, Long> errors = new TreeMap<>();
        long operations = 0;
        long elapsed = 0;
        Instant startedAt = null;
        for (int h = 0; h < runs.size(); h++) {
            HostRun run = runs.get(h);
            RunResult.Iteration iteration = run.result().iterations().get(i);
            Histogram logged = logs.get(h).get(iteration.index());
            if (logged == null) {
                throw new HarnessException(where(run) + " has no " + HistogramLog.TAG_PREFIX + iteration.index());
            }
            if (logged.getTotalCount() != iteration.latency().count()) {
                throw new HarnessException(where(run) + " has " + logged.getTotalCount() + " latencies in "
                        + HistogramLog.TAG_PREFIX + iteration.index() + ", its JSON " + iteration.latency().count()
                        + ": the log is not this run's");
            }
            merged.add(logged);
            operations += iteration.operations();
            elapsed = Math.max(elapsed, iteration.elapsedNanos());
            iteration.errors().forEach((kind, count) -> errors.merge(kind, count, Long::sum));
            Instant started = Instant.parse(iteration.startedAt());
            startedAt = startedAt == null || started.isBefore(startedAt) ? started : startedAt;
        }
        RunResult first = runs.getFirst().result();
        return new RunResult(first.tool(), first.clientModel(), workloads, first.pid(), String.valueOf(startedAt),
                elapsed, operations, RunResult.throughput(operations, elapsed), errors, LatencyStats.of(merged),
                LatencyHistograms.encode(merged));
    }

    private static Map<Integer, Histogram> read(HostRun run) {
        if (run.histogramLog() == null) {
            throw new HarnessException("host " + run.host() + ": no histogram log, which merging several hosts needs");
        }
        try {
            return HistogramLog.read(run.histogramLog());
        } catch (IllegalArgumentException e) {
            throw new HarnessException("host " + run.host() + ": " + e.getMessage(), e);
        }
    }

    private static void requireSameShape(HostRun first, HostRun run) {
        String differs = difference(run.result(), first.result());
        if (differs != null) {
            throw new HarnessException("host " + run.host() + ": " + differs + " as on host " + first.host()
                    + ": its results cannot be merged");
        }
        if (indices(run.result()).contains(0)) {
            throw new HarnessException("host " + run.host() + ": stopped in a warmup, nothing measured to merge");
        }
    }

    /** How {@code result} differs from {@code expected} in what merging needs equal, or null. */
    private static String difference(RunResult result, RunResult expected) {
        if (!result.tool().equals(expected.tool())) {
            return "tool " + result.tool() + " is not " + expected.tool();
        }
        if (!result.clientModel().equals(expected.clientModel())) {
            return "client model " + result.clientModel() + " is not " + expected.clientModel();
        }
        if (result.iterations().size() != expected.iterations().size()) {
            return result.iterations().size() + " measured iterations are not " + expected.iterations().size();
        }
        if (!indices(result).equals(indices(expected))) {
            return "iterations numbered " + indices(result) + " are not " + indices(expected);
        }
        return null;
    }

    private static List<Integer> indices(RunResult result) {
        return result.iterations().stream().map(RunResult.Iteration::index).toList();
    }

    private static void requireDistinctHosts(List<HostRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no host's result to merge");
        }
        Set<String> seen = new HashSet<>();
        for (HostRun run : runs) {
            if (!seen.add(run.host())) {
                throw new IllegalArgumentException("host " + run.host() + " appears twice");
            }
        }
    }

    private static String where(HostRun run) {
        return "host " + run.host() + ": histogram log " + run.histogramLog();
    }
}
