package io.loomarena.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.HdrHistogram.Histogram;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

import io.loomarena.harness.idle.IdleMemory;
import io.loomarena.harness.idle.IdleStep;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RunHistograms;

/**
 * Builds the report's XChart charts and, beside each, the exact figures it plots (so that the CSV and the pictures
 * cannot disagree). Stateless and thread-safe.
 */
public final class ReportCharts {

    /** A chart, its title and id, and the figures it plots. */
    public record Plotted(String id, String title, String caption, Chart<?, ?> chart, List<Figure> figures) {
    }

    static final int WIDTH = 1200;
    static final int HEIGHT = 480;
    /** The percentiles of a latency curve; 100 is the maximum, drawn at 5 nines. */
    static final double[] PERCENTILES = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 98, 99, 99.5,
        99.9, 99.95, 99.99, 100};
    private static final double MAX_NINES = 5;

    private ReportCharts() {
    }

    /** Throughput per combination, grouped by server model, one bar per client model. */
    public static Plotted throughput(String suite, List<BenchmarkSummary> summaries) {
        String unit = summaries.get(0).unit() + "/s";
        return bars(suite + "/throughput", suite + ": throughput per combination (" + unit + ", higher is faster)",
                "Operations per second at the mean elapsed time of the measured runs.", summaries, unit,
                s -> s.aggregate().throughput());
    }

    /** p99 latency per combination. */
    public static Plotted p99(String suite, List<BenchmarkSummary> summaries) {
        return bars(suite + "/p99", suite + ": p99 latency per combination (µs, lower is better)",
                "99th percentile of every measured operation's latency (HdrHistogram, runs added together).",
                summaries, "us", s -> (double) s.aggregate().latency().p99());
    }

    private static Plotted bars(String id, String title, String caption, List<BenchmarkSummary> summaries,
                                String unit, java.util.function.ToDoubleFunction<BenchmarkSummary> value) {
        TreeSet<String> servers = new TreeSet<>();
        Map<String, Map<String, Double>> byClient = new TreeMap<>();
        List<Figure> figures = new ArrayList<>();
        for (BenchmarkSummary s : summaries) {
            servers.add(label(s.serverLabel(), s.combination()));
        }
        for (BenchmarkSummary s : summaries) {
            String client = label(s.clientLabel(), "");
            double y = value.applyAsDouble(s);
            byClient.computeIfAbsent(client, k -> new LinkedHashMap<>()).put(label(s.serverLabel(), s.combination()), y);
            figures.add(new Figure(id, client, label(s.serverLabel(), s.combination()), y, unit));
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("server model").yAxisTitle(unit).build();
        style(chart.getStyler());
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFontColor(java.awt.Color.DARK_GRAY);
        chart.getStyler().setYAxisMin(0.0);
        List<String> categories = List.copyOf(servers);
        byClient.forEach((client, values) -> chart.addSeries(client.isEmpty() ? "all" : client, categories,
                categories.stream().map(c -> (Number) values.getOrDefault(c, 0.0)).toList()));
        return new Plotted(id, title, caption, chart, figures);
    }

    /** Latency percentile curves, one per combination, from the measured runs' histograms added together. */
    public static Plotted latencyCurves(String suite, List<BenchmarkSummary> summaries) {
        String id = suite + "/latency-percentiles";
        String title = suite + ": latency by percentile (µs, log scale)";
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT + 120).title(title)
                .xAxisTitle("percentile in nines: 0 = p0, 1 = p90, 2 = p99, 3 = p99.9, 4 = p99.99, 5 = max").yAxisTitle("µs").build();
        style(chart.getStyler());
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setMarkerSize(0);
        chart.getStyler().setXAxisDecimalPattern("0");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(MAX_NINES);
        List<Figure> figures = new ArrayList<>();
        for (BenchmarkSummary s : summaries) {
            Histogram merged = merged(s);
            if (merged == null || merged.getTotalCount() == 0) {
                continue;
            }
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (double percentile : PERCENTILES) {
                double nines = percentile >= 100 ? MAX_NINES : -Math.log10(1 - percentile / 100);
                double micros = Math.max(1, merged.getValueAtPercentile(percentile));
                xs.add(nines);
                ys.add(micros);
                figures.add(new Figure(id, s.combination(), String.format(Locale.ROOT, "p%.4f", percentile), micros,
                        "us"));
            }
            chart.addSeries(s.combination(), xs, ys);
        }
        return new Plotted(id, title, "Each curve is one combination; read the tail on the right.", chart, figures);
    }

    /** The measured runs' histograms added together, or {@code null} when a run carries none. */
    static Histogram merged(BenchmarkSummary summary) {
        return RunHistograms.merged(summary).orElse(null);
    }

    /**
     * Throughput against concurrency, one line per stage (and client model when there are several), for a sweep
     * suite whose workloads carry integer {@code connections} and boolean {@code keepAlive}: one chart per keep-alive
     * setting found.
     */
    public static List<Plotted> sweep(String suite, List<BenchmarkSummary> summaries) {
        Map<String, List<BenchmarkSummary>> byKeepAlive = new TreeMap<>();
        for (BenchmarkSummary s : summaries) {
            if (s.workload().get("connections") instanceof Number && s.workload().get("keepAlive") != null) {
                byKeepAlive.computeIfAbsent("keepAlive=" + s.workload().get("keepAlive"), k -> new ArrayList<>()).add(s);
            }
        }
        boolean severalClients = summaries.stream().map(BenchmarkSummary::clientModel).distinct().count() > 1;
        List<Plotted> charts = new ArrayList<>();
        byKeepAlive.forEach((keepAlive, group) -> {
            String id = suite + "/throughput-vs-connections/" + keepAlive;
            String unit = group.get(0).unit() + "/s";
            String title = suite + ": throughput vs connections, " + keepAlive + " (" + unit + ")";
            XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("connections")
                    .yAxisTitle(unit).build();
            style(chart.getStyler());
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(0.0);
            Map<String, TreeMap<Integer, Double>> lines = new TreeMap<>();
            for (BenchmarkSummary s : group) {
                String line = severalClients ? s.serverLabel() + " + " + s.clientModel() + " client" : s.serverLabel();
                int connections = ((Number) s.workload().get("connections")).intValue();
                lines.computeIfAbsent(line, k -> new TreeMap<>()).put(connections, s.aggregate().throughput());
            }
            List<Figure> figures = new ArrayList<>();
            lines.forEach((line, points) -> {
                chart.addSeries(line, List.copyOf(points.keySet()), List.copyOf(points.values()));
                points.forEach((c, y) -> figures.add(new Figure(id, line, String.valueOf(c), y, unit)));
            });
            charts.add(new Plotted(id, title, "One line per stage; each point is one summary's throughput.", chart,
                    figures));
        });
        return charts;
    }

    /** Memory per idle connection: RSS and heap KiB per connection, per server model and connection count. */
    public static Plotted idleMemory(List<IdleMemory> idle) {
        String id = "echo-idle/memory-per-connection";
        String title = "echo: memory per idle connection (KiB per connection, after a full GC)";
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle("server model").yAxisTitle("KiB per connection").build();
        style(chart.getStyler());
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFontColor(java.awt.Color.DARK_GRAY);
        List<String> servers = idle.stream().map(IdleMemory::serverLabel).toList();
        Map<String, Map<String, Double>> series = new LinkedHashMap<>();
        List<Figure> figures = new ArrayList<>();
        // Step i of every model forms one series ("RSS @ 4000/5000": single holds fewer, see the feature).
        int steps = idle.stream().mapToInt(m -> m.steps().size()).max().orElse(0);
        for (int i = 0; i < steps; i++) {
            final int index = i;
            String connections = idle.stream().filter(m -> m.steps().size() > index)
                    .map(m -> m.steps().get(index).connections()).distinct().sorted()
                    .map(String::valueOf).collect(java.util.stream.Collectors.joining("/"));
            for (IdleMemory memory : idle) {
                if (memory.steps().size() > index) {
                    IdleStep step = memory.steps().get(index);
                    put(series, figures, id, "RSS @ " + connections, memory.serverLabel(),
                            step.rssPerConnection() / 1024);
                    put(series, figures, id, "heap @ " + connections, memory.serverLabel(),
                            step.heapPerConnection() / 1024);
                }
            }
        }
        series.forEach((name, values) -> chart.addSeries(name, servers,
                servers.stream().map(s -> (Number) values.getOrDefault(s, 0.0)).toList()));
        return new Plotted(id, title, "RSS holds platform thread stacks, the heap holds virtual threads' stacks"
                + " and every served connection's 16 KiB echo buffer. The single model serves one connection at a"
                + " time (the others wait in the kernel's accept queue) and the pool model 100, so they spend almost"
                + " nothing per waiting connection. Threads per connection are in echo-idle/memory.md.", chart,
                figures);
    }

    private static void put(Map<String, Map<String, Double>> series, List<Figure> figures, String id, String name,
                            String server, double kib) {
        series.computeIfAbsent(name, k -> new LinkedHashMap<>()).put(server, kib);
        figures.add(new Figure(id, name, server, kib, "KiB"));
    }

    private static String label(String label, String fallback) {
        return label == null || label.isBlank() ? fallback : label;
    }

    /** Eight colours that stay apart on white and for the common colour-vision deficiencies (Okabe-Ito, darkened). */
    private static final java.awt.Color[] COLOURS = {new java.awt.Color(0x0072B2), new java.awt.Color(0xD55E00),
        new java.awt.Color(0x009E73), new java.awt.Color(0xCC79A7), new java.awt.Color(0x56B4E9),
        new java.awt.Color(0xB8860B), new java.awt.Color(0x000000), new java.awt.Color(0x8B4513)};

    private static void style(Styler styler) {
        styler.setSeriesColors(COLOURS);
        styler.setDecimalPattern("#,##0.#");
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setChartBackgroundColor(java.awt.Color.WHITE);
        styler.setPlotContentSize(0.92);
        styler.setAntiAlias(true);
        styler.setBaseFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 13));
        styler.setChartTitleFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, 15));
        styler.setLegendFont(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.PLAIN, 12));
    }
}
