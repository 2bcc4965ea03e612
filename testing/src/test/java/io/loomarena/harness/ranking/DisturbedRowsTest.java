package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static io.loomarena.harness.summary.SummaryFixtures.withNeighbours;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.BenchmarkSummary;

/** A row measured beside other work on its CPUs is not ordered against any other ({@link Separation#disturbed}). */
class DisturbedRowsTest {

    private static final double[] FAST = {100, 101, 99};
    private static final double[] MIDDLE = {120, 121, 119};
    private static final double[] SLOW = {150, 151, 149};

    @Test
    void aDisturbedRowTiesWithEveryOtherAndTheOthersKeepTheirOrder() {
        // B's second fork ran while a neighbour took 24% of a pinned CPU; 2% is what an idle machine reads.
        BenchmarkSummary a = withNeighbours(forked("A_SERVER", "X_CLIENT", FAST, FAST), 0.02, 0.01, 0, 0.03, 0, 0);
        BenchmarkSummary b = withNeighbours(forked("B_SERVER", "X_CLIENT", MIDDLE, MIDDLE), 0, 0, 0, 0.24, 0.22, 0.2);
        BenchmarkSummary c = forked("C_SERVER", "X_CLIENT", SLOW, SLOW);

        Ranking ranking = Ranking.of("echo", List.of(a, b, c), List.of(), "test");

        assertThat(ranking.entries()).extracting(RankedCombination::combination)
                .containsExactly("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT", "C_SERVER+X_CLIENT");
        assertThat(ranking.tiedWith(ranking.entries().get(0))).containsExactly(2);
        assertThat(ranking.tiedWith(ranking.entries().get(1))).containsExactly(1, 3);
        assertThat(ranking.tiedWith(ranking.entries().get(2))).containsExactly(2);
        assertThat(Separation.disturbed(a)).isFalse();
        assertThat(Separation.disturbed(b)).isTrue();
        // Adaptive forks add forks where the ratio is undecided only: more forks cannot undo a disturbance.
        assertThat(Separation.undecidedNeighbours(List.of(a, b, c))).isEmpty();
        String note = "disturbed: B_SERVER+X_CLIENT (other work took 10% or more of the server's or the client's CPU"
                + " during a measured iteration, up to 24%: a neighbour does not slow every combination alike, so the"
                + " ranking ties it with every other combination)";
        RankingTable table = Tables.fastest(ranking);
        assertThat(ConsoleRanking.render(table)).contains("[PERF] " + note + "\n");
        assertThat(MarkdownRanking.render(table)).contains("**disturbed**" + note.substring("disturbed".length()));
    }

    @Test
    void withoutTheReadingNothingIsTiedForIt() {
        BenchmarkSummary a = forked("A_SERVER", "X_CLIENT", FAST, FAST);
        BenchmarkSummary c = forked("C_SERVER", "X_CLIENT", SLOW, SLOW);

        Ranking ranking = Ranking.of("echo", List.of(a, c), List.of(), "test");

        assertThat(ranking.tiedWith(ranking.entries().get(0))).isEmpty();
        assertThat(ConsoleRanking.render(Tables.fastest(ranking))).doesNotContain("disturbed");
    }
}
