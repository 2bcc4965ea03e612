package io.loomarena.harness.session;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * Adaptive forks: after the planned forks of an interleaved run, more forks for the combinations whose order against
 * a neighbour in the ranking is still undecided (tied), round-robin, until every neighbour's order is decided, a
 * combination has had the most extra forks allowed, or the time budget ends; what is still undecided then stays tied,
 * and the output says why it stopped. A round is one more fork of each undecided combination, in an order shuffled
 * from the run's seed, so the extra forks stay interleaved ({@link InterleavedForks}). The session cannot know the
 * ranking's rule (the ranking sits above it), so the rule is handed in ({@link Undecided}). Stateless.
 */
public final class AdaptiveForks {

    /** The budget when only the number of extra forks is set: a quarter of the default run's 15-minute limit. */
    public static final Duration DEFAULT_BUDGET = Duration.ofMinutes(4);
    /** At most this many extra forks per combination: with the planned ones, still within {@link HarnessSettings}'s. */
    public static final int MAX_EXTRA_FORKS = HarnessSettings.MAX_FORKS;
    /**
     * The time the placement fill may take by default ({@link #fill}, -Dloomarena.fillBudget): about six forks of the
     * quick echo matrix, and so at most about a tenth of the default run's 15-minute limit.
     */
    public static final Duration FILL_BUDGET = Duration.ofSeconds(90);
    /**
     * Rounds of the placement fill at most: a combination gets up to this many forks more, when the host keeps
     * moving the CPUs during its forks.
     */
    static final int FILL_ROUNDS = 3;
    /** The longest budget: a day (a longer one is a typo, and would overflow a count of nanoseconds). */
    public static final Duration MAX_BUDGET = Duration.ofDays(1);

    /**
     * How far forks beyond the planned ones may go: adaptive forks (-Dloomarena.adaptiveForks,
     * -Dloomarena.forkBudget), or, when they are off, the placement fill (-Dloomarena.fillBudget). Immutable.
     *
     * @param maxExtraForks at most this many forks per combination beyond the planned ones; 0: adaptive forks off
     * @param budget        the time the extra rounds may take together; a round that would end after it is not
     *                      started (its length estimated from the forks measured so far)
     * @param fillBudget    the time the placement fill may take ({@link #fill}); a fork that would end after it is
     *                      not started
     */
    public record Limits(int maxExtraForks, Duration budget, Duration fillBudget) {

        public Limits {
            Objects.requireNonNull(budget, "budget");
            Objects.requireNonNull(fillBudget, "fillBudget");
            if (maxExtraForks < 0 || maxExtraForks > MAX_EXTRA_FORKS) {
                throw new IllegalArgumentException("extra forks must be 0.." + MAX_EXTRA_FORKS + ", got "
                        + maxExtraForks);
            }
            requireBudget("fork", budget);
            requireBudget("fill", fillBudget);
        }

        /** Adaptive forks within {@code budget}, and the default placement fill. */
        public Limits(int maxExtraForks, Duration budget) {
            this(maxExtraForks, budget, FILL_BUDGET);
        }

        /** Off: the default, so that the default build's time does not grow; the placement fill at its default. */
        public static Limits off() {
            return new Limits(0, DEFAULT_BUDGET);
        }

        /** These limits with adaptive forks off, the placement fill's budget kept. */
        public Limits adaptiveOff() {
            return new Limits(0, budget, fillBudget);
        }

        private static void requireBudget(String which, Duration budget) {
            if (budget.isNegative() || budget.isZero() || budget.compareTo(MAX_BUDGET) > 0) {
                throw new IllegalArgumentException("the " + which + " budget must be positive and at most "
                        + text(MAX_BUDGET) + ", got " + text(budget));
            }
        }

        public boolean on() {
            return maxExtraForks > 0;
        }
    }

    /**
     * The ranking's rule: of the combinations measured so far, the names of those whose order against a neighbour
     * (the one ranked just above or just below) the data cannot tell.
     */
    @FunctionalInterface
    public interface Undecided {
        Set<String> among(List<BenchmarkSummary> summaries);
    }

    /**
     * Runs one more fork of the combination at {@code index} and adds it to that combination's forks; {@code round}
     * is the planned forks plus the extra round (a combination decided in one round and tied again in a later one has
     * had fewer forks: the run numbers each combination's forks itself).
     */
    @FunctionalInterface
    interface ExtraFork {
        void run(int index, int round);
    }

    /** Why the extra rounds stopped. */
    public enum Ending {
        /** Nothing was undecided after the planned forks: no extra fork ran. */
        NOTHING_UNDECIDED,
        /** Every neighbour's order was decided after one extra round or more. */
        DECIDED,
        /** A combination still undecided had had the most extra forks allowed. */
        LIMIT,
        /** The next round would have ended after the time budget. */
        BUDGET
    }

    /**
     * What the extra rounds did. Immutable.
     *
     * @param rounds    extra rounds run
     * @param ending    why they stopped
     * @param undecided the combinations still undecided at the end (tied), in the run's order; empty when decided
     */
    public record Report(int rounds, Ending ending, List<String> undecided) {

        public Report {
            undecided = List.copyOf(undecided);
        }
    }

    private AdaptiveForks() {
    }

    /**
     * Adds extra rounds as the class says.
     *
     * @param names         every combination of the run, by index
     * @param current       the summary of the forks of the combination at an index so far; {@code null} once a fork
     *                      of it failed (it is left out from then on)
     * @param fork          runs one more fork
     * @param plannedForks  forks every combination had before
     * @param meanForkNanos how long one fork took so far, to tell whether a round fits in the budget
     * @param clock         {@link System#nanoTime}, or a fake one in tests
     * @param out           where the progress and the ending are said
     */
    static Report extend(List<String> names, IntFunction<BenchmarkSummary> current, ExtraFork fork,
                         int plannedForks, double meanForkNanos, Limits limits, Undecided rule, long seed,
                         LongSupplier clock, PrintStream out) {
        Random random = new Random(~seed); // its own stream, repeated by the same seed
        long started = clock.getAsLong();
        double forkNanos = meanForkNanos;
        int round = 0;
        while (true) {
            List<Integer> undecided = undecided(names, current, rule);
            if (undecided.isEmpty()) {
                Report report = new Report(round, round == 0 ? Ending.NOTHING_UNDECIDED : Ending.DECIDED, List.of());
                say(out, round == 0 ? "[PERF] adaptive forks: no combination is tied with a neighbour after the "
                        + plannedForks + " planned forks; no extra fork" : String.format(Locale.ROOT,
                        "[PERF] adaptive forks: every neighbour's order decided after %d extra round%s",
                        round, round == 1 ? "" : "s"));
                return report;
            }
            List<String> tied = undecided.stream().map(names::get).toList();
            if (round == limits.maxExtraForks()) {
                say(out, String.format(Locale.ROOT, "[PERF] adaptive forks: the limit of %d extra fork%s per"
                                + " combination is reached; still undecided, so they stay tied: %s",
                        limits.maxExtraForks(), limits.maxExtraForks() == 1 ? "" : "s", String.join(", ", tied)));
                return new Report(round, Ending.LIMIT, tied);
            }
            long spent = clock.getAsLong() - started;
            double nextRound = forkNanos * undecided.size();
            if (spent + nextRound > limits.budget().toNanos()) {
                say(out, String.format(Locale.ROOT, "[PERF] adaptive forks: the time budget of %s ended after %d"
                                + " extra round%s (%.0f s spent, the next round would take about %.0f s); still"
                                + " undecided, so they stay tied: %s", text(limits.budget()), round,
                        round == 1 ? "" : "s", spent / 1e9, nextRound / 1e9, String.join(", ", tied)));
                return new Report(round, Ending.BUDGET, tied);
            }
            round++;
            int forkNumber = plannedForks + round;
            say(out, String.format(Locale.ROOT, "[PERF] adaptive forks, round %d: one more fork of each of %d"
                            + " combination%s tied with a neighbour: %s", round, tied.size(),
                    tied.size() == 1 ? "" : "s", String.join(", ", tied)));
            Collections.shuffle(undecided, random);
            long roundStarted = clock.getAsLong();
            for (int index : undecided) {
                fork.run(index, forkNumber);
            }
            // The latest round is the best guess of the next: the machine may have drifted since the planned forks.
            forkNanos = (double) (clock.getAsLong() - roundStarted) / undecided.size();
        }
    }

    /**
     * The placement fill, without adaptive forks: one fork more for each combination that {@code thin} finds measured
     * by one fork only in the placement of the two CPUs the ranking judges (io.loomarena.harness.ranking
     * .RankingPlacement): the host moved the CPUs during its other forks. Judged on the iterations of one fork, a
     * row's interval rests on one JVM, with Student's t for 2 degrees of freedom (4.3): about ±8% on these machines
     * where two forks give ±2-4%. Then, with the time left, one fork more for each that {@code wide} finds with an
     * interval wider than a quiet machine gives (one iteration far off the others: a host's hiccup), the thin ones
     * first. In rounds, at most {@link #FILL_ROUNDS}: each round asks both rules again (the host may have moved the
     * CPUs during the last one, or the placement judged may have changed) and runs, each group in an order shuffled
     * from the run's seed, each that fits in what is left of {@code budget} (a combination's fork estimated from
     * {@code forkNanosOf}, its planned forks' mean, then from its last fork: the slowest rows take twice as long as
     * the fastest, and a fast thin row may fit where a slow one does not). A combination still thin at the end stays
     * judged on the one fork it has, or, with fewer than 3 iterations there, tied with every other; one still wide
     * keeps its wide interval, which the ranking's ties take into account. Says what it did, one line per round.
     */
    static void fill(List<String> names, IntFunction<BenchmarkSummary> current, ExtraFork fork, int plannedForks,
                     IntToDoubleFunction forkNanosOf, Duration budget, Undecided thin, Undecided wide, long seed,
                     LongSupplier clock, PrintStream out) {
        Random random = new Random(~seed); // its own stream, repeated by the same seed
        long started = clock.getAsLong();
        double[] forkNanos = new double[names.size()];
        for (int i = 0; i < forkNanos.length; i++) {
            forkNanos[i] = forkNanosOf.applyAsDouble(i);
        }
        for (int round = 1; round <= FILL_ROUNDS; round++) {
            List<Integer> thinOnes = undecided(names, current, thin);
            List<Integer> wideOnes = undecided(names, current, wide);
            wideOnes.removeAll(thinOnes);
            if (thinOnes.isEmpty() && wideOnes.isEmpty()) {
                return;
            }
            Collections.shuffle(thinOnes, random);
            Collections.shuffle(wideOnes, random);
            List<Integer> wanted = new ArrayList<>(thinOnes);
            wanted.addAll(wideOnes);
            double left = budget.toNanos() - (clock.getAsLong() - started);
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
                say(out, String.format(Locale.ROOT, "[PERF] placement fill%s: not run, a fork takes about %.0f s"
                        + " and %.0f s of %s are left%s%s", round == 1 ? "" : ", round " + round, shortest / 1e9,
                        Math.max(0, left) / 1e9, text(budget), thinLeft.isEmpty() ? "" : "; judged on the one"
                        + " fork each has in the placement judged: " + String.join(", ", thinLeft),
                        wideLeft.isEmpty() ? "" : "; judged with the interval measured: " + String.join(", ",
                                wideLeft)));
                return;
            }
            say(out, String.format(Locale.ROOT, "[PERF] placement fill, round %d: %s%s", round,
                    fillReasons(now.stream().filter(thinOnes::contains).map(names::get).toList(),
                            now.stream().filter(wideOnes::contains).map(names::get).toList()),
                    later.isEmpty() ? "" : "; no time left in " + text(budget) + " for: "
                            + String.join(", ", later)));
            for (int index : now) {
                long forkStarted = clock.getAsLong();
                fork.run(index, plannedForks + round);
                forkNanos[index] = clock.getAsLong() - forkStarted; // the latest is the best guess of the next
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

    /** The indexes of the combinations the rule finds undecided, among those without a failed fork. */
    private static List<Integer> undecided(List<String> names, IntFunction<BenchmarkSummary> current,
                                           Undecided rule) {
        List<BenchmarkSummary> summaries = new ArrayList<>();
        List<Integer> live = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            BenchmarkSummary summary = current.apply(i);
            if (summary != null) {
                summaries.add(summary);
                live.add(i);
            }
        }
        Set<String> tied = summaries.size() < 2 ? Set.of() : new LinkedHashSet<>(rule.among(summaries));
        return live.stream().filter(i -> tied.contains(names.get(i))).collect(Collectors.toCollection(ArrayList::new));
    }

    /** {@code 4 min}, {@code 90 s}, {@code 500 ms}. */
    public static String text(Duration duration) {
        if (duration.toMillis() % 60_000 == 0) {
            return duration.toMinutes() + " min";
        }
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private static void say(PrintStream out, String line) {
        out.println(line);
        out.flush();
    }
}
