package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RatioInterval;

/** "A ranks above B" only where the interval of their throughputs' ratio excludes 1 ({@link Ranking#TIE_RULE}). */
class TiesByRatioTest {

    private static double[] fork(double... millis) {
        return millis;
    }

    private static Ranking rank(BenchmarkSummary... summaries) {
        return Ranking.of("echo", List.of(summaries), List.of(), "test");
    }

    private static RankedCombination entry(Ranking ranking, String server) {
        return ranking.entries().stream().filter(e -> e.summary().serverLabel().equals(server)).findFirst()
                .orElseThrow();
    }

    @Test
    void forksThatAgreeAndADifferenceOfTwentyPercentAreOrdered() {
        Ranking ranking = rank(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99), fork(102, 101, 103)),
                forked("B_SERVER", "X_CLIENT", fork(120, 121, 119), fork(122, 121, 123)));

        assertThat(ranking.tiedWith(ranking.entries().get(0))).isEmpty();
        assertThat(ranking.tiedWith(ranking.entries().get(1))).isEmpty();
        RatioInterval vsFastest = ranking.entries().get(1).vsFastest();
        assertThat(vsFastest.ratio()).isCloseTo(101.0 / 121.0, within(1e-9));
        assertThat(vsFastest.upper()).isLessThan(1);
        assertThat(vsFastest.lower()).isGreaterThan(0.8);
    }

    @Test
    void aForkShiftOfOneSideTiesTwoCombinationsWhoseMeansDifferBySixPercent() {
        // A's second JVM ran 40% slower than its first; B's forks agree. Over six iterations as if independent, A's
        // mean (120) is 6% above B's (113); over forks, A's level is anywhere between 100 and 140.
        Ranking ranking = rank(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99), fork(140, 141, 139)),
                forked("B_SERVER", "X_CLIENT", fork(112, 113, 111), fork(114, 113, 115)));

        assertThat(ranking.entries()).extracting(RankedCombination::combination)
                .containsExactly("B_SERVER+X_CLIENT", "A_SERVER+X_CLIENT");
        assertThat(ranking.tiedWith(ranking.entries().get(0))).containsExactly(2);
        assertThat(ranking.tiedWith(ranking.entries().get(1))).containsExactly(1);
        RatioInterval vsFastest = ranking.entries().get(1).vsFastest();
        assertThat(vsFastest.lower()).isLessThan(1);
        assertThat(vsFastest.upper()).isGreaterThan(1);
    }

    @Test
    void tiesArePairwiseAndTheOrderByMeanNeverContradictsAnOrderedPair() {
        // A above B (5%, forks agree); C, whose forks differ by 30%, ties with both.
        Ranking ranking = rank(forked("A_SERVER", "X_CLIENT", fork(100, 100.5, 99.5), fork(100.2, 99.8, 100)),
                forked("B_SERVER", "X_CLIENT", fork(105, 105.5, 104.5), fork(105.2, 104.8, 105)),
                forked("C_SERVER", "X_CLIENT", fork(88, 88.5, 87.5), fork(118, 118.5, 117.5)));

        RankedCombination a = entry(ranking, "A_SERVER");
        RankedCombination b = entry(ranking, "B_SERVER");
        RankedCombination c = entry(ranking, "C_SERVER");
        assertThat(List.of(a.rank(), c.rank(), b.rank())).containsExactly(1, 2, 3);
        assertThat(ranking.tiedWith(a)).containsExactly(c.rank());
        assertThat(ranking.tiedWith(b)).containsExactly(c.rank());
        assertThat(ranking.tiedWith(c)).containsExactly(a.rank(), b.rank());
        assertThat(ranking.tiedWithFastest()).containsExactly(c);
        assertThat(ConsoleRanking.render(Tables.fastest(ranking))).contains("tied-with=2,", "tied-with=1,3,");
    }

    @Test
    void withOneForkTheOwnIntervalsDecideAsBefore() {
        // One JVM each: a bootstrap over three iterations of one JVM would claim too much; overlap decides.
        Ranking overlapping = rank(forked("A_SERVER", "X_CLIENT", fork(100, 110, 120)),
                forked("B_SERVER", "X_CLIENT", fork(115, 125, 135)));
        Ranking apart = rank(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99)),
                forked("B_SERVER", "X_CLIENT", fork(115, 116, 114)));

        assertThat(overlapping.tiedWith(overlapping.fastest())).containsExactly(2);
        assertThat(apart.tiedWith(apart.fastest())).isEmpty();
        RatioInterval ratio = apart.entries().get(1).vsFastest();
        var fastestCi = apart.fastest().summary().aggregate().elapsedCi95Nanos();
        var slowerCi = apart.entries().get(1).summary().aggregate().elapsedCi95Nanos();
        assertThat(ratio.lower()).isCloseTo(fastestCi.low() / slowerCi.high(), within(1e-12));
        assertThat(ratio.upper()).isCloseTo(fastestCi.high() / slowerCi.low(), within(1e-12));
    }

    @Test
    void theFastestIsOneAgainstItselfAndEveryOtherRowBelowIt() {
        Ranking ranking = rank(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99), fork(102, 101, 103)),
                forked("B_SERVER", "X_CLIENT", fork(150, 151, 149), fork(152, 151, 153)),
                forked("C_SERVER", "X_CLIENT", fork(200, 201, 199), fork(202, 201, 203)));

        assertThat(ranking.fastest().vsFastest()).isEqualTo(new RatioInterval(1, 1, 1, 0.95));
        assertThat(ranking.entries()).extracting(e -> e.vsFastest().ratio())
                .containsExactly(1.0, 101.0 / 151.0, 101.0 / 201.0);
        assertThat(MarkdownRanking.render(Tables.fastest(ranking))).contains("| none | 1 |", "| none | 0.669 (",
                "| none | 0.502 (");
    }
}
