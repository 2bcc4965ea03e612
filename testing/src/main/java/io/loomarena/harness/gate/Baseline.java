package io.loomarena.harness.gate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.loomarena.harness.summary.ResultFiles;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RunHistograms;

/**
 * The committed reference figures a suite's gate compares against: {@code target-results/baseline/<suite>.json}, one
 * entry per combination, written from a run's summaries by {@link #of} and refreshed only on purpose. Immutable.
 *
 * @param suite       the suite
 * @param workload    the workload the figures belong to (a gate refuses other workloads)
 * @param commit      the commit that was measured
 * @param loadAverage the machine's load average when it was measured
 * @param createdAt   ISO-8601 instant the baseline was written
 * @param figures     per combination, its reference figures
 */
public record Baseline(String suite, Map<String, Object> workload, String commit, String loadAverage,
                       String createdAt, Map<String, Figures> figures) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * One combination's reference figures. Immutable.
     *
     * @param medianElapsedNanos median elapsed time of the measured runs
     * @param throughput         operations per second at the mean elapsed time
     * @param p5Micros           5th percentile latency of every measured operation (the fast floor)
     * @param p50Micros          median latency
     * @param p99Micros          99th percentile latency
     */
    public record Figures(double medianElapsedNanos, double throughput, long p5Micros, long p50Micros,
                          long p99Micros) {
    }

    public Baseline {
        workload = java.util.Collections.unmodifiableMap(new TreeMap<>(workload));
        figures = java.util.Collections.unmodifiableMap(new TreeMap<>(figures));
    }

    /** The baseline of these summaries (one suite, one workload). */
    public static Baseline of(String suite, List<BenchmarkSummary> summaries) {
        Map<String, Figures> figures = new TreeMap<>();
        for (BenchmarkSummary s : summaries) {
            figures.put(s.combination(), figures(s));
        }
        BenchmarkSummary first = summaries.get(0);
        return new Baseline(suite, first.workload(), first.environment().gitCommit(),
                first.environment().loadAverage(), Instant.now().toString(), figures);
    }

    /** The figures the gate compares, from one summary. */
    public static Figures figures(BenchmarkSummary s) {
        long p5 = RunHistograms.merged(s).map(h -> h.getValueAtPercentile(5)).orElse(-1L);
        return new Figures(s.aggregate().medianElapsedNanos(), s.aggregate().throughput(), p5,
                s.aggregate().latency().p50(), s.aggregate().latency().p99());
    }

    /** The baseline file of a suite under the results folder. */
    public static Path file(Path resultsDir, String suite) {
        return resultsDir.resolve("baseline").resolve(suite + ".json");
    }

    public static Baseline read(Path file) {
        try {
            return JSON.readValue(file.toFile(), Baseline.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the baseline " + file + ": " + e.getMessage(), e);
        }
    }

    public Path write(Path file) {
        return ResultFiles.writeJson(JSON, file, this);
    }
}
