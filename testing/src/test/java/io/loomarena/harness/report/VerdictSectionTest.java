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

    @Test
    void aRankingWithFrameworkRowsListsWhatServedEachAndOneWithoutSaysNothing() {
        var arena = forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", new double[] {100, 101, 102});
        var framework = forked("SPRING_BOOT_VIRTUAL_SERVER", "VIRTUAL_CLIENT", new double[] {110, 111, 112});
        var ours = withImplementation(arena, io.loomarena.harness.summary.BenchmarkSummary.arenaImplementation(
                "66a8d31c2f1e9a0b1c2d3e4f5a6b7c8d9e0f1a2b"));
        var theirs = withImplementation(framework, "Spring Boot 4.0.7, Tomcat 11.0.14");

        String html = VerdictSection.html("http-ping", List.of(ours, theirs), BenchmarkSuite.Ranked.FASTEST_FIRST);

        assertThat(html).contains("<table class=\"implementations\">", "<td>"
                + theirs.combination() + "</td><td>Spring Boot 4.0.7, Tomcat 11.0.14</td>")
                .doesNotContain("<td>" + ours.combination() + "</td><td>loom-arena");
        assertThat(VerdictSection.html("http-ping", List.of(ours, framework), BenchmarkSuite.Ranked.FASTEST_FIRST))
                .doesNotContain("implementations");
    }

    private static io.loomarena.harness.summary.BenchmarkSummary withImplementation(
            io.loomarena.harness.summary.BenchmarkSummary s, String implementation) {
        return new io.loomarena.harness.summary.BenchmarkSummary(s.suite(), s.combination(), s.serverModel(),
                s.clientModel(), s.serverLabel(), s.clientLabel(), s.unit(), s.workload(), s.runs(), s.aggregate(),
                s.environment(), implementation);
    }
}
