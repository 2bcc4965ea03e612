package io.loomarena.testing.perf;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.ranking.SuiteLedger;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.ranking.Separation;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.session.AdaptiveForks;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.session.InterleavedForks;
import io.loomarena.harness.session.Placement;
import io.loomarena.harness.summary.SummaryStore;
import io.loomarena.testing.SuiteProgressListener;

/**
 * What the benchmark, ranking and gate steps of one scenario share, whatever the suite, injected by PicoContainer
 * (one instance per scenario). Options come from system properties, read once per JVM ({@link RunOptions}); surefire
 * sets {@code loomarena.results.dir}.
 * Not thread-safe: a scenario runs on one thread.
 */
public final class BenchmarkContext {

    /** What this test run measured and failed to rank: one for the JVM, as a run spans many scenarios. */
    static final SuiteLedger LEDGER = new SuiteLedger();
    /**
     * What the first row of a suite measured, interleaved, for the rows after it, by {@link #key}: each later row takes
     * its own combination's outcome from here instead of measuring it again.
     */
    private static final Map<String, InterleavedForks.Outcome> INTERLEAVED = new HashMap<>();
    /** The seed of this run's interleaved order: -Dloomarena.seed, else drawn on first use; one for the JVM. */
    private static Long seedOfRun;

    final RunOptions options = RunOptions.ofThisJvm();
    final HarnessSettings settings = options.harness();
    final SummaryStore store = new SummaryStore(settings.resultsDir());

    BenchmarkSuite suite;
    /** The plans of the scenario's suite and workload, set by its Given step, whichever the suite. */
    Plans plans;
    BenchmarkPlan plan;
    Combination.Measured measured;
    SuiteRanking ranking;
    /** The combinations of the scenario's suite and workload a run may measure with it (empty: only its own). */
    List<Candidate> candidates = List.of();
    /** The scenario's tags, with {@code @} (set by a hook before its steps). */
    Set<String> scenarioTags = Set.of();

    /** A combination of the suite: the model tags its Examples block carries, and its plan for the workload. */
    record Candidate(Set<String> modelTags, BenchmarkPlan plan) {
    }

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

    /**
     * Measures {@code chosen} and keeps what it left for the Then steps. When the run selects other combinations of the
     * suite and workload (rows with the same tags but their models'), the first of those rows measures them all,
     * interleaved ({@link InterleavedForks}), and each later row takes its own outcome; one selected combination is
     * measured alone, as a per-tag invocation does.
     */
    void measure(BenchmarkPlan chosen) {
        plan = chosen;
        LEDGER.measuring(store.suiteDir(chosen.suite()));
        InterleavedForks.Outcome earlier;
        synchronized (INTERLEAVED) {
            earlier = INTERLEAVED.remove(key(chosen));
        }
        if (earlier != null) {
            measured = earlier.orThrow();
            return;
        }
        List<BenchmarkPlan> together = selectedWith(chosen);
        if (together.size() < 2) {
            if (options.adaptive().on()) {
                System.out.println("[PERF] adaptive forks: " + chosen.combination() + " is the only combination of"
                        + " its workload this run selects, so it has no neighbour to be tied with: no extra fork");
            }
            measured = Combination.measureAndSave(chosen, settings, store, placement());
            return;
        }
        // An open model's ranking is by p99, not by the throughput ratio that decides ties: no adaptive forks there.
        AdaptiveForks.Limits adaptive = suite.ranked() == BenchmarkSuite.Ranked.BY_P99 ? AdaptiveForks.Limits.off()
                : options.adaptive();
        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(together, settings, store,
                placement(), seedOfRun(options), adaptive, Separation::undecidedNeighbours, System.out);
        synchronized (INTERLEAVED) {
            for (BenchmarkPlan other : together) {
                if (!other.combination().equals(chosen.combination())) {
                    INTERLEAVED.put(key(other), outcomes.get(other.combination()));
                }
            }
        }
        measured = outcomes.get(chosen.combination()).orThrow();
    }

    /**
     * {@code chosen} first, then every other candidate whose row this run executes: a row's tags are the scenario's
     * with the candidate's model tags in place of this row's, so the quick and the @Slow rows never mix.
     */
    private List<BenchmarkPlan> selectedWith(BenchmarkPlan chosen) {
        Set<Set<String>> selected = SuiteProgressListener.selectedTagSets();
        Set<String> common = new HashSet<>(scenarioTags);
        candidates.forEach(candidate -> common.removeAll(candidate.modelTags()));
        List<BenchmarkPlan> together = new ArrayList<>(List.of(chosen));
        for (Candidate candidate : candidates) {
            Set<String> rowTags = new HashSet<>(common);
            rowTags.addAll(candidate.modelTags());
            if (!candidate.plan().combination().equals(chosen.combination()) && selected.contains(rowTags)) {
                together.add(candidate.plan());
            }
        }
        return together;
    }

    private static String key(BenchmarkPlan plan) {
        return plan.suite() + "|" + plan.workload() + "|" + plan.combination();
    }

    private static synchronized long seedOfRun(RunOptions options) {
        if (seedOfRun == null) {
            seedOfRun = options.seed().orElseGet(() -> ThreadLocalRandom.current().nextLong());
        }
        return seedOfRun;
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
