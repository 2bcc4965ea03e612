package io.loomarena.harness.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.SuiteProgress;
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
    public record Measurement(BenchmarkPlan plan, Path resultsDir, Placement placement, String label) {

        SummaryStore store() {
            return new SummaryStore(resultsDir);
        }
    }

    /**
     * Measures every plan of {@code plans} (one suite, distinct combinations) interleaved as the class says, saves
     * each summary in {@code store} (the seed in it) and returns each combination's outcome by name, in
     * {@code plans}' order. Progress and the seed go to {@code out}.
     */
    public static Map<String, Outcome> measureAndSave(List<BenchmarkPlan> plans, HarnessSettings settings,
                                                      SummaryStore store, Placement placement, long seed,
                                                      PrintStream out) {
        List<Outcome> outcomes = measureAll(plans.stream().map(plan -> new Measurement(plan, store.resultsDir(), placement, ""))
                .toList(), settings, seed, out);
        Map<String, Outcome> byName = new LinkedHashMap<>();
        for (int i = 0; i < plans.size(); i++) {
            byName.put(plans.get(i).combination(), outcomes.get(i));
        }
        return byName;
    }

    /**
     * Measures every measurement (one suite; distinct combinations, or the same ones in different cells of the run's
     * JVM axes, so that a drift of the machine lands on every cell alike) interleaved as the class says, saves each
     * summary in its store (the seed in it) and returns the outcomes in {@code measurements}' order.
     */
    public static List<Outcome> measureAll(List<Measurement> measurements, HarnessSettings settings, long seed,
                                           PrintStream out) {
        long started = System.nanoTime();
        String suite = measurements.get(0).plan().suite();
        long cells = measurements.stream().map(Measurement::label).distinct().count();
        long combinations = measurements.stream().map(m -> m.plan().combination()).distinct().count();
        String what = cells < 2 ? measurements.size() + " combinations of " + suite
                : combinations + " combination" + (combinations == 1 ? "" : "s") + " of " + suite + " in " + cells
                        + " cells of the server's JVM axes";
        out.println(String.format(Locale.ROOT, "[PERF] %s interleaved: fork k of every combination"
                + " before fork k+1 of any, in an order shuffled per round from seed %d (-Dloomarena.seed=%d repeats"
                + " it)", what, seed, seed));
        out.flush();
        List<MeasuredForks> measured = new ArrayList<>();
        List<ForkRunner> runners = new ArrayList<>();
        Outcome[] outcomes = new Outcome[measurements.size()];
        try {
            for (Measurement m : measurements) {
                m.store().delete(m.plan().suite(), m.plan().combination());
                measured.add(new MeasuredForks(m.plan(), settings, m.placement(), seed));
                runners.add(new ForkRunner(m.plan(), settings, m.placement(), out, m.label()));
            }
            List<List<Integer>> rounds = order(measurements.size(), settings.forks(), seed);
            for (int round = 0; round < rounds.size(); round++) {
                for (int index : rounds.get(round)) {
                    if (outcomes[index] != null) {
                        continue; // failed in an earlier round
                    }
                    try {
                        measured.get(index).add(runners.get(index).run(round + 1));
                    } catch (RuntimeException e) {
                        outcomes[index] = new Outcome(null, e);
                        Measurement m = measurements.get(index);
                        out.println("[PERF] " + (m.label().isEmpty() ? "" : m.label() + ": ") + m.plan().combination()
                                + " fork " + (round + 1) + " failed; its later forks are skipped, the other"
                                + " combinations go on: " + e.getMessage());
                        out.flush();
                    }
                }
            }
        } finally {
            runners.forEach(ForkRunner::close);
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
