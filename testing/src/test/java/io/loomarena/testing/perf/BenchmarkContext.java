package io.loomarena.testing.perf;

import java.nio.file.Files;
import java.nio.file.Path;
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
import io.loomarena.harness.jvm.ServerAxes;
import io.loomarena.harness.jvm.ServerAxesCheck;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.ranking.RankingPlacement;
import io.loomarena.harness.ranking.Separation;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.session.AdaptiveForks;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.session.InterleavedForks;
import io.loomarena.harness.session.Deployment;
import io.loomarena.harness.summary.ServerCell;
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
    private static final Map<String, List<InterleavedForks.Outcome>> INTERLEAVED = new HashMap<>();
    /** The seed of this run's interleaved order: -Dloomarena.seed, else drawn on first use; one for the JVM. */
    private static Long seedOfRun;

    final RunOptions options = RunOptions.ofThisJvm();
    HarnessSettings settings = options.harness();
    final SummaryStore store = new SummaryStore(settings.resultsDir());
    /** The server's JVMs and flag sets: each combination is measured once per cell (docs/jvm.md). */
    ServerAxes axes = options.axes();
    /** Where {@link #measured} was saved: {@link #store}, or its first cell's when the run sets axes. */
    SummaryStore measuredStore = store;
    /** The results folder whose {@code cells/} holds each cell's: the run's, or the JVM axes scenario's own. */
    Path cellsRoot = settings.resultsDir();

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
        List<ServerAxes.Cell> cells = cells();
        cells.forEach(cell -> LEDGER.measuring(storeOf(cell).suiteDir(chosen.suite())));
        measuredStore = storeOf(cells.get(0));
        List<InterleavedForks.Outcome> earlier;
        synchronized (INTERLEAVED) {
            earlier = INTERLEAVED.remove(key(chosen));
        }
        if (earlier != null) {
            measured = firstOf(earlier);
            return;
        }
        List<BenchmarkPlan> together = selectedWith(chosen);
        if (together.size() * cells.size() < 2) {
            if (options.adaptive().on()) {
                System.out.println("[PERF] adaptive forks: " + chosen.combination() + " is the only combination of"
                        + " its workload this run selects, so it has no neighbour to be tied with: no extra fork");
            }
            try {
                measured = Combination.measureAndSave(chosen, settings, measuredStore, deploymentIn(cells.get(0)));
            } catch (RuntimeException e) {
                LEDGER.failedToMeasure(measuredStore.suiteDir(chosen.suite()), chosen.combination(), e.getMessage());
                throw e;
            }
            return;
        }
        setAsideOptional(together, cells);
        // An open model's ranking is by p99, not by the throughput ratio that decides ties: no adaptive forks there.
        AdaptiveForks.Limits adaptive = suite.ranked() == BenchmarkSuite.Ranked.BY_P99
                ? options.adaptive().adaptiveOff() : options.adaptive();
        Map<String, List<InterleavedForks.Outcome>> outcomes = measureInCells(together, cells, adaptive);
        synchronized (INTERLEAVED) {
            for (BenchmarkPlan other : together) {
                if (!other.combination().equals(chosen.combination())) {
                    INTERLEAVED.put(key(other), outcomes.get(key(other)));
                }
            }
        }
        measured = firstOf(outcomes.get(key(chosen)));
    }

    /**
     * Measures every plan of {@code plans} in every cell of the run's axes, interleaved (fork k of every combination
     * in every cell before fork k+1 of any), and returns each cell's summary of the first plan; a failure of any
     * plan in any cell is thrown once every other has been measured and saved.
     */
    Combination.Measured measureEvery(List<BenchmarkPlan> plans) {
        List<ServerAxes.Cell> cells = cells();
        plan = plans.get(0);
        cells.forEach(cell -> LEDGER.measuring(storeOf(cell).suiteDir(plan.suite())));
        measuredStore = storeOf(cells.get(0));
        Map<String, List<InterleavedForks.Outcome>> outcomes = measureInCells(plans, cells,
                options.adaptive().adaptiveOff());
        outcomes.values().forEach(BenchmarkContext::firstOf);
        measured = firstOf(outcomes.get(key(plan)));
        return measured;
    }

    /**
     * Each plan in each cell, interleaved, then adaptive forks when {@code adaptive} is on and the run sets no axes
     * (they do not apply across cells yet); the outcomes by plan ({@link #key}), one per cell in the cells' order.
     */
    private Map<String, List<InterleavedForks.Outcome>> measureInCells(List<BenchmarkPlan> plans,
                                                                       List<ServerAxes.Cell> cells,
                                                                       AdaptiveForks.Limits adaptive) {
        AdaptiveForks.Limits limits = adaptive;
        if (adaptive.on() && axes.setByRun()) {
            System.out.println("[PERF] adaptive forks: off in a run that sets -Dloomarena.jvms or"
                    + " -Dloomarena.flagSets (they do not apply across cells of the server's JVM axes yet)");
            limits = adaptive.adaptiveOff();
        }
        List<InterleavedForks.Measurement> measurements = new ArrayList<>();
        for (ServerAxes.Cell cell : cells) {
            Deployment deployment = deploymentIn(cell);
            String label = axes.setByRun() ? cell.recorded().label() : "";
            plans.forEach(each -> measurements.add(new InterleavedForks.Measurement(each, storeOf(cell).resultsDir(), deployment,
                    label)));
        }
        List<InterleavedForks.Outcome> outcomes = InterleavedForks.measureAll(measurements, settings,
                seedOfRun(options), limits, Separation::undecidedNeighbours, RankingPlacement::thin,
                RankingPlacement::wide, System.out);
        Map<String, List<InterleavedForks.Outcome>> byPlan = new HashMap<>();
        for (int i = 0; i < measurements.size(); i++) {
            byPlan.computeIfAbsent(key(measurements.get(i).plan()), k -> new ArrayList<>()).add(outcomes.get(i));
            noteFailure(measurements.get(i), outcomes.get(i));
        }
        return byPlan;
    }

    /** A combination that failed is a gap its ranking names, with the failure's first line ({@code RankingGaps}). */
    private static void noteFailure(InterleavedForks.Measurement measurement, InterleavedForks.Outcome outcome) {
        try {
            outcome.orThrow();
        } catch (RuntimeException e) {
            LEDGER.failedToMeasure(new SummaryStore(measurement.resultsDir()).suiteDir(measurement.plan().suite()),
                    measurement.plan().combination(), e.getMessage());
        }
    }

    /** Where {@code cell}'s JVMs run: the run's deployment, its server forked on the cell's JVM with its flags. */
    private Deployment deploymentIn(ServerAxes.Cell cell) {
        Deployment base = deployment();
        return axes.setByRun() ? base.inCell(cell.serverFork(base.server(), settings.gc()), cell.recorded()) : base;
    }

    /** The first cell's measured summary, once every cell's is there (else the first failure, thrown again). */
    private static Combination.Measured firstOf(List<InterleavedForks.Outcome> outcomes) {
        outcomes.forEach(InterleavedForks.Outcome::orThrow);
        return outcomes.get(0).orThrow();
    }

    /**
     * The cells of the run's axes, each java run once first (a java that does not start, is older than 21 or
     * refuses a flag set stops the scenario with one line before anything is measured); one cell when none is set.
     */
    List<ServerAxes.Cell> cells() {
        if (axes.setByRun()) {
            ServerAxesCheck.check(axes, deployment().server(), settings.gc());
        }
        return axes.cells();
    }

    /** Where {@code cell}'s summaries go: the run's results folder, or the cell's own when the run sets axes. */
    SummaryStore storeOf(ServerAxes.Cell cell) {
        return axes.setByRun() ? new SummaryStore(cell.recorded().resultsDir(cellsRoot)) : store;
    }

    /**
     * Before a run measures several combinations of a workload together, it sets aside the summaries of that
     * workload's combinations measured only when asked for ({@link BenchmarkSuite#optionalCombinations}: the single
     * echo server's @Slow row) that it does not measure itself, left by an earlier run: the ranking ranks every
     * summary it finds, and a row from another run, outside this run's interleaved rounds, must not sit among this
     * run's. Each is moved to {@code <suite>/earlier/} with one line, not deleted. A run of one combination (the
     * per-tag flow, which builds a ranking up across invocations) sets nothing aside.
     */
    private void setAsideOptional(List<BenchmarkPlan> together, List<ServerAxes.Cell> cells) {
        if (together.size() < 2) {
            return;
        }
        Set<String> measuring = new HashSet<>();
        together.forEach(each -> measuring.add(each.combination()));
        List<String> optional = suite.optionalCombinations(together.get(0).workload());
        for (Candidate candidate : candidates) {
            BenchmarkPlan other = candidate.plan();
            if (measuring.contains(other.combination()) || !optional.contains(other.combination())) {
                continue;
            }
            for (ServerAxes.Cell cell : cells) {
                SummaryStore store = storeOf(cell);
                Path file = store.path(other.suite(), other.combination());
                if (Files.exists(file) && sameWorkload(file, other)) {
                    store.setAside(other.suite(), other.combination()).ifPresent(moved -> System.out.println(
                            "[PERF] " + other.suite() + ": " + other.combination() + "'s summary from an earlier run"
                            + " moved to " + moved + ": this run measures " + together.size() + " combinations of"
                            + " its workload together and not that one, and its ranking does not mix runs"));
                }
            }
        }
    }

    /** Whether the summary in {@code file} measured {@code plan}'s workload (it records more than the plan names). */
    private static boolean sameWorkload(Path file, BenchmarkPlan plan) {
        Map<String, Object> recorded;
        try {
            recorded = SummaryStore.read(file).workload();
        } catch (RuntimeException e) {
            return false; // an unreadable summary is not moved: the ranking names it
        }
        return plan.workload().entrySet().stream().allMatch(entry -> recorded.containsKey(entry.getKey())
                && String.valueOf(recorded.get(entry.getKey())).equals(String.valueOf(entry.getValue())));
    }

    /** Every store a ranking of this run reads: one per cell. */
    List<SummaryStore> rankedStores() {
        return axes.cells().stream().map(this::storeOf).toList();
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
    Deployment deployment() {
        return RemoteHosts.deploymentOfRun(options.remote(), settings,
                Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir()), System.out);
    }

    Combination.Measured measured() {
        if (measured == null) {
            throw new IllegalStateException("no benchmark ran before this step");
        }
        return measured;
    }
}
