package io.loomarena.harness.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.function.IntToDoubleFunction;

/**
 * The placement fill of an interleaved run without adaptive forks: one fork more for each combination measured by one
 * fork only in the placement of the two CPUs the ranking judges (the host moved the CPUs during its other forks),
 * then, with the time left, for each whose interval is wider than a quiet machine gives; within a time budget
 * (-Dloomarena.fillBudget), in at most {@link #ROUNDS} rounds ({@link #fill}). The ranking's rules are handed in
 * ({@link Rules}), as for {@link AdaptiveForks}. Stateless.
 */
public final class PlacementFill {

    /**
     * The time the placement fill may take by default (-Dloomarena.fillBudget): about six forks of the quick echo
     * matrix, and so at most about a tenth of the default run's 15-minute limit.
     */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(90);
    /**
     * Rounds of the placement fill at most: a combination gets up to this many forks more, when the host keeps
     * moving the CPUs during its forks.
     */
    static final int ROUNDS = 3;

    /**
     * The ranking's two rules for the fill, each naming combinations among the summaries so far.
     *
     * @param thin those measured by one fork only in the placement the ranking judges
     * @param wide those whose interval is wider than a quiet machine gives
     */
    public record Rules(AdaptiveForks.Undecided thin, AdaptiveForks.Undecided wide) {

        public Rules {
            Objects.requireNonNull(thin, "thin");
            Objects.requireNonNull(wide, "wide");
        }
    }

    private PlacementFill() {
    }

    /**
     * One fork more for each combination that the {@code thin} rule finds measured by one fork only in the placement
     * of the two CPUs the ranking judges (io.loomarena.harness.ranking.RankingPlacement): the host moved the CPUs
     * during its other forks. Judged on the iterations of one fork, a
     * row's interval rests on one JVM, with Student's t for 2 degrees of freedom (4.3): about ±8% on these machines
     * where two forks give ±2-4%. Then, with the time left, one fork more for each that the {@code wide} rule finds with an
     * interval wider than a quiet machine gives (one iteration far off the others: a host's hiccup), the thin ones
     * first. In rounds, at most {@link #ROUNDS}: each round asks both rules again (the host may have moved the
     * CPUs during the last one, or the placement judged may have changed) and runs, each group in an order shuffled
     * from the run's seed, each that fits in what is left of {@code budget} (a combination's fork estimated from
     * {@code forkNanosOf}, its planned forks' mean, then from its last fork: the slowest rows take twice as long as
     * the fastest, and a fast thin row may fit where a slow one does not). A combination still thin at the end stays
     * judged on the one fork it has, or, with fewer than 3 iterations there, tied with every other; one still wide
     * keeps its wide interval, which the ranking's ties take into account. Says what it did, one line per round.
     */
    static void fill(ExtraForkRun run, IntToDoubleFunction forkNanosOf, Duration budget, Rules rules) {
        List<String> names = run.names();
        Random random = new Random(~run.seed()); // its own stream, repeated by the same seed
        long started = run.clock().getAsLong();
        double[] forkNanos = new double[names.size()];
        for (int i = 0; i < forkNanos.length; i++) {
            forkNanos[i] = forkNanosOf.applyAsDouble(i);
        }
        for (int round = 1; round <= ROUNDS; round++) {
            List<Integer> thinOnes = run.undecided(rules.thin());
            List<Integer> wideOnes = run.undecided(rules.wide());
            wideOnes.removeAll(thinOnes);
            if (thinOnes.isEmpty() && wideOnes.isEmpty()) {
                return;
            }
            Collections.shuffle(thinOnes, random);
            Collections.shuffle(wideOnes, random);
            List<Integer> wanted = new ArrayList<>(thinOnes);
            wanted.addAll(wideOnes);
            double left = budget.toNanos() - (run.clock().getAsLong() - started);
            // In order, each that still fits: a short fork further down may fit where a long one did not.
            List<Integer> now = new ArrayList<>();
            List<String> later = new ArrayList<>();
            double planned = 0;
            for (int index : wanted) {
                if (planned + forkNanos[index] <= left) {
                    now.add(index);
                    planned += forkNanos[index];
                } else {
                    later.add(names.get(index));
                }
            }
            if (now.isEmpty()) {
                double shortest = wanted.stream().mapToDouble(index -> forkNanos[index]).min().orElseThrow();
                List<String> thinLeft = thinOnes.stream().map(names::get).toList();
                List<String> wideLeft = wideOnes.stream().map(names::get).toList();
                run.say(String.format(Locale.ROOT, "[PERF] placement fill%s: not run, a fork takes about %.0f s"
                        + " and %.0f s of %s are left%s%s", round == 1 ? "" : ", round " + round, shortest / 1e9,
                        Math.max(0, left) / 1e9, AdaptiveForks.text(budget), thinLeft.isEmpty() ? "" : "; judged on the one"
                        + " fork each has in the placement judged: " + String.join(", ", thinLeft),
                        wideLeft.isEmpty() ? "" : "; judged with the interval measured: " + String.join(", ",
                                wideLeft)));
                return;
            }
            run.say(String.format(Locale.ROOT, "[PERF] placement fill, round %d: %s%s", round,
                    fillReasons(now.stream().filter(thinOnes::contains).map(names::get).toList(),
                            now.stream().filter(wideOnes::contains).map(names::get).toList()),
                    later.isEmpty() ? "" : "; no time left in " + AdaptiveForks.text(budget) + " for: "
                            + String.join(", ", later)));
            for (int index : now) {
                long forkStarted = run.clock().getAsLong();
                run.fork().run(index, run.plannedForks() + round);
                forkNanos[index] = run.clock().getAsLong() - forkStarted; // the latest is the best guess of the next
            }
        }
    }

    /** What a fill round runs and why: the thin rows, then the wide ones. */
    private static String fillReasons(List<String> thin, List<String> wide) {
        String thinPart = thin.isEmpty() ? "" : String.format(Locale.ROOT, "one more fork of each of %d"
                + " combination%s measured by one fork only with the CPUs in the placement the ranking judges (the host"
                + " moved them during the other): %s", thin.size(), thin.size() == 1 ? "" : "s", String.join(", ", thin));
        String widePart = wide.isEmpty() ? "" : String.format(Locale.ROOT, "one more fork of each of %d"
                + " combination%s whose interval is wider than a quiet machine gives: %s", wide.size(),
                wide.size() == 1 ? "" : "s", String.join(", ", wide));
        return thinPart.isEmpty() ? widePart : widePart.isEmpty() ? thinPart : thinPart + "; and " + widePart;
    }

}
