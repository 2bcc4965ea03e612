package io.loomarena.harness.ranking;

import java.util.Comparator;
import java.util.List;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;

/**
 * The order of an open-model ranking: p99 latency of the measured runs' merged histograms, lowest first, then name.
 * Used where elapsed time says nothing, because the schedule, not the server, fixes how long a run takes. Stateless.
 */
public final class P99Order {

    /** Lowest p99 first; equal p99s by the higher error rate last, then by name. */
    public static final Comparator<BenchmarkSummary> LOWEST_P99_FIRST = Comparator
            .comparingLong((BenchmarkSummary s) -> s.aggregate().latency().p99())
            .thenComparingDouble(P99Order::errorRate)
            .thenComparing(BenchmarkSummary::combination);

    private P99Order() {
    }

    /** The ranking's combinations, lowest p99 first. */
    public static List<BenchmarkSummary> sorted(Ranking ranking) {
        return ranking.entries().stream().map(RankedCombination::summary).sorted(LOWEST_P99_FIRST).toList();
    }

    /** Failed requests over all requests of the measured runs (answered or failed), 0..1. */
    public static double errorRate(BenchmarkSummary summary) {
        long errors = summary.runs().measured().stream().mapToLong(MeasuredRun::totalErrors).sum();
        long answered = summary.runs().measured().stream().mapToLong(MeasuredRun::operations).sum();
        return errors + answered == 0 ? 0 : (double) errors / (errors + answered);
    }

    /** Every request the measured runs accounted for, answered or failed. */
    public static long requests(BenchmarkSummary summary) {
        return summary.runs().measured().stream().mapToLong(r -> r.operations() + r.totalErrors()).sum();
    }
}
