package io.loomarena.testing.perf;

import java.util.Objects;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.session.Placement;
import io.loomarena.harness.summary.SummaryStore;

/**
 * What the benchmark, ranking and gate steps of one scenario share, whatever the suite, injected by PicoContainer
 * (one instance per scenario). Options come from system properties, read once per JVM ({@link RunOptions}); surefire
 * sets {@code loomarena.results.dir}.
 * Not thread-safe: a scenario runs on one thread.
 */
public final class BenchmarkContext {

    final RunOptions options = RunOptions.ofThisJvm();
    final HarnessSettings settings = options.harness();
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
        measured = Combination.measureAndSave(chosen, settings, store, placement());
    }

    /** Where this run's JVMs run, chosen here at the edge: the hosts of the run when any are set, else this machine. */
    Placement placement() {
        return RemoteHosts.placementOfRun(options.remote(), settings,
                Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir()), System.out);
    }

    Combination.Measured measured() {
        if (measured == null) {
            throw new IllegalStateException("no benchmark ran before this step");
        }
        return measured;
    }
}
