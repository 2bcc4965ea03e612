package io.loomarena.harness.report;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import io.loomarena.harness.idle.IdleMemory;
import io.loomarena.harness.idle.IdleMemoryStore;
import io.loomarena.harness.idle.IdleStep;
import io.loomarena.harness.report.chart.ValueFormat;
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
        List<BenchmarkSummary> sweep = List.of(sweep("VIRTUAL_SERVER", 10, 5000), sweep("VIRTUAL_SERVER", 100, 200),
                sweep("POOL_SERVER", 10, 4000), sweep("POOL_SERVER", 100, 300));
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
            // One percentile chart per client model: no chart holds more curves than there are server models.
            assertThat(figures.get("echo/latency-percentiles/" + s.clientLabel() + "|" + s.combination() + "|p50.0000"))
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
        assertThat(page.split("<svg ", -1)).as("one inline SVG per chart").hasSize(1 + 4 + 1 + 2 * 3 + 1);
    }

    @Test
    void thePageOpensWithAVerdictPerSuiteTheSentenceAndTheTableItRestsOn() throws IOException {
        SummaryStore store = new SummaryStore(results);
        echo.forEach(store::write);
        List.of(sweep("VIRTUAL_SERVER", 10, 5000), sweep("POOL_SERVER", 10, 4000), sweep("VIRTUAL_SERVER", 100, 200),
                sweep("POOL_SERVER", 100, 300)).forEach(store::write);

        String page = Files.readString(HtmlReport.write(results));

        String verdicts = page.substring(page.indexOf("<section id=\"verdicts\">"), page.indexOf("<figure"));
        assertThat(verdicts).contains("<p class=\"verdict\">VIRTUAL_SERVER+VIRTUAL_CLIENT is the fastest combination:"
                        + " 1.38x (1.03–1.83) the throughput of the next, PLATFORM_SERVER+PLATFORM_CLIENT.</p>",
                "<tr><th>#</th><th>combination</th><th>throughput msg/s</th><th>95% interval</th><th>tied with</th>"
                        + "<th>vs fastest</th><th>server CPU µs/msg</th><th>server context switches/msg</th><th>client CPU</th>"
                        + "</tr>",
                "<tr><td class=\"n\">1</td><td>VIRTUAL_SERVER+VIRTUAL_CLIENT</td><td class=\"n\">34,483</td>"
                        + "<td class=\"n\">30,557–39,567</td><td>none</td><td class=\"n\">1</td><td class=\"n\">14.50</td>"
                        + "<td class=\"n\">1.45</td><td>n/a</td></tr>",
                "<tr><td class=\"n\">2</td><td>PLATFORM_SERVER+PLATFORM_CLIENT</td><td class=\"n\">25,000</td>"
                        + "<td class=\"n\">21,640–29,595</td><td>none</td><td class=\"n\">0.725 (0.547–0.969)</td>"
                        + "<td class=\"n\">20.00</td>"
                        + "<td class=\"n\">2.00</td><td>n/a</td></tr>");
        // A sweep is ranked per level; with one client model the verdict speaks of server models.
        assertThat(verdicts).contains("<h4>connections=10</h4>", "<h4>connections=100</h4>",
                "POOL_SERVER is the fastest server model: 1.25x", "VIRTUAL_SERVER is the fastest server model: 1.50x")
                .doesNotContain("<svg");
    }

    @Test
    void chartsKeepTheirTextAsTextCarryWhiskersAndLabelEverySweepPoint() throws IOException {
        SummaryStore store = new SummaryStore(results);
        echo.forEach(store::write);
        List<BenchmarkSummary> sweep = List.of(sweep("VIRTUAL_SERVER", 10, 5000), sweep("POOL_SERVER", 10, 4000),
                sweep("VIRTUAL_SERVER", 100, 200), sweep("POOL_SERVER", 100, 300));
        sweep.forEach(store::write);

        String page = Files.readString(HtmlReport.write(results));

        Document throughput = svg(page, "echo/throughput");
        assertThat(texts(throughput.getDocumentElement())).contains("VIRTUAL_SERVER", "34,483", "msg/s");
        assertThat(classes(throughput, "whisker")).hasSize(2);
        assertThat(texts(svg(page, "echo/latency-percentiles/VIRTUAL_CLIENT").getDocumentElement()))
                .contains("p99.9", "max", "latency µs (log scale)");
        // Every point's value beside it: two server models at two levels.
        List<Element> pointLabels = classes(svg(page, "http-sweep/throughput-vs-connections/keepAlive=true"),
                "point-labels");
        assertThat(pointLabels).hasSize(1);
        assertThat(texts(pointLabels.get(0))).containsExactlyInAnyOrderElementsOf(
                sweep.stream().map(s -> ValueFormat.text(s.aggregate().throughput())).toList());
        assertThat(page.length()).as("no glyph outlines: the page stays small").isLessThan(200_000);
    }

    @Test
    void anOpenModelSuiteIsJudgedByP99AndDrawsNoThroughputTheScheduleFixed() throws IOException {
        SummaryStore store = new SummaryStore(results);
        List.of(summary("http-data", "req", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 150, 160, 170),
                summary("http-data", "req", "SINGLE_SERVER", "VIRTUAL_CLIENT", workload(20), 100, 90, 95))
                .forEach(store::write);

        String page = Files.readString(HtmlReport.write(results));

        assertThat(page).contains("SINGLE_SERVER has the lowest p99 latency", "<th>p99 µs</th>",
                "No throughput chart: in this open-model workload", "id=\"http-data/p99\"")
                .doesNotContain("id=\"http-data/throughput\"");
        assertThat(Files.readString(results.resolve(HtmlReport.CSV))).doesNotContain("http-data/throughput");
    }

    @Test
    void anEmptyResultsFolderGivesAPageThatSaysSo() throws IOException {
        assertThat(Files.readString(HtmlReport.write(results))).contains("No benchmark results");
    }

    private static BenchmarkSummary sweep(String server, int connections, long millis) {
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("connections", connections);
        workload.put("keepAlive", true);
        return summary("http-sweep", "req", server, "VIRTUAL_CLIENT_C" + connections, workload, millis, millis,
                millis);
    }

    /** The {@code <figure>} of chart {@code id}. */
    private static String figure(String page, String id) {
        int start = page.indexOf("<figure id=\"" + id + "\">");
        assertThat(start).as("figure " + id).isNotNegative();
        return page.substring(start, page.indexOf("</figure>", start));
    }

    /** The {@code <svg>} of chart {@code id}, parsed. */
    private static Document svg(String page, String id) {
        String figure = figure(page, id);
        String svg = figure.substring(figure.indexOf("<svg"), figure.indexOf("</svg>") + "</svg>".length());
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new AssertionError("chart " + id + " is not well-formed SVG: " + e, e);
        }
    }

    private static List<String> texts(Element element) {
        NodeList nodes = element.getElementsByTagName("text");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    /** The groups of class {@code cssClass}. */
    private static List<Element> classes(Document doc, String cssClass) {
        NodeList nodes = doc.getElementsByTagName("g");
        List<Element> groups = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (((Element) nodes.item(i)).getAttribute("class").equals(cssClass)) {
                groups.add((Element) nodes.item(i));
            }
        }
        return groups;
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
