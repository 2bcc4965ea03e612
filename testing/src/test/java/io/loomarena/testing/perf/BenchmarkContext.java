package io.loomarena.testing.perf;

import java.util.Objects;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.ranking.SuiteLedger;
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

    /** What this test run measured and failed to rank: one for the JVM, as a run spans many scenarios. */
    static final SuiteLedger LEDGER = new SuiteLedger();

    final RunOptions options = RunOptions.ofThisJvm();
    final HarnessSettings settings = options.harness();
    final SummaryStore store = new SummaryStore(settings.resultsDir());

    BenchmarkSuite suite;
    /** The plans of the scenario's suite and workload, set by its Given step, whichever the suite. */
    Plans plans;
    BenchmarkPlan plan;
    Combination.Measured measured;
    SuiteRanking ranking;

    /**
     * The plan of a combination of the scenario's suite and workload, from the words of its Examples row
     * ({@code pool --pool-size 4}, {@code virtual}); the suite refuses a combination that is not in its list.
     */
    @FunctionalInterface
    interface Plans {
        BenchmarkPlan of(String server, String client);
    }

    /** The suite of the scenario and how to plan its combinations for the scenario's workload. */
    void use(BenchmarkSuite chosen, Plans workloadPlans) {
        suite = chosen;
        plans = workloadPlans;
    }

    /** Measures the combination of {@code server} and {@code client} in the suite and workload given before. */
    void measure(String server, String client) {
        if (plans == null) {
            throw new IllegalStateException("no benchmark workload was given before this step");
        }
        measure(plans.of(server, client));
    }

    /** Measures {@code chosen} and keeps what it left for the Then steps. */
    void measure(BenchmarkPlan chosen) {
        plan = chosen;
        LEDGER.measuring(store.suiteDir(chosen.suite()));
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
