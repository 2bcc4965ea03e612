package io.loomarena.harness.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The charts on fixed inputs, read as SVG: every label is a {@code <text>} element (no glyph drawn as an outline),
 * whiskers, every decade named, every point labelled without overlap, a negative bar below zero.
 */
class ChartsTest {

    private static final String FIRST_SERIES = "fill:rgb(0,114,178)";
    private static final String SECOND_SERIES = "fill:rgb(213,94,0)";

    @Test
    void aLogAxisNamesEveryDecadeFromTheOneBelowTheLowestValueToTheOneAboveTheHighest() throws Exception {
        AxisSpec axis = AxisSpec.decades("latency µs", 20, 900_000);
        assertThat(axis.low()).isEqualTo(10);
        assertThat(axis.high()).isEqualTo(1_000_000);

        Document doc = parse(LineChart.svg("latency", AxisSpec.fixed("percentile", false, 0, 5, List.of(
                new AxisSpec.Tick(0, "min"), new AxisSpec.Tick(2, "p99"), new AxisSpec.Tick(5, "max"))), axis,
                List.of(new LineChart.Series("VIRTUAL_SERVER", List.of(new LineChart.Point(0, 20, true, ""),
                        new LineChart.Point(2, 3_000, true, ""), new LineChart.Point(5, 900_000, true, "")))), 540));

        assertThat(texts(doc)).contains("10", "100", "1,000", "10,000", "100,000", "1,000,000", "min", "p99", "max",
                "latency µs", "percentile", "VIRTUAL_SERVER").doesNotContain("20", "200", "3,000");
        assertNoGlyphOutlines(doc);
    }

    @Test
    void numbersAreWrittenWithThousandsSeparatorsAndOnlyTheDecimalsTheyHave() {
        assertThat(ValueFormat.text(36_371.39)).isEqualTo("36,371");
        assertThat(ValueFormat.text(40_000)).isEqualTo("40,000");
        assertThat(ValueFormat.text(2.5)).isEqualTo("2.5");
        assertThat(ValueFormat.text(58.94)).isEqualTo("58.9");
        assertThat(ValueFormat.text(-0.7146)).isEqualTo("-0.715");
        assertThat(ValueFormat.INSTANCE.format(1_000_000.0)).isEqualTo("1,000,000");
    }

    @Test
    void anyTwoOfTheFirstEighteenSeriesStylesDifferInTwoWaysAtLeast() {
        for (int i = 0; i < 18; i++) {
            for (int j = i + 1; j < 18; j++) {
                SeriesStyle a = SeriesStyle.of(i);
                SeriesStyle b = SeriesStyle.of(j);
                int differences = (a.colour().equals(b.colour()) ? 0 : 1) + (a.marker() == b.marker() ? 0 : 1)
                        + (a.dash().equals(b.dash()) ? 0 : 1);
                assertThat(differences).as("styles %d and %d", i, j).isGreaterThanOrEqualTo(2);
            }
        }
    }

    @Test
    void barsCarryTheirValueAsTextAndTheirIntervalAsAWhisker() throws Exception {
        String svg = BarChart.svg("echo: throughput <per> combination", "server model", "msg/s",
                List.of("PLATFORM_SERVER", "VIRTUAL_SERVER"), List.of("PLATFORM_CLIENT", "VIRTUAL_CLIENT"), List.of(
                        new BarChart.Bar("PLATFORM_CLIENT", "PLATFORM_SERVER", 36_371, 28_107, 51_520),
                        new BarChart.Bar("VIRTUAL_CLIENT", "PLATFORM_SERVER", 16_310, 14_977, 17_903),
                        new BarChart.Bar("PLATFORM_CLIENT", "VIRTUAL_SERVER", 21_160, 13_984, Double.POSITIVE_INFINITY),
                        new BarChart.Bar("VIRTUAL_CLIENT", "VIRTUAL_SERVER", 7_173)));

        Document doc = parse(svg);
        assertThat(texts(doc)).contains("echo: throughput <per> combination", "36,371", "16,310", "21,160", "7,173",
                "PLATFORM_SERVER", "VIRTUAL_CLIENT", "msg/s", "server model", "0", "40,000");
        assertThat(doc.getElementsByTagName("title").item(0).getTextContent())
                .isEqualTo("echo: throughput <per> combination");
        List<Element> whiskers = groups(doc, "whisker");
        // Two bounded whiskers (stem and two caps) and one without an upper bound (stem, lower cap, arrow head).
        assertThat(whiskers).hasSize(3);
        assertThat(whiskers.stream().mapToInt(w -> w.getElementsByTagName("line").getLength()).sum())
                .isEqualTo(3 + 3 + 2);
        assertThat(whiskers.stream().mapToInt(w -> w.getElementsByTagName("path").getLength()).sum()).isEqualTo(1);
        assertThat(bars(doc)).hasSize(4);
        assertNoGlyphOutlines(doc);
    }

    @Test
    void aCategoryNameAsLongAsAServerModelsStaysWholeOnOneLine() throws Exception {
        // Every server label of the suites, and one more model's: a suite that gains a model keeps whole labels.
        List<String> servers = List.of("SINGLE_SERVER", "PLATFORM_SERVER", "POOL_SERVER", "POOL_4_SERVER",
                "POOL_2XCPU_SERVER", "VIRTUAL_SERVER", "VIRTUAL_SERVER_CACHED", "EVENT_LOOP_SERVER");
        List<BarChart.Bar> bars = new ArrayList<>();
        for (String server : servers) {
            bars.add(new BarChart.Bar("PLATFORM_CLIENT", server, 20_000));
            bars.add(new BarChart.Bar("VIRTUAL_CLIENT", server, 30_000));
        }

        Document doc = parse(BarChart.svg("ping", "server model", "req/s", servers,
                List.of("PLATFORM_CLIENT", "VIRTUAL_CLIENT"), bars));

        assertThat(texts(doc)).containsAll(servers);
    }

    @Test
    void everyLabelledPointGetsItsValueAndLabelsOfOneColumnDoNotOverlap() throws Exception {
        List<LineChart.Series> series = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            series.add(new LineChart.Series("SERVER_" + s, List.of(
                    new LineChart.Point(10, 1_000 + s, true, ValueFormat.text(1_000 + s)),
                    new LineChart.Point(50, 2_000 + 500 * s, true, ValueFormat.text(2_000 + 500 * s)))));
        }
        String svg = LineChart.svg("sweep", AxisSpec.fixed("connections", true, 10 / 1.5, 75,
                List.of(new AxisSpec.Tick(10, "10"), new AxisSpec.Tick(50, "50"))), AxisSpec.fromZero("req/s"), series,
                500);

        Document doc = parse(svg);
        List<Element> groups = groups(doc, "point-labels");
        assertThat(groups).hasSize(1);
        NodeList labels = groups.get(0).getElementsByTagName("text");
        assertThat(labels.getLength()).isEqualTo(8);
        List<Double> firstColumn = new ArrayList<>();
        for (int i = 0; i < labels.getLength(); i++) {
            Element label = (Element) labels.item(i);
            if (label.getTextContent().startsWith("1,00")) {
                firstColumn.add(Double.parseDouble(label.getAttribute("y")));
            }
        }
        assertThat(firstColumn).hasSize(4);
        firstColumn.sort(null);
        for (int i = 1; i < firstColumn.size(); i++) {
            assertThat(firstColumn.get(i) - firstColumn.get(i - 1)).isGreaterThanOrEqualTo(13.9);
        }
        assertThat(texts(doc)).contains("SERVER_3", "2,000", "3,500", "10", "50", "connections", "req/s");
        assertNoGlyphOutlines(doc);
    }

    @Test
    void aNegativeValueHangsBelowTheZeroLineWithItsLabelUnderIt() throws Exception {
        Document doc = parse(BarChart.svg("idle", "server model", "KiB", List.of("POOL_SERVER"), List.of("heap"),
                List.of(new BarChart.Bar("heap", "POOL_SERVER", -0.715))));

        List<Element> bars = bars(doc);
        assertThat(bars).hasSize(1);
        double top = Double.parseDouble(bars.get(0).getAttribute("y"));
        double height = Double.parseDouble(bars.get(0).getAttribute("height"));
        assertThat(height).isPositive();
        assertThat(texts(doc)).contains("-0.715", "0");
        assertThat(y(doc, "-0.715")).as("the value's baseline under the bar").isGreaterThan(top + height);
        assertThat(y(doc, "0")).as("the zero tick beside the bar's top").isCloseTo(top, within(8.0));
    }

    /** Glyph outlines are filled paths of quadratic curves; markers and arrows are lines and cubic arcs. */
    private static void assertNoGlyphOutlines(Document doc) {
        NodeList paths = doc.getElementsByTagName("path");
        for (int i = 0; i < paths.getLength(); i++) {
            assertThat(((Element) paths.item(i)).getAttribute("d")).as("a path drawing text").doesNotContain("Q");
        }
    }

    private static Document parse(String svg) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<String> texts(Document doc) {
        NodeList nodes = doc.getElementsByTagName("text");
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    /** The baseline of the text element that reads {@code text}. */
    private static double y(Document doc, String text) {
        NodeList nodes = doc.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getTextContent().equals(text)) {
                return Double.parseDouble(((Element) nodes.item(i)).getAttribute("y"));
            }
        }
        throw new AssertionError("no <text> " + text);
    }

    /** The bars: rectangles filled with the first or second series colour (legend keys are paths). */
    private static List<Element> bars(Document doc) {
        NodeList rects = doc.getElementsByTagName("rect");
        List<Element> bars = new ArrayList<>();
        for (int i = 0; i < rects.getLength(); i++) {
            Element rect = (Element) rects.item(i);
            String style = rect.getAttribute("style").replace(" ", "");
            if (style.contains(FIRST_SERIES) || style.contains(SECOND_SERIES)) {
                bars.add(rect);
            }
        }
        return bars;
    }

    private static List<Element> groups(Document doc, String cssClass) {
        NodeList nodes = doc.getElementsByTagName("g");
        List<Element> groups = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            Element g = (Element) nodes.item(i);
            if (g.getAttribute("class").equals(cssClass)) {
                groups.add(g);
            }
        }
        return groups;
    }
}
