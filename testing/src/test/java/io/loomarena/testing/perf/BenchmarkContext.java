package io.loomarena.testing.perf;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.summary.SummaryStore;

/**
 * What the benchmark, ranking and gate steps of one scenario share, whatever the suite, injected by PicoContainer
 * (one instance per scenario). Settings come from system properties once; surefire sets {@code loomarena.results.dir}.
 * Not thread-safe: a scenario runs on one thread.
 */
public final class BenchmarkContext {

    final HarnessSettings settings = HarnessSettings.fromSystemProperties();
    final SummaryStore store = new SummaryStore(settings.resultsDir());

    BenchmarkSuite suite;
    EchoBenchmarks.Workload echoWorkload;
    HttpSuite httpSuite;
    HttpWorkload httpWorkload;
    BenchmarkPlan plan;
    Combination.Measured measured;
    SuiteRanking ranking;

    /** Measures {@code chosen} and keeps what it left for the Then steps. */
    void measure(BenchmarkPlan chosen) {
        plan = chosen;
        measured = Combination.measureAndSave(chosen, settings, store);
    }

    Combination.Measured measured() {
        if (measured == null) {
            throw new IllegalStateException("no benchmark ran before this step");
        }
        return measured;
    }
}
