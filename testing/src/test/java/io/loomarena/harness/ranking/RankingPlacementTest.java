package io.loomarena.harness.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.SummaryFixtures;

class RankingPlacementTest {

    // Iteration times of a fork measured with the CPUs near, and far apart (about 25% slower), as on 2026-11-27.
    private static final double[] NEAR = {1000, 1004, 996};
    private static final double[] FAR = {1250, 1255, 1245};
    // A model 5% slower, in each placement.
    private static final double[] NEAR_5_PERCENT_SLOWER = {1050, 1054, 1046};
    private static final double[] FAR_5_PERCENT_SLOWER = {1312, 1318, 1307};
    private static final double[] NEAR_NS = {60, 58, 61};
    private static final double[] FAR_NS = {340, 345, 338};

    private static BenchmarkSummary measured(String server, double[] fork1, double[] ns1, double[] fork2,
                                             double[] ns2) {
        double[] nanos = new double[ns1.length + ns2.length];
        System.arraycopy(ns1, 0, nanos, 0, ns1.length);
        System.arraycopy(ns2, 0, nanos, ns1.length, ns2.length);
        return SummaryFixtures.withCrossCpu(SummaryFixtures.forked(server, "VIRTUAL_CLIENT", fork1, fork2), nanos);
    }

    private static Ranking rank(BenchmarkSummary... summaries) {
        return Ranking.of("echo", List.of(summaries), List.of(), "test");
    }

    private static double halfWidthPercent(RankedCombination entry) {
        ConfidenceInterval ci = entry.summary().aggregate().elapsedCi95Nanos();
        double mean = entry.summary().aggregate().averageElapsedNanos();
        return (ci.high() - ci.low()) / 2 / mean * 100;
    }

    @Test
    void forksInDifferentPlacementsAreJudgedLikeWithLikeSoAFivePercentDifferenceIsOrdered() {
        // Each model had one fork near and one far, in opposite order: over every iteration both intervals span
        // both placements (about +-12%) and the 5% cannot be told.
        BenchmarkSummary fast = measured("VIRTUAL_SERVER", NEAR, NEAR_NS, FAR, FAR_NS);
        BenchmarkSummary slower = measured("POOL_SERVER", FAR_5_PERCENT_SLOWER, FAR_NS, NEAR_5_PERCENT_SLOWER,
                NEAR_NS);
        Ranking blind = rank(SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR),
                SummaryFixtures.forked("POOL_SERVER", "VIRTUAL_CLIENT", FAR_5_PERCENT_SLOWER,
                        NEAR_5_PERCENT_SLOWER));
        assertThat(blind.entries().get(1).tiedWith()).containsExactly(1);
        assertThat(blind.placement()).isEmpty();

        Ranking judged = rank(fast, slower);

        assertThat(judged.entries()).extracting(RankedCombination::combination)
                .containsExactly("VIRTUAL_SERVER+VIRTUAL_CLIENT", "POOL_SERVER+VIRTUAL_CLIENT");
        assertThat(judged.entries().get(1).tiedWith()).isEmpty();
        assertThat(judged.entries().get(1).vsFastest().ratio()).isCloseTo(1 / 1.05,
                org.assertj.core.data.Offset.offset(0.002));
        assertThat(judged.entries()).allSatisfy(entry -> assertThat(halfWidthPercent(entry)).isLessThan(5));
        assertThat(judged.entries()).allSatisfy(entry -> assertThat(entry.summary().runs().measured())
                .hasSize(3).allSatisfy(run -> assertThat(run.elapsedNanos()).isLessThan(1_100_000_000L)));
        assertThat(judged.placement()).isEqualTo("placement: judged on the iterations measured with the server's"
                + " and the client's CPUs near, like with like (6 iterations near, round trip at most 61 ns; 6 far"
                + " apart, up to 345 ns; 0 moved during the iteration); 6 iterations of the others set aside");
        assertThat(ConsoleRanking.render(RankingTable.of(judged, BenchmarkSuite.Ranked.FASTEST_FIRST)))
                .contains("[PERF] placement: judged on the iterations measured")
                .contains("(6 measured iterations judged; 6 more set aside by the placement line)");
        assertThat(MarkdownRanking.render(RankingTable.of(judged, BenchmarkSuite.Ranked.FASTEST_FIRST)))
                .contains("(the iterations judged; 6 more set aside by the placement line).");
    }

    @Test
    void aCombinationMeasuredOnlyInTheOtherPlacementIsJudgedOnAllItsIterationsAndTiedWithEveryOther() {
        BenchmarkSummary near = measured("VIRTUAL_SERVER", NEAR, NEAR_NS, NEAR, NEAR_NS);
        BenchmarkSummary alsoNear = measured("POOL_SERVER", NEAR_5_PERCENT_SLOWER, NEAR_NS, FAR_5_PERCENT_SLOWER,
                FAR_NS);
        BenchmarkSummary onlyFar = measured("PLATFORM_SERVER", FAR, FAR_NS, FAR, FAR_NS);

        Ranking ranking = rank(near, alsoNear, onlyFar);

        RankedCombination far = ranking.entries().stream()
                .filter(e -> e.combination().equals("PLATFORM_SERVER+VIRTUAL_CLIENT")).findFirst().orElseThrow();
        assertThat(far.summary().runs().measured()).hasSize(6);
        assertThat(ranking.apart(far)).isTrue();
        assertThat(ranking.apart(ranking.entries().get(0))).isFalse();
        assertThat(far.tiedWith()).hasSize(2);
        assertThat(ranking.entries().get(0).tiedWith()).containsExactly(far.rank());
        assertThat(ranking.placement()).endsWith("; PLATFORM_SERVER+VIRTUAL_CLIENT had fewer than 3 iterations"
                + " near: judged on all its and tied with every other combination");
        assertThat(Separation.undecidedNeighbours(List.of(near, alsoNear, onlyFar)))
                .contains("PLATFORM_SERVER+VIRTUAL_CLIENT");
    }

    @Test
    void oneDisturbedReadingFarAboveTheRestDoesNotMergeTheTwoPlacements() {
        // Seen on 2026-11-27: readings of 1,100-1,300 ns beside placements at about 60 and 340 ns, and some between.
        // At the widest jump between sorted readings (345 to 1,276, wider than 61 to 200), 60 and 345 would have been
        // one placement.
        BenchmarkSummary fast = measured("VIRTUAL_SERVER", NEAR, NEAR_NS, FAR, new double[] {200, 1276, 338});
        BenchmarkSummary slower = measured("POOL_SERVER", FAR_5_PERCENT_SLOWER, FAR_NS, NEAR_5_PERCENT_SLOWER,
                NEAR_NS);

        Ranking ranking = rank(fast, slower);

        assertThat(ranking.placement()).contains("6 iterations near, round trip at most 61 ns; 6 far apart, up to"
                + " 1276 ns");
        assertThat(ranking.entries().get(1).tiedWith()).isEmpty();
    }

    @Test
    void iterationsDuringWhichTheCpusMovedAreSetAside() {
        BenchmarkSummary moved = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, new double[] {1000, 1120, 1250}),
                new double[] {60, 58, 61, 60, 59, 340}, new double[] {58, 61, 60, 59, 340, 342});
        BenchmarkSummary other = measured("POOL_SERVER", NEAR_5_PERCENT_SLOWER, NEAR_NS, NEAR_5_PERCENT_SLOWER,
                NEAR_NS);

        Ranking ranking = rank(moved, other);

        assertThat(ranking.entries().get(0).summary().runs().measured()).hasSize(4);
        assertThat(ranking.entries().get(0).summary().runs().setAside()).isEqualTo(2);
        assertThat(ranking.placement()).contains("1 moved during the iteration").contains("1 far apart");
    }

    @Test
    void anIterationWhoseCostSaysTheCpusMovedAndCameBackIsSetAsideSoItsIntervalIsNarrow() {
        // Every reading near, but fork 2's second iteration ran 27% longer with the server and the client both 27%
        // dearer per message: the host moved the CPUs during it and back before the next reading (2026-11-28, the noise
        // matrix's POOL_SERVER+PLATFORM_CLIENT). Judged on every iteration the row's interval passes +-5%.
        BenchmarkSummary plain = SummaryFixtures.forked("POOL_SERVER", "PLATFORM_CLIENT", NEAR,
                new double[] {1000, 1270, 1002}, NEAR);
        BenchmarkSummary dipped = SummaryFixtures.withClientCpu(SummaryFixtures.withServerCpu(
                SummaryFixtures.withCrossCpu(plain, 55, 52, 57, 51, 54, 56, 53, 55, 52), 10_000, 10_050, 10_020,
                10_030, 12_700, 10_010, 10_040, 10_000, 10_060), 0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.98, 0.98);
        BenchmarkSummary other = SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", NEAR_5_PERCENT_SLOWER, NEAR_5_PERCENT_SLOWER, NEAR_5_PERCENT_SLOWER),
                60, 58, 61, 59, 60, 58, 61, 59, 60);
        assertThat(rank(SummaryFixtures.forked("POOL_SERVER", "PLATFORM_CLIENT", NEAR,
                new double[] {1000, 1270, 1002}, NEAR), other).entries()).filteredOn(entry -> entry.combination()
                .equals("POOL_SERVER+PLATFORM_CLIENT")).singleElement().satisfies(entry -> assertThat(
                        halfWidthPercent(entry)).isGreaterThan(5));

        Ranking ranking = rank(dipped, other);

        RankedCombination row = ranking.entries().get(0);
        assertThat(row.combination()).isEqualTo("POOL_SERVER+PLATFORM_CLIENT");
        assertThat(row.summary().runs().measured()).hasSize(8).allSatisfy(run -> assertThat(run.elapsedNanos())
                .isLessThan(1_100_000_000L));
        assertThat(halfWidthPercent(row)).isLessThan(1);
        assertThat(ranking.entries().get(1).tiedWith()).isEmpty();
        assertThat(ranking.placement()).isEqualTo("placement: judged on the iterations measured with the server's"
                + " and the client's CPUs near, like with like (17 iterations near, round trip at most 61 ns; 0 far"
                + " apart; 1 moved during the iteration (1 of them seen by their cost, not the readings:"
                + " the server's and the client's CPU per operation both 10% or more above the cheapest near iteration"
                + " of their combination or build, or, far apart, the dearest that much above them));"
                + " 1 iteration of the others set aside");
    }

    @Test
    void onePlacementOrNoReadingChangesNothing() {
        BenchmarkSummary a = measured("VIRTUAL_SERVER", NEAR, NEAR_NS, NEAR, new double[] {70, 75, 117});
        BenchmarkSummary b = measured("POOL_SERVER", NEAR_5_PERCENT_SLOWER, NEAR_NS, NEAR_5_PERCENT_SLOWER,
                NEAR_NS);

        RankingPlacement one = RankingPlacement.of(List.of(a, b));
        RankingPlacement none = RankingPlacement.of(List.of(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR), b));

        assertThat(one.judged()).containsExactly(a, b);
        assertThat(one.line()).isEqualTo("placement: every measured iteration ran with the server's and the"
                + " client's CPUs in one placement (cross-CPU round trip 58-117 ns)");
        assertThat(none.judged().get(0).runs().measured()).hasSize(6);
        assertThat(none.line()).isEmpty();
        assertThat(none.apart()).isEmpty();
    }
}
