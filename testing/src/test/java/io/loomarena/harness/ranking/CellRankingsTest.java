package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.report.HtmlReport;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ForkedJvm;
import io.loomarena.harness.summary.ServerCell;
import io.loomarena.harness.summary.SummaryStore;

/** One ranking per cell of the JVM axes, each naming its cell, never mixing cells; and the report's grid. */
class CellRankingsTest {

    private static final List<String> EXPECTED = List.of("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT");
    private static final RankingTest.FixedSuite SUITE = new RankingTest.FixedSuite("s", EXPECTED);
    private static final ServerCell J21 = new ServerCell("jdk21", "default", List.of());
    private static final ServerCell J25_POLLER = new ServerCell("jdk25", "poller1", List.of("-Djdk.pollerMode=1"));

    @TempDir
    Path results;

    /** {@code summary} as measured in {@code cell}, its server on JDK {@code version}. */
    static BenchmarkSummary inCell(BenchmarkSummary summary, ServerCell cell, String version) {
        Environment e = summary.environment();
        Environment moved = new Environment(e.javaVersion(), e.javaVendor(), e.javaVm(), e.javaBinary(),
                e.serverJvmArgs(), e.clientJvmArgs(), e.os(), e.cpuCount(), e.cpusPinned(), e.pinningApplied(),
                e.warnings(), e.loadAverage(), e.gitCommit(), e.timestamp(), e.hosts(),
                new ForkedJvm("local", "/jdk" + version + "/bin/java", version, "Eclipse Adoptium", "VM", cell.flags()),
                List.of(), cell);
        return new BenchmarkSummary(summary.suite(), summary.combination(), summary.serverModel(),
                summary.clientModel(), summary.serverLabel(), summary.clientLabel(), summary.unit(),
                summary.workload(), summary.runs(), summary.aggregate(), moved);
    }

    private static List<BenchmarkSummary> two(ServerCell cell, String version, long aMillis, long bMillis) {
        return List.of(inCell(summary("s", "req", "A_SERVER", "X_CLIENT", workload(20), aMillis, aMillis + 5,
                        aMillis + 10), cell, version),
                inCell(summary("s", "req", "B_SERVER", "X_CLIENT", workload(20), bMillis, bMillis + 5, bMillis + 10),
                        cell, version));
    }

    private SummaryStore cellStore(ServerCell cell) {
        return new SummaryStore(cell.resultsDir(results));
    }

    @Test
    void eachCellIsRankedAloneAndItsLinesNameIt() {
        two(J21, "21.0.8", 100, 200).forEach(cellStore(J21)::write);
        two(J25_POLLER, "25.0.3", 300, 150).forEach(cellStore(J25_POLLER)::write);

        SuiteRanking ranking = CellRankings.rank(List.of(cellStore(J21), cellStore(J25_POLLER)), SUITE,
                "2 JVMs (jdk21, jdk25) x 1 flag set (default)", new SuiteLedger());

        assertThat(ranking.console()).startsWith("[PERF] s ranked per cell of the server's JVM axes, 2 JVMs (jdk21,"
                + " jdk25) x 1 flag set (default): each ranking compares the combinations on one server JVM");
        assertThat(ranking.groups()).extracting(Ranking::suite).containsExactly(
                "s on server JVM jdk21 with flag set default", "s on server JVM jdk25 with flag set poller1");
        assertThat(ranking.finalLines()).hasSize(4);
        assertThat(ranking.finalLines().get(0)).startsWith("[PERF][FINAL] 1) A_SERVER+X_CLIENT@jdk21/default average:"
                + " 0.105 s,");
        assertThat(ranking.finalLines().get(2)).startsWith("[PERF][FINAL] 1) B_SERVER+X_CLIENT@jdk25/poller1 average:");
        assertThat(ranking.console()).contains("JDK 21.0.5, the server on JDK 25.0.3 with -Djdk.pollerMode=1)");
        assertThat(ranking.files()).containsExactly(
                J21.resultsDir(results).resolve("s/ranking.md"), J21.resultsDir(results).resolve("s/ranking.csv"),
                J25_POLLER.resultsDir(results).resolve("s/ranking.md"),
                J25_POLLER.resultsDir(results).resolve("s/ranking.csv"));
        assertThat(J25_POLLER.resultsDir(results).resolve("s/ranking.csv")).content()
                .contains("B_SERVER+X_CLIENT@jdk25/poller1");
    }

    @Test
    void withoutAxesTheRankingIsTheSuitesOwnUnchanged() {
        SummaryStore store = new SummaryStore(results);
        two(ServerCell.ONLY, "25.0.3", 100, 200).forEach(store::write);

        SuiteRanking ranking = CellRankings.rank(List.of(store), SUITE, "", new SuiteLedger());

        assertThat(ranking.console()).isEqualTo(SuiteRanking.rank(store, SUITE).console());
        assertThat(ranking.finalLines().get(0)).startsWith("[PERF][FINAL] 1) A_SERVER+X_CLIENT average: ");
        assertThat(ranking.groups()).extracting(Ranking::suite).containsExactly("s");
    }

    @Test
    void summariesOfDifferentCellsAreNotRankedTogether() {
        List<BenchmarkSummary> mixed = List.of(two(J21, "21.0.8", 100, 200).get(0),
                two(J25_POLLER, "25.0.3", 100, 200).get(1));
        assertThatThrownBy(() -> Ranking.of("s", mixed, EXPECTED, "test")).isInstanceOf(RankingException.class)
                .hasMessageContaining("the summaries differ in server JVM and flag set: jdk21/default for"
                        + " A_SERVER+X_CLIENT; jdk25/poller1 for B_SERVER+X_CLIENT");
    }

    @Test
    void theReportShowsTheGridOfCombinationsByCellWithIntervals() throws IOException {
        List<BenchmarkSummary> j21 = two(J21, "21.0.8", 100, 200);
        List<BenchmarkSummary> j25 = two(J25_POLLER, "25.0.3", 300, 150);
        j21.forEach(cellStore(J21)::write);
        j25.forEach(cellStore(J25_POLLER)::write);

        String page = Files.readString(HtmlReport.write(results));

        assertThat(page).doesNotContain("No benchmark results").contains("<h2>model x JVM x flag set</h2>",
                "<th>jdk21/default<br><small>JDK 21.0.8 (Eclipse Adoptium)</small></th>",
                "<th>jdk25/poller1<br><small>JDK 25.0.3 (Eclipse Adoptium) -Djdk.pollerMode=1</small></th>");
        String row = page.substring(page.indexOf("<tr><td>A_SERVER+X_CLIENT</td>"));
        row = row.substring(0, row.indexOf("</tr>"));
        // Three runs each: a 95% interval of the mean, in each cell.
        assertThat(row).contains("<td class=\"n\">" + cell(j21.get(0)) + "</td><td class=\"n\">" + cell(j25.get(0))
                + "</td>");
        assertThat(cell(j21.get(0))).matches("[0-9,]+ req/s \\([0-9,]+–[0-9,]+\\)");
    }

    private static String cell(BenchmarkSummary s) {
        return ThroughputInterval.grouped(s.aggregate().throughput()) + " req/s ("
                + ThroughputInterval.of(s.aggregate()).text() + ")";
    }

    @Test
    void aResultsFolderWithoutCellsHasNoGrid() throws IOException {
        two(ServerCell.ONLY, "25.0.3", 100, 200).forEach(new SummaryStore(results)::write);
        assertThat(Files.readString(HtmlReport.write(results))).doesNotContain("model x JVM x flag set");
    }
}
