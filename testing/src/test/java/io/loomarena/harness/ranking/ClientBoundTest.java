package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.withClientCpu;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.summary.HarnessMetrics;

/** A row whose client used 90% or more of its CPUs over a measured iteration says "client-bound" in every output. */
class ClientBoundTest {

    private static final Ranking RANKING = Ranking.of("echo", List.of(
            withClientCpu(summary("echo", "msg", "VIRTUAL_SERVER", "PLATFORM_CLIENT", workload(20), 116, 110, 122),
                    0.85, 0.93, 0.88),
            withClientCpu(summary("echo", "msg", "PLATFORM_SERVER", "VIRTUAL_CLIENT", workload(20), 150, 160, 170),
                    0.61, 0.64, 0.899),
            summary("echo", "msg", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 400, 420, 380)),
            List.of(), "test");

    @Test
    void theLargestShareOfAnyMeasuredIterationDecides() {
        assertThat(RANKING.entries()).extracting(e -> e.summary().aggregate().metric(HarnessMetrics.CLIENT_CPU_LOAD))
                .extracting(value -> value == null ? null : value.value())
                .containsExactly(0.93, 0.899, null);
    }

    @Test
    void everyOutputSaysSoAndOnlyForThatRow() {
        String console = ConsoleRanking.render(Tables.fastest(RANKING));
        assertThat(console.lines().filter(line -> line.startsWith("[PERF][FINAL]")))
                .satisfiesExactly(
                        line -> assertThat(line).endsWith(", client-cpu=93% client-bound"),
                        line -> assertThat(line).endsWith(", client-cpu=89%"),
                        line -> assertThat(line).endsWith(", client-cpu=n/a"));
        assertThat(console).contains("[PERF] client-bound: VIRTUAL_SERVER+PLATFORM_CLIENT (the client process used"
                + " 90% or more of its CPUs over a measured iteration: its throughput measures the client, not the"
                + " server)");

        String markdown = MarkdownRanking.render(Tables.fastest(RANKING));
        assertThat(markdown).contains("| 93% client-bound |", "| 89% |", "| n/a |",
                "**client-bound**: VIRTUAL_SERVER+PLATFORM_CLIENT (");

        String csv = CsvRanking.render(Tables.fastest(RANKING));
        List<String> header = List.of(CsvRanking.header(Tables.fastest(RANKING)).split(","));
        int share = header.indexOf("client_cpu_share");
        int bound = header.indexOf("client_bound");
        assertThat(csv.lines().skip(1).map(row -> row.split(",", -1)))
                .extracting(cells -> cells[share] + "/" + cells[bound])
                .containsExactly("0.930/true", "0.899/false", "/");

        assertThat(Tables.fastest(RANKING).columns(RankingTable.Output.HTML)).extracting(RankingTable.Column::label)
                .contains("client CPU");
    }

    @Test
    void aRankingWithoutClientBoundRowsSaysNothingAboutIt() {
        Ranking ranking = Ranking.of("echo", List.of(RANKING.entries().get(1).summary()), List.of(), "test");

        assertThat(ConsoleRanking.render(Tables.fastest(ranking))).doesNotContain("[PERF] client-bound");
        assertThat(MarkdownRanking.render(Tables.fastest(ranking))).doesNotContain("**client-bound**");
    }
}
