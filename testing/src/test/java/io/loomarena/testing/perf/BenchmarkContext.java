package io.loomarena.testing.perf;

import java.nio.file.Path;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * What the benchmark and ranking steps of one scenario share, injected by PicoContainer (one instance per scenario).
 * Settings come from system properties once; surefire sets {@code loomarena.results.dir}. Not thread-safe: a scenario
 * runs on one thread.
 */
public final class BenchmarkContext {

    final HarnessSettings settings = HarnessSettings.fromSystemProperties();
    final SummaryStore store = new SummaryStore(settings.resultsDir());

    EchoBenchmarks.Workload workload;
    BenchmarkSummary summary;
    Path summaryFile;
    SuiteRanking ranking;
    /** The combination to measure, when a step chose one by plan rather than by echo models. */
    BenchmarkPlan plan;

    BenchmarkPlan plan() {
        if (plan == null) {
            throw new IllegalStateException("no benchmark plan was chosen before this step");
        }
        return plan;
    }

    BenchmarkSummary summary() {
        if (summary == null) {
            throw new IllegalStateException("no benchmark ran before this step");
        }
        return summary;
    }
}
