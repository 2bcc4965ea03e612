package io.loomarena.harness.report;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static io.loomarena.harness.summary.SummaryFixtures.withNeighbours;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.BenchmarkSummary;

class VerdictSectionTest {

    @Test
    void aRowMeasuredBesideOtherWorkIsNamedUnderTheTable() {
        BenchmarkSummary quiet = forked("A_SERVER", "X_CLIENT", new double[] {100, 101, 99},
                new double[] {100, 99, 101});
        BenchmarkSummary disturbed = withNeighbours(forked("B_SERVER", "X_CLIENT", new double[] {150, 151, 149},
                new double[] {150, 149, 151}), 0, 0, 0, 0.31, 0.02, 0);

        String html = VerdictSection.html("echo", List.of(quiet, disturbed), BenchmarkSuite.Ranked.FASTEST_FIRST);
        String calm = VerdictSection.html("echo", List.of(quiet, forked("B_SERVER", "X_CLIENT",
                new double[] {150, 151, 149}, new double[] {150, 149, 151})), BenchmarkSuite.Ranked.FASTEST_FIRST);

        assertThat(html).contains("<strong>disturbed</strong>: B_SERVER+X_CLIENT (other work took 10% or more of the"
                + " server's or the client's CPU during a measured iteration, up to 31%")
                .contains("<tr class=\"tied\">");
        assertThat(calm).doesNotContain("disturbed").doesNotContain("<tr class=\"tied\">");
    }
}
