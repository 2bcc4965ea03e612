package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static io.loomarena.harness.summary.SummaryFixtures.withCrossCpu;
import static io.loomarena.harness.summary.SummaryFixtures.withNeighbours;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * A fastest-first ranking in which no two combinations could be compared ranks every row and ends with one NO VERDICT
 * line saying why and what to do, never an exception; on fake readings.
 */
class RankingNoVerdictTest {

    private static final double[] FAST = {100, 101, 99};
    private static final double[] SLOW = {150, 151, 149};

    @Test
    void everyCombinationDisturbedGivesOneNoVerdictLine() {
        BenchmarkSummary a = withNeighbours(forked("A_SERVER", "X_CLIENT", FAST, FAST), 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);
        BenchmarkSummary b = withNeighbours(forked("B_SERVER", "X_CLIENT", SLOW, SLOW), 0.2, 0.2, 0.2, 0.2, 0.2, 0.2);

        Ranking ranking = Ranking.of("echo", List.of(a, b), List.of(), "test");

        assertThat(ranking.entries()).hasSize(2);
        assertThat(RankingNoVerdict.of(ranking, BenchmarkSuite.Ranked.FASTEST_FIRST)).hasValue("[PERF] NO VERDICT"
                + " echo: throughput order: no two combinations could be compared (A_SERVER+X_CLIENT and"
                + " B_SERVER+X_CLIENT were measured beside other work taking 10% or more of a pinned CPU), so every"
                + " row ties whatever its figures; rank again on a quieter runner (nothing else on the two CPUs the"
                + " run pins) (a failure only with -Dloomarena.noVerdict=fail)");
    }

    @Test
    void oneCombinationJudgedAndTheOtherWithNothingInThePlacementJudgedGivesTheLineWithMoreForks() {
        // A measured near in all six iterations, B far apart in all six: B has nothing in the placement judged.
        BenchmarkSummary a = withCrossCpu(forked("A_SERVER", "X_CLIENT", FAST, FAST), 60, 58, 61, 59, 57, 62);
        BenchmarkSummary b = withCrossCpu(forked("B_SERVER", "X_CLIENT", SLOW, SLOW), 340, 345, 338, 341, 339, 344);
        BenchmarkSummary c = withNeighbours(forked("C_SERVER", "X_CLIENT", SLOW, SLOW), 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);

        Ranking ranking = Ranking.of("echo", List.of(a, withNeighbours(b, 0, 0, 0, 0, 0, 0),
                withCrossCpu(c, 60, 58, 61, 59, 57, 62)), List.of(), "test");

        assertThat(RankingNoVerdict.of(ranking, BenchmarkSuite.Ranked.FASTEST_FIRST)).hasValue("[PERF] NO VERDICT"
                + " echo: throughput order: no two combinations could be compared (C_SERVER+X_CLIENT was measured"
                + " beside other work taking 10% or more of a pinned CPU; B_SERVER+X_CLIENT had fewer than 3"
                + " iterations in the placement of the CPUs judged), so every row ties whatever its figures; rank"
                + " again on a quieter runner (nothing else on the two CPUs the run pins), or with more forks"
                + " (-Dloomarena.forks, 2 now) or a longer placement fill (-Dloomarena.fillBudget) (a failure only"
                + " with -Dloomarena.noVerdict=fail)");
    }

    @Test
    void twoCombinationsComparedOrAnOpenModelRankingHaveNoSuchLine() {
        BenchmarkSummary a = forked("A_SERVER", "X_CLIENT", FAST, FAST);
        BenchmarkSummary b = withNeighbours(forked("B_SERVER", "X_CLIENT", SLOW, SLOW), 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);
        BenchmarkSummary c = forked("C_SERVER", "X_CLIENT", SLOW, SLOW);

        assertThat(RankingNoVerdict.of(Ranking.of("echo", List.of(a, b, c), List.of(), "test"),
                BenchmarkSuite.Ranked.FASTEST_FIRST)).isEmpty();
        assertThat(RankingNoVerdict.of(Ranking.of("echo", List.of(b, b), List.of(), "test"),
                BenchmarkSuite.Ranked.BY_P99)).isEmpty();
        assertThat(RankingNoVerdict.of(Ranking.of("echo", List.of(b), List.of(), "test"),
                BenchmarkSuite.Ranked.FASTEST_FIRST)).as("one combination: nothing to rank it against, said so").isEmpty();
    }
}
