package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.Runs;

/**
 * A ranking whose rows rest on different numbers of forks, because adaptive forks added some: each row says how many.
 */
class AdaptiveForksRankingTest {

    private static double[] fork(double... millis) {
        return millis;
    }

    /** {@code summary} as if the last {@code adaptive} of its forks had been added by adaptive forks. */
    private static BenchmarkSummary withAdaptiveForks(BenchmarkSummary summary, int adaptive) {
        Runs runs = summary.runs();
        return new BenchmarkSummary(summary.suite(), summary.combination(), summary.serverModel(),
                summary.clientModel(), summary.serverLabel(), summary.clientLabel(), summary.unit(), summary.workload(),
                new Runs(runs.forks(), runs.warmupIterations(), runs.iterations(), runs.measured(), 7L, adaptive),
                summary.aggregate(), summary.environment());
    }

    private static Ranking ranking() {
        BenchmarkSummary a = withAdaptiveForks(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99), fork(104, 105, 103),
                fork(95, 96, 94)), 1);
        BenchmarkSummary b = withAdaptiveForks(forked("B_SERVER", "X_CLIENT", fork(106, 107, 105), fork(102, 103, 101),
                fork(118, 117, 119)), 1);
        BenchmarkSummary c = forked("C_SERVER", "X_CLIENT", fork(200, 201, 199), fork(202, 201, 203));
        return Ranking.of("echo", List.of(a, b, c), List.of(), "test");
    }

    @Test
    void summariesWithTheSamePlannedForksAreRankedAndEachRowSaysItsForks() {
        Ranking ranking = ranking();

        assertThat(ranking.hasAdaptiveForks()).isTrue();
        assertThat(ranking.shape()).startsWith("2 forks x 3 measured iterations")
                .endsWith(", and up to 1 adaptive fork more where a neighbour's order was undecided or the"
                        + " placement judged had one fork of the row (forks per row)");
        assertThat(ConsoleRanking.render(Tables.fastest(ranking)))
                .contains("1) A_SERVER+X_CLIENT", "2) B_SERVER+X_CLIENT", "3) C_SERVER+X_CLIENT")
                .containsPattern("1\\) A_SERVER\\+X_CLIENT .*forks=3,")
                .containsPattern("3\\) C_SERVER\\+X_CLIENT .*forks=2,");
        String markdown = MarkdownRanking.render(Tables.fastest(ranking));
        assertThat(markdown).contains("| forks |");
        assertThat(markdown.lines().filter(line -> line.startsWith("| 1 |") || line.startsWith("| 3 |")))
                .satisfiesExactly(first -> assertThat(first).endsWith("| 3 |"),
                        third -> assertThat(third).endsWith("| 2 |"));
        assertThat(MarkdownRanking.render(Tables.level(ranking))).contains("| forks |");
    }

    @Test
    void withoutAdaptiveForksNoForksColumnIsAdded() {
        Ranking ranking = Ranking.of("echo", List.of(forked("A_SERVER", "X_CLIENT", fork(100, 101, 99),
                fork(101, 100, 102)), forked("C_SERVER", "X_CLIENT", fork(200, 201, 199), fork(202, 201, 203))),
                List.of(), "test");

        assertThat(ranking.hasAdaptiveForks()).isFalse();
        assertThat(ranking.shape()).doesNotContain("adaptive");
        assertThat(MarkdownRanking.render(Tables.fastest(ranking))).doesNotContain("| forks |");
    }

    @Test
    void summariesPlannedWithOtherForksAreStillRefused() {
        BenchmarkSummary threePlanned = forked("A_SERVER", "X_CLIENT", fork(100, 101, 99), fork(104, 105, 103),
                fork(95, 96, 94));
        BenchmarkSummary twoPlanned = forked("C_SERVER", "X_CLIENT", fork(200, 201, 199), fork(202, 201, 203));

        assertThatThrownBy(() -> Ranking.of("echo", List.of(threePlanned, twoPlanned), List.of(), "test"))
                .isInstanceOf(RankingException.class).hasMessageContaining("the summaries differ in forks");
    }
}
