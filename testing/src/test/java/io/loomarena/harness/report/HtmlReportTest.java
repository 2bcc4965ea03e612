package io.loomarena.harness.report;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.idle.IdleMemory;
import io.loomarena.harness.idle.IdleMemoryStore;
import io.loomarena.harness.idle.IdleStep;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

class HtmlReportTest {

    @TempDir
    Path results;

    private final List<BenchmarkSummary> echo = List.of(
            summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT", workload(20), 150, 160, 170),
            summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 116, 110, 122));

    @Test
    void everyChartedFigureEqualsTheSummariesAndThePageIsSelfContained() throws IOException {
        SummaryStore store = new SummaryStore(results);
        echo.forEach(store::write);
        List<BenchmarkSummary> sweep = List.of(sweep("VIRTUAL_THREADS", 10, 5000), sweep("VIRTUAL_THREADS", 100, 200),
                sweep("THREAD_POOL", 10, 4000), sweep("THREAD_POOL", 100, 300));
        sweep.forEach(store::write);
        new IdleMemoryStore(results).write(new IdleMemory("virtual", "VIRTUAL_SERVER",
                new IdleStep(0, 0, 12, 100L << 20, 10L << 20, 0, 0, 0),
                List.of(new IdleStep(1000, 1000, 12, 110L << 20, 12L << 20, 10_240, 2_048, 0)),
                List.of("-Xms512m"), "25", "0.1 0.1 0.1", "2025-01-01T00:00:00Z"));

        Path html = HtmlReport.write(results);

        Map<String, Double> figures = figures(results.resolve(HtmlReport.CSV));
        for (BenchmarkSummary s : echo) {
            assertThat(figures.get("echo/throughput|" + s.clientLabel() + "|" + s.serverLabel()))
                    .isCloseTo(s.aggregate().throughput(), within(0.001));
            assertThat(figures.get("echo/p99|" + s.clientLabel() + "|" + s.serverLabel()))
                    .isEqualTo((double) s.aggregate().latency().p99());
            assertThat(figures.get("echo/latency-percentiles|" + s.combination() + "|p50.0000"))
                    .isEqualTo((double) s.aggregate().latency().p50());
        }
        for (BenchmarkSummary s : sweep) {
            assertThat(figures.get("http-sweep/throughput-vs-connections/keepAlive=true|" + s.serverLabel() + "|"
                    + s.workload().get("connections"))).isCloseTo(s.aggregate().throughput(), within(0.001));
            // Each level gets its own bars: levels are never mixed in one chart.
            assertThat(figures.get("http-sweep [connections=" + s.workload().get("connections") + "]/throughput|"
                    + s.clientLabel() + "|" + s.serverLabel())).isCloseTo(s.aggregate().throughput(), within(0.001));
        }
        assertThat(figures.get("echo-idle/memory-per-connection|RSS @ 1000|VIRTUAL_SERVER")).isEqualTo(10.0);
        assertThat(figures.get("echo-idle/memory-per-connection|heap @ 1000|VIRTUAL_SERVER")).isEqualTo(2.0);

        String page = Files.readString(html);
        assertThat(page).startsWith("<!DOCTYPE html>").doesNotContain("<script", " src=", "<link", "<?xml")
                .contains("echo: throughput per combination", "http-sweep: throughput vs connections",
                        "memory per idle connection");
        assertThat(page.split("<svg ", -1)).as("one inline SVG per chart").hasSize(1 + 3 + 1 + 2 * 3 + 1);
    }

    @Test
    void anEmptyResultsFolderGivesAPageThatSaysSo() throws IOException {
        assertThat(Files.readString(HtmlReport.write(results))).contains("No benchmark results");
    }

    private static BenchmarkSummary sweep(String stage, int connections, long millis) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("connections", connections);
        workload.put("keepAlive", true);
        return summary("http-sweep", "req", stage, "VIRTUAL_CLIENT_C" + connections, workload, millis, millis,
                millis);
    }

    /** {@code chart|series|x} to value, from the CSV (no quoted cells in these fixtures). */
    private static Map<String, Double> figures(Path csv) throws IOException {
        Map<String, Double> figures = new LinkedHashMap<>();
        for (String line : Files.readAllLines(csv).subList(1, Files.readAllLines(csv).size())) {
            String[] cells = line.split(",");
            figures.put(cells[0] + "|" + cells[1] + "|" + cells[2], Double.parseDouble(cells[3]));
        }
        return figures;
    }
}
