package io.loomarena.harness.summary;

import java.util.Optional;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;

/** The latency distribution of a summary's measured runs, decoded from the histograms they carry. Stateless. */
public final class RunHistograms {

    private RunHistograms() {
    }

    /** Every measured run's histogram added together; empty when a run carries none (an older client). */
    public static Optional<Histogram> merged(BenchmarkSummary summary) {
        Histogram merged = LatencyHistograms.newHistogram();
        for (MeasuredRun run : summary.runs().measured()) {
            if (run.histogram() == null || run.histogram().isEmpty()) {
                return Optional.empty();
            }
            merged.add(LatencyHistograms.decode(run.histogram()));
        }
        return Optional.of(merged);
    }
}
