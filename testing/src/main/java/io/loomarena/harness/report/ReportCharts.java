package io.loomarena.harness.report;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;

import io.loomarena.harness.idle.IdleMemory;
import io.loomarena.harness.idle.IdleStep;
import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.report.chart.AxisSpec;
import io.loomarena.harness.report.chart.BarChart;
import io.loomarena.harness.report.chart.LineChart;
import io.loomarena.harness.report.chart.ValueFormat;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RunHistograms;
import io.loomarena.model.ServerModel;

/**
 * Builds the report's charts (SVG drawn by JFreeChart, see {@link io.loomarena.harness.report.chart}) and, beside each,
 * the exact figures it plots, so that the CSV and the pictures cannot disagree. Stateless and thread-safe.
 */
public final class ReportCharts {

    /** A chart: its id, title and caption, the SVG, and the figures it plots. */
    public record Plotted(String id, String title, String caption, String svg, List<Figure> figures) {
        public Plotted {
            figures = List.copyOf(figures);
        }

        /** The same chart with {@code sentence} after its caption (which iterations its figures come from). */
        public Plotted noting(String sentence) {
            return new Plotted(id, title, caption + " " + sentence, svg, figures);
        }
    }

    /** The percentiles of a latency curve; 100 is the maximum, drawn at 5 nines. */
    static final double[] PERCENTILES = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 96, 97, 98, 99, 99.5,
        99.9, 99.95, 99.99, 100};
    /** The percentiles that carry a marker and a tick label: where a reader looks. */
    private static final List<Double> MARKED = List.of(0.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0);
    private static final double MAX_NINES = 5;

    private ReportCharts() {
    }

    /** Throughput per combination, grouped by server model, one bar per client model, whiskers the 95% interval. */
    public static Plotted throughput(String suite, List<BenchmarkSummary> summaries) {
        String unit = summaries.get(0).unit() + "/s";
        String id = suite + "/throughput";
        return bars(id, suite + ": throughput per combination (" + unit + ", higher is faster)",
                "Operations per second at the mean elapsed time of the measured runs. The whisker is the 95% confidence"
                        + " interval of the mean elapsed time turned into throughput (the slowest to the fastest run"
                        + " with fewer than 3 runs). Which two the runs order is decided on the interval of the ratio of"
                        + " their throughputs: the verdict table's tied with.",
                summaries, unit, unit, s -> s.aggregate().throughput(), true);
    }

    /** p99 latency per combination. */
    public static Plotted p99(String suite, List<BenchmarkSummary> summaries) {
        return bars(suite + "/p99", suite + ": p99 latency per combination (µs, lower is better)",
                "99th percentile of every measured operation's latency (HdrHistogram, runs added together).",
                summaries, "us", "p99 latency µs", s -> (double) s.aggregate().latency().p99(), false);
    }

    private static Plotted bars(String id, String title, String caption, List<BenchmarkSummary> summaries, String unit,
                                String yTitle, ToDoubleFunction<BenchmarkSummary> value, boolean whiskers) {
        TreeSet<String> servers = new TreeSet<>();
        TreeSet<String> clients = new TreeSet<>();
        List<BarChart.Bar> bars = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        for (BenchmarkSummary s : summaries) {
            String server = label(s.serverLabel(), s.combination());
            String client = label(s.clientLabel(), "");
            servers.add(server);
            clients.add(client);
            double y = value.applyAsDouble(s);
            figures.add(new Figure(id, client, server, y, unit));
            if (whiskers) {
                ThroughputInterval interval = ThroughputInterval.of(s.aggregate());
                bars.add(new BarChart.Bar(client, server, y, interval.low(), interval.high()));
                figures.add(new Figure(id, client + " 95% low", server, interval.low(), unit));
                if (Double.isFinite(interval.high())) {
                    figures.add(new Figure(id, client + " 95% high", server, interval.high(), unit));
                }
            } else {
                bars.add(new BarChart.Bar(client, server, y));
            }
        }
        String svg = BarChart.svg(title, "server model", yTitle, List.copyOf(servers), List.copyOf(clients), bars);
        return new Plotted(id, title, caption, svg, figures);
    }

    /**
     * Latency percentile curves, one per combination, from the measured runs' histograms added together: one chart
     * per client model when there are several, so that no chart holds more than the server models' curves.
     */
    public static List<Plotted> latencyCurves(String suite, List<BenchmarkSummary> summaries) {
        Map<String, List<BenchmarkSummary>> byClient = new TreeMap<>();
        summaries.forEach(s -> byClient.computeIfAbsent(label(s.clientLabel(), ""), k -> new ArrayList<>()).add(s));
        List<Plotted> charts = new ArrayList<>();
        byClient.forEach((client, group) -> {
            boolean split = byClient.size() > 1;
            charts.add(latencyCurves(suite + "/latency-percentiles" + (split ? "/" + client : ""),
                    suite + ": latency by percentile" + (split ? ", " + client : "") + " (µs, log scale)", group));
        });
        return charts;
    }

    private static Plotted latencyCurves(String id, String title, List<BenchmarkSummary> summaries) {
        List<Figure> figures = new ArrayList<>();
        List<LineChart.Series> series = new ArrayList<>();
        double min = Double.MAX_VALUE;
        double max = 1;
        boolean oneClient = summaries.stream().map(BenchmarkSummary::clientLabel).distinct().count() == 1;
        for (BenchmarkSummary s : summaries) {
            Histogram merged = RunHistograms.merged(s).orElse(null);
            if (merged == null || merged.getTotalCount() == 0) {
                continue;
            }
            List<LineChart.Point> points = new ArrayList<>();
            for (double percentile : PERCENTILES) {
                double micros = Math.max(1, merged.getValueAtPercentile(percentile));
                points.add(new LineChart.Point(nines(percentile), micros, MARKED.contains(percentile), ""));
                figures.add(new Figure(id, s.combination(), String.format(Locale.ROOT, "p%.4f", percentile), micros,
                        "us"));
                min = Math.min(min, micros);
                max = Math.max(max, micros);
            }
            series.add(new LineChart.Series(oneClient ? label(s.serverLabel(), s.combination()) : s.combination(),
                    points));
        }
        List<AxisSpec.Tick> ticks = new ArrayList<>();
        for (double percentile : MARKED) {
            ticks.add(new AxisSpec.Tick(nines(percentile), percentile == 0 ? "min" : percentile == 100 ? "max"
                    : "p" + BigDecimal.valueOf(percentile).stripTrailingZeros().toPlainString()));
        }
        String svg = LineChart.svg(title, AxisSpec.fixed("percentile: each step right is ten times rarer (p90, p99,"
                        + " p99.9, p99.99), max at the right edge", false, 0, MAX_NINES, ticks),
                AxisSpec.decades("latency µs (log scale)", min == Double.MAX_VALUE ? 1 : min, max), series, 540);
        return new Plotted(id, title, "Each curve is one combination; read the tail on the right. The latency axis"
                + " is logarithmic, labelled at every power of ten.", svg, figures);
    }

    /** Where a percentile sits on the nines axis: 0 for p0, 1 for p90, 2 for p99... the maximum at 5. */
    private static double nines(double percentile) {
        return percentile >= 100 ? MAX_NINES : -Math.log10(1 - percentile / 100);
    }

    /**
     * Throughput against concurrency, one line per server model (and client model when there are several), every point
     * labelled with its value, for a sweep suite whose workloads carry integer {@code connections} and boolean
     * {@code keepAlive}: one chart per keep-alive setting measured at two levels or more.
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
            Map<String, TreeMap<Integer, Double>> lines = new TreeMap<>();
            for (BenchmarkSummary s : group) {
                String line = severalClients ? s.serverLabel() + " + " + s.clientModel() + " client" : s.serverLabel();
                int connections = ((Number) s.workload().get("connections")).intValue();
                lines.computeIfAbsent(line, k -> new TreeMap<>()).put(connections, s.aggregate().throughput());
            }
            List<Figure> figures = new ArrayList<>();
            List<LineChart.Series> series = new ArrayList<>();
            TreeSet<Integer> levels = new TreeSet<>();
            lines.forEach((line, points) -> {
                series.add(new LineChart.Series(line, points.entrySet().stream().map(p -> new LineChart.Point(
                        p.getKey(), p.getValue(), true, ValueFormat.text(p.getValue()))).toList()));
                points.forEach((c, y) -> figures.add(new Figure(id, line, String.valueOf(c), y, unit)));
                levels.addAll(points.keySet());
            });
            if (levels.size() < 2) {
                return; // one level is no line: its bars are charted with the level's own workload
            }
            List<AxisSpec.Tick> ticks = levels.stream().map(c -> new AxisSpec.Tick(c, String.valueOf(c))).toList();
            String svg = LineChart.svg(title, AxisSpec.fixed("connections (log scale)", true,
                    Math.max(0.5, levels.first() / 1.5), levels.last() * 1.5, ticks), AxisSpec.fromZero(unit), series,
                    500);
            charts.add(new Plotted(id, title, "One line per server model; each point is one summary's throughput, its value"
                    + " written beside it.", svg, figures));
        });
        return charts;
    }

    /** Memory per idle connection: RSS and heap KiB per connection, per server model and connection count. */
    public static Plotted idleMemory(List<IdleMemory> idle) {
        String id = "echo-idle/memory-per-connection";
        String title = "echo: memory per idle connection (KiB per connection, after a full GC)";
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
        List<BarChart.Bar> bars = new ArrayList<>();
        series.forEach((name, values) -> values.forEach((server, kib) -> bars.add(new BarChart.Bar(name, server, kib))));
        String svg = BarChart.svg(title, "server model", "KiB per connection", servers, List.copyOf(series.keySet()),
                bars);
        return new Plotted(id, title, "RSS holds platform thread stacks, the heap holds virtual threads' stacks"
                + " and every served connection's echo buffer (512 bytes, doubled only when a read fills it, up to 16 KiB;"
                + " VIRTUAL_SERVER_AFTER_ONE_ECHO: connections that each echoed one byte). The single model serves one connection at a"
                + " time (the others wait in the kernel's accept queue) and the pool model " + ServerModel.DEFAULT_POOL_SIZE
                + ", so they spend almost"
                + " nothing per waiting connection. Threads per connection are in echo-idle/memory.md.", svg,
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
}
