package io.loomarena.testing.perf;

import java.nio.file.Path;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpSuiteRanking;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * What the HTTP benchmark and ranking steps of one scenario share, injected by PicoContainer (one instance per
 * scenario). Not thread-safe: a scenario runs on one thread.
 */
public final class HttpBenchmarkContext {

    final HarnessSettings settings = HarnessSettings.fromSystemProperties();
    final SummaryStore store = new SummaryStore(settings.resultsDir());

    HttpSuite suite;
    HttpWorkload workload;
    BenchmarkSummary summary;
    Path summaryFile;
    HttpSuiteRanking ranking;

    HttpWorkload workload() {
        if (workload == null || suite == null) {
            throw new IllegalStateException("no HTTP benchmark workload was given before this step");
        }
        return workload;
    }

    BenchmarkSummary summary() {
        if (summary == null) {
            throw new IllegalStateException("no HTTP benchmark ran before this step");
        }
        return summary;
    }
}
