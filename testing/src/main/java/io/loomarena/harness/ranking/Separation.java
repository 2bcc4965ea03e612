package io.loomarena.harness.ranking;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.MeanInterval;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.MetricValue;
import io.loomarena.harness.summary.RatioInterval;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * How far apart two combinations of a ranking are: the ratio of their throughputs with its 95% interval, and so
 * whether the data orders them ({@link Ranking#TIE_RULE}). Stateless.
 * <p>
 * With at least two forks on each side, the ratio's interval is the hierarchical bootstrap over forks, then iterations
 * that the A/B gate uses between two builds ({@link RatioInterval}): a difference between forks of one combination
 * (a JVM that ran 30% slower than the other) widens it, where an interval over iterations would not see it. With one
 * fork, the bootstrap would only resample three iterations of one JVM and claim too much; with fewer than
 * {@value MeanInterval#MIN_VALUES} measured iterations there is nothing to resample. Then the interval is the widest
 * ratio the two combinations' own intervals allow (their min–max ranges without an interval), which excludes 1 exactly
 * when those intervals do not overlap: the rule of rankings before fork-level intervals.
 */
public final class Separation {

    private Separation() {
    }

    /**
     * The combinations, by name, whose order against a neighbour (the one ranked just above or just below, fastest
     * first) the data of {@code summaries} cannot tell ({@link Ranking#TIE_RULE}): the rule by which adaptive forks
     * add forks ({@code io.loomarena.harness.session.AdaptiveForks}). Pairs judged by the interval of their ratio, as
     * {@link Ranking#of} judges them, on the iterations of one placement of the CPUs ({@link RankingPlacement}), but
     * not for a disturbance ({@link #disturbed}), which more forks cannot undo. A combination with too few iterations
     * in that placement is undecided too: a fork more may fill it.
     */
    public static Set<String> undecidedNeighbours(List<BenchmarkSummary> summaries) {
        RankingPlacement placement = RankingPlacement.of(summaries);
        List<BenchmarkSummary> sorted = placement.judged().stream().sorted(Ranking.FASTEST_FIRST).toList();
        Set<String> undecided = new LinkedHashSet<>(placement.apart());
        for (int i = 1; i < sorted.size(); i++) {
            if (!throughputRatio(sorted.get(i), sorted.get(i - 1)).excludesOne()) {
                undecided.add(sorted.get(i - 1).combination());
                undecided.add(sorted.get(i).combination());
            }
        }
        return undecided;
    }

    /**
     * Whether the data orders the two combinations: the interval of their throughputs' ratio excludes 1 and neither was
     * measured beside other work on its CPUs ({@link #disturbed}). Symmetric.
     */
    static boolean ordered(BenchmarkSummary of, BenchmarkSummary against) {
        return !disturbed(of) && !disturbed(against) && throughputRatio(of, against).excludesOne();
    }

    /**
     * Whether other work took {@link HarnessMetrics#DISTURBED} or more of a pinned CPU during a measured iteration of
     * the combination (a neighbour, the host's steal). Such work does not fall on every combination alike: a busy loop
     * takes about a quarter of a CPU from a client with one carrier thread and little from one with 100 platform
     * threads (docs/results/2026-11-25-quiet-and-loaded.md). So a ranking does not order the combination against any
     * other, whatever its interval: it says so and ties it.
     */
    public static boolean disturbed(BenchmarkSummary summary) {
        MetricValue share = summary.aggregate().metric(HarnessMetrics.NEIGHBOUR_CPU_SHARE);
        return share != null && share.value() >= HarnessMetrics.DISTURBED;
    }

    /**
     * {@code throughput(of) / throughput(against)} with its interval. Throughput is a fixed work's operations over the
     * mean elapsed time, so the ratio is {@code mean elapsed(against) / mean elapsed(of)}.
     */
    static RatioInterval throughputRatio(BenchmarkSummary of, BenchmarkSummary against) {
        if (resamplable(of) && resamplable(against)) {
            return RatioInterval.of(elapsedByFork(of), elapsedByFork(against), MeanInterval.LEVEL);
        }
        Aggregate a = of.aggregate();
        Aggregate b = against.aggregate();
        ConfidenceInterval ia = a.elapsedCi95Nanos();
        ConfidenceInterval ib = b.elapsedCi95Nanos();
        double fastestOf = ia == null ? a.minElapsedNanos() : ia.low();
        double slowestOf = ia == null ? a.maxElapsedNanos() : ia.high();
        double fastestAgainst = ib == null ? b.minElapsedNanos() : ib.low();
        double slowestAgainst = ib == null ? b.maxElapsedNanos() : ib.high();
        double ratio = b.averageElapsedNanos() / a.averageElapsedNanos();
        // A t interval of very different iterations can reach below zero: no bound on that side.
        double low = slowestOf <= 0 ? 0 : Math.max(0, fastestAgainst) / slowestOf;
        double high = fastestOf <= 0 ? Double.MAX_VALUE : slowestAgainst / fastestOf;
        return new RatioInterval(ratio, Math.min(low, ratio), Math.max(high, ratio), MeanInterval.LEVEL);
    }

    /** Whether the fork-level bootstrap applies: two forks or more, and enough iterations for an interval. */
    static boolean resamplable(BenchmarkSummary summary) {
        List<MeasuredRun> runs = summary.runs().measured();
        return runs.stream().mapToInt(MeasuredRun::fork).distinct().count() >= 2
                && runs.size() >= MeanInterval.MIN_VALUES && runs.stream().allMatch(run -> run.elapsedNanos() > 0);
    }

    private static List<List<Double>> elapsedByFork(BenchmarkSummary summary) {
        return summary.runs().measured().stream()
                .collect(java.util.stream.Collectors.groupingBy(MeasuredRun::fork, java.util.TreeMap::new,
                        java.util.stream.Collectors.mapping(run -> (double) run.elapsedNanos(),
                                java.util.stream.Collectors.toList())))
                .values().stream().toList();
    }
}
