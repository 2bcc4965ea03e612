package io.loomarena.harness.ranking;

import java.util.List;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RatioInterval;

/**
 * One line of a ranking. Immutable.
 *
 * @param rank         1 for the fastest
 * @param summary      the combination's summary
 * @param deltaNanos   how much longer its average took than the fastest's
 * @param deltaPercent the same, in percent of the fastest's average
 * @param vsFastest    its throughput over the fastest's, with the 95% interval of that ratio ({@link Separation});
 *                     exactly 1 for the fastest itself
 * @param tiedWith     the ranks of the combinations the data does not order it against ({@link Ranking#TIE_RULE}),
 *                     ascending
 */
public record RankedCombination(int rank, BenchmarkSummary summary, double deltaNanos, double deltaPercent,
                                RatioInterval vsFastest, List<Integer> tiedWith) {

    public RankedCombination {
        tiedWith = List.copyOf(tiedWith);
    }

    public String combination() {
        return summary.combination();
    }

    /** Mean elapsed time of the measured runs, seconds. */
    public double averageSeconds() {
        return summary.aggregate().averageElapsedNanos() / 1e9;
    }

    /** Operations per second at the average elapsed time. */
    public double throughput() {
        return summary.aggregate().throughput();
    }

    /** Average elapsed time divided by the operations of one run, milliseconds per operation. */
    public double millisPerOperation() {
        long operations = summary.aggregate().operationsPerRun();
        return operations == 0 ? 0 : summary.aggregate().averageElapsedNanos() / 1e6 / operations;
    }
}
