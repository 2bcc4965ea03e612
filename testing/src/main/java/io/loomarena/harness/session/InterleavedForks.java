package io.loomarena.harness.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.SuiteProgress;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.CrossCpuProbe;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Measures several combinations of one suite together, round by round: fork k of every combination runs before fork
 * k+1 of any, in an order shuffled per round from a recorded seed, so that a drift of the machine (a neighbour, a
 * burst of other work) lands on every combination alike instead of on the one whose forks were running (the A/B
 * gate's ABBA order does the same for two builds). Each fork is whole (its servers started, its clients run, its
 * servers stopped) before the next starts. A combination whose fork fails is left out of later rounds and keeps its
 * failure; the others go on. Stateless.
 */
public final class InterleavedForks {

    /** What one combination of the run left: its summary saved, or the failure of one of its forks. */
    public static final class Outcome {

        private final Combination.Measured measured;
        /** Kept to be thrown again, never handed out otherwise. */
        private final RuntimeException failure;

        Outcome(Combination.Measured measured, RuntimeException failure) {
            this.measured = measured;
            this.failure = failure;
        }

        /** The measured summary, or the failure thrown again (each combination's own scenario fails with it). */
        public Combination.Measured orThrow() {
            if (failure != null) {
                throw failure;
            }
            return measured;
        }
    }

    private InterleavedForks() {
    }

    /**
     * Runs one fork of the measurement at {@code index}; a failure becomes its outcome, and the run goes on with the
     * others.
     */
    private static void runFork(Measurement m, int index, int fork, Runnable run, Outcome[] outcomes,
                                PrintStream out) {
        try {
            run.run();
        } catch (RuntimeException e) {
            outcomes[index] = new Outcome(null, e);
            out.println("[PERF] " + (m.label().isEmpty() ? "" : m.label() + ": ") + m.plan().combination()
                    + " fork " + fork + " failed; its later forks are skipped, the other combinations go on: "
                    + e.getMessage());
            out.flush();
        }
    }

    /**
     * The order of every round: for each of {@code forks} rounds, the indexes of {@code combinations} combinations in
     * the order their fork of that round runs. The same seed gives the same order.
     */
    public static List<List<Integer>> order(int combinations, int forks, long seed) {
        Random random = new Random(seed);
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < combinations; i++) {
            indexes.add(i);
        }
        List<List<Integer>> rounds = new ArrayList<>();
        for (int round = 0; round < forks; round++) {
            Collections.shuffle(indexes, random);
            rounds.add(List.copyOf(indexes));
        }
        return List.copyOf(rounds);
    }

    /**
     * One combination measured in one cell of the run's JVM axes: its plan, the results folder its summary goes to,
     * where its JVMs run, and the cell's label for progress lines (empty when the run has one cell).
     */
    public record Measurement(BenchmarkPlan plan, Path resultsDir, Deployment deployment, String label) {

        SummaryStore store() {
            return new SummaryStore(resultsDir);
        }
    }

    /**
     * Measures every plan of {@code plans} (one suite, distinct combinations) interleaved as the class says, saves
     * each summary in {@code store} (the seed in it) and returns each combination's outcome by name, in
     * {@code plans}' order. Progress and the seed go to {@code out}. No adaptive forks.
     */
    public static Map<String, Outcome> measureAndSave(List<BenchmarkPlan> plans, HarnessSettings settings,
                                                      SummaryStore store, Deployment deployment, long seed,
                                                      PrintStream out) {
        return measureAndSave(plans, settings, store, deployment, seed, AdaptiveForks.Limits.off(),
                summaries -> Set.of(), out);
    }

    /**
     * Like {@link #measureAndSave(List, HarnessSettings, SummaryStore, Deployment, long, PrintStream)}, then, when
     * {@code adaptive} is on, extra forks for the combinations that {@code undecided} finds tied with a neighbour
     * ({@link AdaptiveForks}).
     */
    public static Map<String, Outcome> measureAndSave(List<BenchmarkPlan> plans, HarnessSettings settings,
                                                      SummaryStore store, Deployment deployment, long seed,
                                                      AdaptiveForks.Limits adaptive, AdaptiveForks.Undecided undecided,
                                                      PrintStream out) {
        List<Outcome> outcomes = measureAll(plans.stream()
                .map(plan -> new Measurement(plan, store.resultsDir(), deployment, "")).toList(), settings, seed,
                adaptive, undecided, summaries -> Set.of(), summaries -> Set.of(), out);
        Map<String, Outcome> byName = new LinkedHashMap<>();
        for (int i = 0; i < plans.size(); i++) {
            byName.put(plans.get(i).combination(), outcomes.get(i));
        }
        return byName;
    }

    /**
     * Measures every measurement (one suite; distinct combinations, or the same ones in different cells of the run's
     * JVM axes, so that a drift of the machine lands on every cell alike) interleaved as the class says, saves each
     * summary in its store (the seed in it) and returns the outcomes in {@code measurements}' order. No adaptive
     * forks.
     */
    public static List<Outcome> measureAll(List<Measurement> measurements, HarnessSettings settings, long seed,
                                           PrintStream out) {
        return measureAll(measurements, settings, seed, AdaptiveForks.Limits.off(), summaries -> Set.of(),
                summaries -> Set.of(), summaries -> Set.of(), out);
    }

    /**
     * Like {@link #measureAll(List, HarnessSettings, long, PrintStream)}, then, when {@code adaptive} is on, extra
     * forks for the combinations that {@code undecided} finds tied with a neighbour ({@link AdaptiveForks}). Adaptive
     * forks rank the measurements as one suite's combinations, so they do not apply across cells of the JVM axes yet.
     * Without adaptive forks (the default), one fork more for each combination that {@code thin} finds measured by
     * one fork only in the placement of the CPUs the ranking judges, then for each that {@code wide} finds with an
     * interval wider than a quiet machine gives, within {@code adaptive}'s fill budget ({@link PlacementFill});
     * in one cell only, as adaptive forks.
     */
    public static List<Outcome> measureAll(List<Measurement> measurements, HarnessSettings settings, long seed,
                                           AdaptiveForks.Limits adaptive, AdaptiveForks.Undecided undecided,
                                           AdaptiveForks.Undecided thin, AdaptiveForks.Undecided wide,
                                           PrintStream out) {
        long started = System.nanoTime();
        String suite = measurements.get(0).plan().suite();
        long cells = measurements.stream().map(Measurement::label).distinct().count();
        long combinations = measurements.stream().map(m -> m.plan().combination()).distinct().count();
        if (adaptive.on() && cells > 1) {
            throw new IllegalArgumentException("adaptive forks do not apply across cells of the server's JVM axes");
        }
        String what = cells < 2 ? measurements.size() + " combinations of " + suite
                : combinations + " combination" + (combinations == 1 ? "" : "s") + " of " + suite + " in " + cells
                        + " cells of the server's JVM axes";
        out.println(String.format(Locale.ROOT, "[PERF] %s interleaved: fork k of every combination"
                + " before fork k+1 of any, in an order shuffled per round from seed %d (-Dloomarena.seed=%d repeats"
                + " it)", what, seed, seed));
        out.flush();
        List<MeasuredForks> measured = new ArrayList<>();
        List<ForkRunner> runners = new ArrayList<>();
        // One probe per pinning of the two CPUs, shared by the runners pinned alike: their forks never overlap, and
        // eight combinations then keep two idle probe JVMs, not sixteen.
        Map<CpuPinning, CrossCpuProbe> probes = new HashMap<>();
        Outcome[] outcomes = new Outcome[measurements.size()];
        try {
            for (Measurement m : measurements) {
                m.store().delete(m.plan().suite(), m.plan().combination());
                measured.add(new MeasuredForks(m.plan(), settings, m.deployment(), seed));
                // A probe starts nothing before its first reading: the one not kept needs no closing.
                Optional<CrossCpuProbe> probe = ForkRunner.probe(settings, m.deployment())
                        .map(own -> probes.computeIfAbsent(m.deployment().server().pinning(), pinning -> own));
                runners.add(new ForkRunner(m.plan(), settings, m.deployment(), out, m.label(), probe));
            }
            // Numbered per combination: one that skipped an adaptive round has had fewer forks than the round says.
            ExtraForkRun.Fork fork = (index, round) -> {
                int number = measured.get(index).forks() + 1;
                runFork(measurements.get(index), index, number,
                        () -> measured.get(index).add(runners.get(index).run(number)), outcomes, out);
            };
            List<List<Integer>> rounds = order(measurements.size(), settings.forks(), seed);
            int forksRun = 0;
            long[] forkNanos = new long[measurements.size()];
            int[] forksOf = new int[measurements.size()];
            for (int round = 0; round < rounds.size(); round++) {
                for (int index : rounds.get(round)) {
                    if (outcomes[index] == null) { // else failed in an earlier round
                        long forkStarted = System.nanoTime();
                        fork.run(index, round + 1);
                        forkNanos[index] += System.nanoTime() - forkStarted;
                        forksOf[index]++;
                        forksRun++;
                    }
                }
            }
            List<String> names = measurements.stream().map(m -> m.plan().combination()).toList();
            double meanForkNanos = (double) (System.nanoTime() - started) / Math.max(1, forksRun);
            ExtraForkRun extra = new ExtraForkRun(names,
                    index -> outcomes[index] != null ? null : measured.get(index).summary(), fork, settings.forks(),
                    seed, System::nanoTime, out);
            if (adaptive.on()) {
                AdaptiveForks.extend(extra, meanForkNanos, adaptive, undecided);
            } else if (cells < 2) {
                PlacementFill.fill(extra, index -> forksOf[index] == 0 ? meanForkNanos
                        : (double) forkNanos[index] / forksOf[index], adaptive.fillBudget(),
                        new PlacementFill.Rules(thin, wide));
            }
        } finally {
            runners.forEach(ForkRunner::close);
            probes.values().forEach(CrossCpuProbe::close);
        }
        for (int i = 0; i < measurements.size(); i++) {
            if (outcomes[i] == null) {
                try {
                    BenchmarkSummary summary = measured.get(i).summary();
                    Path file = measurements.get(i).store().write(summary);
                    outcomes[i] = new Outcome(new Combination.Measured(summary, file), null);
                } catch (RuntimeException e) {
                    outcomes[i] = new Outcome(null, e); // its own row fails with it; the others keep their summaries
                }
            }
        }
        // Progress counts the suite's rows: a combination measured in several cells is one row.
        out.println(SuiteProgress.shared().combinationsDone(suite, (int) combinations,
                Duration.ofNanos(System.nanoTime() - started)));
        out.flush();
        return List.of(outcomes);
    }
}
