package io.loomarena.harness.session;

import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Random;
import java.util.Set;

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
    /** The longest budget: a day (a longer one is a typo, and would overflow a count of nanoseconds). */
    public static final Duration MAX_BUDGET = Duration.ofDays(1);

    /**
     * How far forks beyond the planned ones may go: adaptive forks (-Dloomarena.adaptiveForks,
     * -Dloomarena.forkBudget), or, when they are off, the placement fill ({@link PlacementFill},
     * -Dloomarena.fillBudget). Immutable.
     *
     * @param maxExtraForks at most this many forks per combination beyond the planned ones; 0: adaptive forks off
     * @param budget        the time the extra rounds may take together; a round that would end after it is not
     *                      started (its length estimated from the forks measured so far)
     * @param fillBudget    the time the placement fill may take; a fork that would end after it is
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
            this(maxExtraForks, budget, PlacementFill.DEFAULT_BUDGET);
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
     * Adds extra rounds to {@code run} as the class says.
     *
     * @param meanForkNanos how long one fork took so far, to tell whether a round fits in the budget
     * @param limits        the most extra forks per combination and the time budget
     * @param rule          the ranking's rule: which combinations are tied with a neighbour
     */
    static Report extend(ExtraForkRun run, double meanForkNanos, Limits limits, Undecided rule) {
        List<String> names = run.names();
        int plannedForks = run.plannedForks();
        Random random = new Random(~run.seed()); // its own stream, repeated by the same seed
        long started = run.clock().getAsLong();
        double forkNanos = meanForkNanos;
        int round = 0;
        while (true) {
            List<Integer> undecided = run.undecided(rule);
            if (undecided.isEmpty()) {
                Report report = new Report(round, round == 0 ? Ending.NOTHING_UNDECIDED : Ending.DECIDED, List.of());
                run.say(round == 0 ? "[PERF] adaptive forks: no combination is tied with a neighbour after the "
                        + plannedForks + " planned forks; no extra fork" : String.format(Locale.ROOT,
                        "[PERF] adaptive forks: every neighbour's order decided after %d extra round%s",
                        round, round == 1 ? "" : "s"));
                return report;
            }
            List<String> tied = undecided.stream().map(names::get).toList();
            if (round == limits.maxExtraForks()) {
                run.say(String.format(Locale.ROOT, "[PERF] adaptive forks: the limit of %d extra fork%s per"
                                + " combination is reached; still undecided, so they stay tied: %s",
                        limits.maxExtraForks(), limits.maxExtraForks() == 1 ? "" : "s", String.join(", ", tied)));
                return new Report(round, Ending.LIMIT, tied);
            }
            long spent = run.clock().getAsLong() - started;
            double nextRound = forkNanos * undecided.size();
            if (spent + nextRound > limits.budget().toNanos()) {
                run.say(String.format(Locale.ROOT, "[PERF] adaptive forks: the time budget of %s ended after %d"
                                + " extra round%s (%.0f s spent, the next round would take about %.0f s); still"
                                + " undecided, so they stay tied: %s", text(limits.budget()), round,
                        round == 1 ? "" : "s", spent / 1e9, nextRound / 1e9, String.join(", ", tied)));
                return new Report(round, Ending.BUDGET, tied);
            }
            round++;
            int forkNumber = plannedForks + round;
            run.say(String.format(Locale.ROOT, "[PERF] adaptive forks, round %d: one more fork of each of %d"
                            + " combination%s tied with a neighbour: %s", round, tied.size(),
                    tied.size() == 1 ? "" : "s", String.join(", ", tied)));
            Collections.shuffle(undecided, random);
            long roundStarted = run.clock().getAsLong();
            for (int index : undecided) {
                run.fork().run(index, forkNumber);
            }
            // The latest round is the best guess of the next: the machine may have drifted since the planned forks.
            forkNanos = (double) (run.clock().getAsLong() - roundStarted) / undecided.size();
        }
    }

    /** {@code 4 min}, {@code 90 s}, {@code 500 ms}. */
    public static String text(Duration duration) {
        if (duration.toMillis() % 60_000 == 0) {
            return duration.toMinutes() + " min";
        }
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
