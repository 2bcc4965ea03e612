package io.loomarena.harness.report;

import static io.loomarena.harness.report.HistoryFixtures.changeAt;
import static io.loomarena.harness.report.HistoryFixtures.commit;
import static io.loomarena.harness.report.HistoryFixtures.store;
import static io.loomarena.harness.report.HistoryFixtures.throughput;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.history.change.EDivisiveDetector;
import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.HistoryStore;

class HistorySectionTest {

    private static final List<String> COMBINATIONS = List.of("VIRTUAL_SERVER+VIRTUAL_CLIENT",
            "POOL_SERVER+VIRTUAL_CLIENT");

    @TempDir
    Path results;

    @Test
    void eachCombinationGetsOneThroughputChartAndTheOtherMetricsNone() {
        FakeHistoryStore history = store(10, 10, COMBINATIONS, 3);
        List<ReportCharts.Plotted> plotted = new ArrayList<>();

        String html = HistorySection.html(Optional.of(history), changeAt("no such commit", false), plotted);

        assertThat(plotted).extracting(ReportCharts.Plotted::id).containsExactly(
                "history/echo/POOL_SERVER+VIRTUAL_CLIENT/throughput",
                "history/echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput");
        assertThat(html.split("<svg ", -1)).hasSize(1 + 2);
        assertThat(html).contains("<figure id=\"history/echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput\">",
                "holds 10 runs on 1 testbed", "No change point in any series.")
                .doesNotContain("/p99\"");
        // The x axis names runs by their short commit.
        assertThat(plotted.get(0).svg()).contains(">c000000<", ">c000009<");
    }

    @Test
    void theStandardDetectorFindsTheFixturesStepInEveryCombination() {
        // The fixture's level drops by 10% at its sixth run (c000005): the project's detector must say so.
        String html = HistorySection.html(Optional.of(store(10, 10, COMBINATIONS, 3)), EDivisiveDetector.standard(),
                new ArrayList<>());

        assertThat(html.split("<code>c000004\\.\\.c000005</code>", -1)).hasSize(1 + COMBINATIONS.size());
        assertThat(html).contains("-10.0%").doesNotContain("No change point in any series.");
    }

    @Test
    void aChangePointIsMarkedOnItsChartAndListedForEveryMetricWithItsSizeAndInterval() {
        FakeHistoryStore history = store(10, 10, COMBINATIONS, 3);
        history.acknowledge(throughput("tb-one", "POOL_SERVER+VIRTUAL_CLIENT"), commit(5), "known");
        List<ReportCharts.Plotted> plotted = new ArrayList<>();

        String html = HistorySection.html(Optional.of(history), changeAt(commit(5), false), plotted);

        assertThat(plotted.get(1).svg()).contains("-10.0% at c000005");
        // A charted series' name links to its chart.
        assertThat(html).contains("<tr class=\"fail\"><td><a href=\"#history/echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/"
                        + "throughput\">echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb-one</a></td>"
                        + "<td><code>c000004..c000005</code></td><td class=\"n\">-10.0% [-12.0%, -8.0%]</td>"
                        + "<td>regression</td><td>no</td><td>no</td></tr>",
                // Acknowledged: still listed, no longer highlighted.
                "<tr><td><a href=\"#history/echo/POOL_SERVER+VIRTUAL_CLIENT/throughput\">"
                        + "echo/POOL_SERVER+VIRTUAL_CLIENT/throughput@tb-one</a></td><td><code>c000004..c000005</code>"
                        + "</td><td class=\"n\">-10.0% [-12.0%, -8.0%]</td><td>regression</td><td>no</td>"
                        + "<td>yes</td></tr>",
                // A metric without a chart still has its row.
                "<tr><td>echo/POOL_SERVER+VIRTUAL_CLIENT/p99@tb-one</td>");
        assertThat(html.split("<tr", -1)).as("a header and one row per series").hasSize(1 + 1 + 4);
    }

    @Test
    void aTentativeChangePointSaysSoOnTheChartAndInTheTable() {
        FakeHistoryStore history = store(10, 10, List.of("VIRTUAL_SERVER+VIRTUAL_CLIENT"), 3);
        List<ReportCharts.Plotted> plotted = new ArrayList<>();

        String html = HistorySection.html(Optional.of(history), changeAt(commit(5), true), plotted);

        assertThat(plotted.get(0).svg()).contains("-10.0% at c000005 (tentative)");
        assertThat(html).contains("<td>regression</td><td>yes</td><td>no</td>");
    }

    @Test
    void aTestbedChangeIsMarkedWhereTheNextTestbedsSeriesStarts() {
        FakeHistoryStore history = store(10, 4, List.of("VIRTUAL_SERVER+VIRTUAL_CLIENT"), 3);
        List<ReportCharts.Plotted> plotted = new ArrayList<>();

        String html = HistorySection.html(Optional.of(history), EDivisiveDetector.standard(), plotted);

        assertThat(plotted).hasSize(1);
        assertThat(plotted.get(0).svg()).contains(">testbed tb-two<").doesNotContain("testbed tb-one");
        assertThat(html).contains("holds 10 runs on 2 testbeds");
        // Both testbeds' points on one chart: 10 runs of 3 forks.
        assertThat(plotted.get(0).svg()).contains("10 runs, 30 forks");
    }

    @Test
    void noHistoryOrAnEmptyOneIsOneSentenceSayingHowToGetOne() {
        List<ReportCharts.Plotted> plotted = new ArrayList<>();

        String none = HistorySection.html(Optional.empty(), EDivisiveDetector.standard(), plotted);
        String empty = HistorySection.html(Optional.of(new FakeHistoryStore()), EDivisiveDetector.standard(),
                plotted);

        assertThat(none).contains("<p>" + HistorySection.NO_HISTORY + "</p>").doesNotContain("<svg", "<table");
        assertThat(empty).isEqualTo(none);
        assertThat(HistorySection.NO_HISTORY).contains("run a suite", "docs/history.md");
        assertThat(plotted).isEmpty();
    }

    @Test
    void thePageCarriesTheSectionAndTheConsoleSaysWhereTheHistoryLivesAndHowManyRunsItHolds() throws IOException {
        FakeHistoryStore history = store(4, 4, COMBINATIONS, 3);

        String page = Files.readString(HtmlReport.write(results, Optional.of(history)));

        assertThat(page).contains("<section id=\"history\">",
                "<figure id=\"history/echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput\">");
        assertThat(history.isClosed()).as("the caller's store is left open").isFalse();
        assertThat(HistorySection.describe(history)).isEqualTo("The history at memory (test) holds 4 runs on 1"
                + " testbed");
    }

    @Test
    void aHistoryThatCannotBeOpenedLeavesTheReportWithoutItAndOneLine() throws IOException {
        // A path under a regular file cannot be a database, whatever the store does with it.
        Files.writeString(results.resolve("not-a-folder"), "x");
        PrintStream console = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Optional<HistoryStore> opened;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            opened = HistorySection.open(results.resolve("not-a-folder/history.sqlite").toString(), results);
        } finally {
            System.setOut(console);
        }

        assertThat(opened).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                .startsWith("[PERF][HISTORY] report without history: ");
    }
}
