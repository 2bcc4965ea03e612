package io.loomarena.harness.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The SVG charts on fixed inputs: text stays text, whiskers, every decade named, every point labelled. */
class ChartsTest {

    @Test
    void aLogScaleNamesEveryDecadeFromTheOneBelowTheLowestValueToTheOneAboveTheHighest() {
        Scale scale = Scale.log(20, 900_000);

        assertThat(scale.low()).isEqualTo(10);
        assertThat(scale.high()).isEqualTo(1_000_000);
        assertThat(scale.ticks().stream().filter(Scale.Tick::major).map(Scale.Tick::label))
                .containsExactly("10", "100", "1,000", "10,000", "100,000", "1,000,000");
        // Within one or two decades the 2 and 5 are named too, so that the axis never has a lone label.
        assertThat(Scale.log(150, 900).ticks().stream().map(Scale.Tick::label).filter(l -> !l.isEmpty()))
                .containsExactly("100", "200", "500", "1,000");
        assertThat(scale.fraction(1_000)).isEqualTo(0.4, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aLinearScaleStartsAtZeroAndStepsRoundly() {
        assertThat(Scale.linear(0, 36_371).ticks().stream().map(Scale.Tick::label))
                .containsExactly("0", "10,000", "20,000", "30,000", "40,000");
        assertThat(Scale.linear(0, 7.2).ticks().stream().map(Scale.Tick::label))
                .containsExactly("0", "2", "4", "6", "8");
        assertThat(Scale.format(2.5)).isEqualTo("2.5");
        assertThat(Scale.format(58.94)).isEqualTo("58.9");
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
                "PLATFORM_SERVER", "VIRTUAL_CLIENT", "msg/s", "40,000");
        Element whiskers = group(doc, "whiskers");
        // Two bounded whiskers (stem and two caps) and one without an upper bound (stem, lower cap, arrow head).
        assertThat(whiskers.getElementsByTagName("line").getLength()).isEqualTo(3 + 3 + 2);
        assertThat(whiskers.getElementsByTagName("path").getLength()).isEqualTo(1);
        assertThat(group(doc, "bars").getElementsByTagName("rect").getLength()).isEqualTo(4);
        assertThat(svg.split("<path", -1)).as("no glyph drawn as a path: the arrow head is the only one").hasSize(2);
    }

    @Test
    void everyLabelledPointGetsItsValueAndLabelsOfOneColumnDoNotOverlap() throws Exception {
        List<LineChart.Series> series = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            series.add(new LineChart.Series("STAGE_" + s, List.of(
                    new LineChart.Point(10, 1_000 + s, true, Scale.format(1_000 + s)),
                    new LineChart.Point(50, 2_000 + 500 * s, true, Scale.format(2_000 + 500 * s)))));
        }
        String svg = LineChart.svg("sweep", "connections", "req/s",
                Scale.fixed(10 / 1.5, 75, true, List.of(new Scale.Tick(10, "10", true), new Scale.Tick(50, "50", true))),
                Scale.linear(0, 4_000), series, 500);

        Document doc = parse(svg);
        NodeList labels = group(doc, "point-labels").getElementsByTagName("text");
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
        assertThat(texts(doc)).contains("STAGE_3", "2,000", "3,500", "10", "50");
        assertThat(group(doc, "lines").getElementsByTagName("polyline").getLength()).isEqualTo(4);
    }

    @Test
    void aNegativeValueHangsBelowTheZeroLine() throws Exception {
        Document doc = parse(BarChart.svg("idle", "server model", "KiB", List.of("POOL_SERVER"), List.of("heap"),
                List.of(new BarChart.Bar("heap", "POOL_SERVER", -0.715))));

        Element bar = (Element) group(doc, "bars").getElementsByTagName("rect").item(0);
        assertThat(Double.parseDouble(bar.getAttribute("height"))).isPositive();
        assertThat(texts(doc)).contains("-0.715", "0");
    }

    @Test
    void longCategoryNamesSplitNearTheirMiddleKeepingTheSeparator() {
        assertThat(BarChart.split("VIRTUAL_THREADS_CACHED")).containsExactly("VIRTUAL_", "THREADS_CACHED");
        assertThat(BarChart.split("THREAD_POOL_4")).containsExactly("THREAD_", "POOL_4");
        assertThat(BarChart.split("SINGLE")).containsExactly("SINGLE");
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

    private static Element group(Document doc, String cssClass) {
        NodeList groups = doc.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getAttribute("class").equals(cssClass)) {
                return g;
            }
        }
        throw new AssertionError("no <g class=\"" + cssClass + "\">");
    }
}
