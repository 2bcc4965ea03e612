package io.loomarena.harness.ranking;

import static io.loomarena.harness.ranking.RankingTable.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import io.loomarena.harness.ranking.RankingTable.Column;
import io.loomarena.harness.ranking.RankingTable.Output;
import io.loomarena.harness.ranking.RankingTable.Row;
import io.loomarena.harness.summary.Metric;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * The columns a {@link RankingTable} can have: the primary result's (elapsed time, throughput, latency, errors, ties)
 * written by hand, and one per output for every server metric, written from its definition. Which columns a suite's
 * table has depends on how the suite ranks. Immutable.
 */
final class RankingColumns {

    private final Ranking ranking;
    private final String unit;

    RankingColumns(Ranking ranking) {
        this.ranking = ranking;
        this.unit = ranking.unit();
    }

    /** The Markdown table of a fixed-work ranking: the primary figures, then every shown metric. */
    List<Column> fastestMarkdown() {
        List<Column> columns = new ArrayList<>(List.of(
                number(Output.MARKDOWN, "#", row -> String.valueOf(row.rank())),
                text(Output.MARKDOWN, "combination", row -> row.summary().combination()),
                number(Output.MARKDOWN, "average s", row -> format("%.3f", row.entry().averageSeconds())),
                number(Output.MARKDOWN, "median s", row -> seconds("%.3f", row.aggregate().medianElapsedNanos())),
                number(Output.MARKDOWN, "min–max s", row -> seconds("%.3f", row.aggregate().minElapsedNanos()) + "–"
                        + seconds("%.3f", row.aggregate().maxElapsedNanos())),
                number(Output.MARKDOWN, "95% CI s", row -> RankingTable.interval(row.aggregate().elapsedCi95Nanos(),
                        "–")),
                text(Output.MARKDOWN, "tied with", row -> RankingTable.tiedWith(ranking, row)),
                number(Output.MARKDOWN, "vs fastest", row -> vsFastest(row, "–")),
                number(Output.MARKDOWN, "throughput " + unit + "/s", row -> format("%.2f", row.entry().throughput())),
                number(Output.MARKDOWN, "ms/" + unit, row -> format("%.4f", row.entry().millisPerOperation())),
                number(Output.MARKDOWN, "delta", row -> String.format(Locale.ROOT, "%+.3f s (%+.2f%%)",
                        row.entry().deltaNanos() / 1e9, row.entry().deltaPercent())),
                number(Output.MARKDOWN, "p50 µs", row -> String.valueOf(row.aggregate().latency().p50())),
                number(Output.MARKDOWN, "p99 µs", row -> String.valueOf(row.aggregate().latency().p99())),
                number(Output.MARKDOWN, "max µs", row -> String.valueOf(row.aggregate().latency().max())),
                number(Output.MARKDOWN, "errors", row -> String.valueOf(row.aggregate().totalErrors()))));
        for (Metric metric : RankingTable.shownMetrics()) {
            columns.add(metric(Output.MARKDOWN, metric, metric.table().orElseThrow(), "n/a"));
        }
        columns.add(text(Output.MARKDOWN, "client CPU", RankingColumns::clientCpu));
        addForksIfAdaptive(columns, Output.MARKDOWN);
        return columns;
    }

    /**
     * How many forks each row rests on, only when adaptive forks gave some rows more than others (the console's
     * {@code [PERF][FINAL]} line always says it; otherwise every row has the forks the header names).
     */
    private void addForksIfAdaptive(List<Column> columns, Output output) {
        if (ranking.hasAdaptiveForks()) {
            columns.add(number(output, "forks", row -> String.valueOf(row.summary().runs().forks())));
        }
    }

    /** What follows the closing parenthesis of a {@code [PERF][FINAL]} line, as {@code key=value} columns. */
    List<Column> fastestConsole() {
        List<Column> columns = new ArrayList<>(List.of(
                number(Output.CONSOLE, "min", row -> seconds("%.3f", row.aggregate().minElapsedNanos()) + " s"),
                number(Output.CONSOLE, "max", row -> seconds("%.3f", row.aggregate().maxElapsedNanos()) + " s"),
                number(Output.CONSOLE, "ci95", row -> RankingTable.interval(row.aggregate().elapsedCi95Nanos(), "..")
                        + " s"),
                text(Output.CONSOLE, "tied-with", row -> RankingTable.tiedWith(ranking, row))));
        for (Metric metric : HarnessMetrics.ALL) {
            metric.console().ifPresent(shown -> columns.add(metric(Output.CONSOLE, metric, shown, "n/a")));
        }
        columns.add(number(Output.CONSOLE, "forks", row -> String.valueOf(row.summary().runs().forks())));
        columns.add(number(Output.CONSOLE, "iterations", row -> String.valueOf(row.summary().runs().iterations())));
        columns.add(number(Output.CONSOLE, "vs-fastest", row -> vsFastest(row, "..")));
        columns.add(text(Output.CONSOLE, "client-cpu", RankingColumns::clientCpu));
        return columns;
    }

    /** Every figure as a plain number in the unit its name says; empty cells for figures that do not exist. */
    List<Column> csv() {
        List<Column> columns = new ArrayList<>(List.of(
                number(Output.CSV, "rank", row -> String.valueOf(row.rank())),
                text(Output.CSV, "combination", row -> CsvRanking.quote(row.summary().combination())),
                text(Output.CSV, "unit", row -> CsvRanking.quote(unit)),
                number(Output.CSV, "operations_per_run", row -> String.valueOf(row.aggregate().operationsPerRun())),
                number(Output.CSV, "average_s", row -> seconds("%.6f", row.aggregate().averageElapsedNanos())),
                number(Output.CSV, "median_s", row -> seconds("%.6f", row.aggregate().medianElapsedNanos())),
                number(Output.CSV, "min_s", row -> seconds("%.6f", row.aggregate().minElapsedNanos())),
                number(Output.CSV, "max_s", row -> seconds("%.6f", row.aggregate().maxElapsedNanos())),
                number(Output.CSV, "stddev_s", row -> seconds("%.6f", row.aggregate().stdDevElapsedNanos())),
                number(Output.CSV, "ci95_low_s", row -> row.aggregate().elapsedCi95Nanos() == null ? ""
                        : seconds("%.6f", row.aggregate().elapsedCi95Nanos().low())),
                number(Output.CSV, "ci95_high_s", row -> row.aggregate().elapsedCi95Nanos() == null ? ""
                        : seconds("%.6f", row.aggregate().elapsedCi95Nanos().high())),
                number(Output.CSV, "throughput_per_s", row -> format("%.2f", row.aggregate().throughput())),
                number(Output.CSV, "avg_ms_per_op", row -> format("%.6f", row.entry().millisPerOperation())),
                number(Output.CSV, "delta_s", row -> seconds("%.6f", row.entry().deltaNanos())),
                number(Output.CSV, "delta_percent", row -> format("%.2f", row.entry().deltaPercent())),
                number(Output.CSV, "latency_mean_us", row -> format("%.1f", row.aggregate().latency().mean())),
                number(Output.CSV, "latency_p50_us", row -> String.valueOf(row.aggregate().latency().p50())),
                number(Output.CSV, "latency_p90_us", row -> String.valueOf(row.aggregate().latency().p90())),
                number(Output.CSV, "latency_p99_us", row -> String.valueOf(row.aggregate().latency().p99())),
                number(Output.CSV, "latency_p999_us", row -> String.valueOf(row.aggregate().latency().p999())),
                number(Output.CSV, "latency_max_us", row -> String.valueOf(row.aggregate().latency().max())),
                number(Output.CSV, "errors", row -> String.valueOf(row.aggregate().totalErrors())),
                text(Output.CSV, "tied_with", row -> CsvRanking.quote(RankingTable.tiedWithCsv(ranking, row))),
                text(Output.CSV, "server_pinned_top_stack",
                        row -> CsvRanking.quote(row.aggregate().pinnedTopStack()))));
        for (Metric metric : HarnessMetrics.ALL) {
            metric.csv().ifPresent(shown -> columns.add(metric(Output.CSV, metric, shown, "")));
        }
        columns.add(number(Output.CSV, "throughput_vs_fastest", row -> format("%.4f", row.entry().vsFastest().ratio())));
        columns.add(number(Output.CSV, "throughput_vs_fastest_low",
                row -> format("%.4f", row.entry().vsFastest().lower())));
        columns.add(number(Output.CSV, "throughput_vs_fastest_high",
                row -> format("%.4f", row.entry().vsFastest().upper())));
        columns.add(text(Output.CSV, "client_bound", row -> RankingTable.clientBound(row) == null ? ""
                : String.valueOf(RankingTable.clientBound(row))));
        return columns;
    }

    /** The report's table of a fixed-work ranking: throughput with its interval, ties, and the metrics marked for it. */
    List<Column> html() {
        List<Column> columns = new ArrayList<>(List.of(
                number(Output.HTML, "#", row -> String.valueOf(row.rank())),
                text(Output.HTML, Verdict.serverModels(ranking) ? "server model" : "combination",
                        row -> Verdict.name(ranking, row.summary())),
                number(Output.HTML, "throughput " + unit + "/s",
                        row -> String.format(Locale.ROOT, "%,.0f", row.entry().throughput())),
                number(Output.HTML, "95% interval", row -> {
                    ThroughputInterval interval = ThroughputInterval.of(row.aggregate());
                    return interval.text() + (interval.fromRunRange() ? "*" : "");
                }),
                text(Output.HTML, "tied with", row -> RankingTable.tiedWith(ranking, row).replace(",", ", ")),
                number(Output.HTML, "vs fastest", row -> vsFastest(row, "–"))));
        for (Metric metric : RankingTable.shownMetrics()) {
            if (metric.inVerdictTable()) {
                columns.add(metric(Output.HTML, metric, metric.table().orElseThrow(), "n/a"));
            }
        }
        columns.add(text(Output.HTML, "client CPU", RankingColumns::clientCpu));
        return columns;
    }

    /** One level of a sweep: throughput and latency per server model (the same table in the build log and in Markdown). */
    List<Column> level(Output output) {
        List<Column> columns = new ArrayList<>(List.of(
                number(output, "#", row -> String.valueOf(row.rank())),
                text(output, "server", row -> row.summary().serverLabel()),
                text(output, "client", row -> row.summary().clientLabel()),
                number(output, "throughput " + unit + "/s", row -> format("%.2f", row.aggregate().throughput())),
                number(output, "p50 µs", row -> String.valueOf(row.aggregate().latency().p50())),
                number(output, "p99 µs", row -> String.valueOf(row.aggregate().latency().p99())),
                number(output, "max µs", row -> String.valueOf(row.aggregate().latency().max())),
                number(output, "errors", row -> String.valueOf(row.aggregate().totalErrors())),
                number(output, "average s", row -> format("%.3f", row.entry().averageSeconds())),
                number(output, "delta", row -> format("%+.2f", row.entry().deltaPercent()) + "%")));
        if (output != Output.CSV) {
            addForksIfAdaptive(columns, output);
        }
        return columns;
    }

    /** An open-model ranking: latency percentiles, errors and the server's threads and CPU, lowest p99 first. */
    List<Column> p99(Output output) {
        boolean csv = output == Output.CSV;
        Metric threads = HarnessMetrics.SERVER_PEAK_THREADS;
        Metric cpu = HarnessMetrics.SERVER_CPU_PER_ITERATION;
        List<Column> columns = new ArrayList<>();
        columns.add(number(output, csv ? "rank" : "#", row -> String.valueOf(row.rank())));
        columns.add(text(output, "combination", row -> csv ? CsvRanking.quote(row.summary().combination())
                : row.summary().combination()));
        if (csv) {
            columns.add(text(output, "unit", row -> CsvRanking.quote(unit)));
        }
        columns.add(number(output, csv ? "latency_p50_us" : "p50 µs", row -> String.valueOf(row.aggregate().latency().p50())));
        columns.add(number(output, csv ? "latency_p90_us" : "p90 µs", row -> String.valueOf(row.aggregate().latency().p90())));
        columns.add(number(output, csv ? "latency_p95_us" : "p95 µs", row -> String.valueOf(row.aggregate().latency().p95())));
        columns.add(number(output, csv ? "latency_p99_us" : "p99 µs", row -> String.valueOf(row.aggregate().latency().p99())));
        columns.add(number(output, csv ? "latency_max_us" : "max µs", row -> String.valueOf(row.aggregate().latency().max())));
        if (csv) {
            columns.add(number(output, "latency_mean_us", row -> format("%.1f", row.aggregate().latency().mean())));
        }
        columns.add(number(output, "errors", row -> String.valueOf(row.aggregate().totalErrors())));
        columns.add(number(output, "requests", row -> String.valueOf(P99Order.requests(row.summary()))));
        columns.add(number(output, csv ? "error_rate_percent" : "error rate",
                row -> format("%.2f", P99Order.errorRate(row.summary()) * 100) + (csv ? "" : "%")));
        columns.add(metric(output, threads, csv ? threads.csv().orElseThrow() : new Metric.Shown("server peak threads", 1, "%d"),
                csv ? "" : "n/a"));
        columns.add(metric(output, cpu, csv ? cpu.csv().orElseThrow() : new Metric.Shown("server CPU ms/run", 1e6, "%.1f"),
                csv ? "" : "n/a"));
        return columns;
    }

    /** The report's table of an open-model ranking. */
    List<Column> p99Html() {
        return List.of(
                number(Output.HTML, "#", row -> String.valueOf(row.rank())),
                text(Output.HTML, Verdict.serverModels(ranking) ? "server model" : "combination",
                        row -> Verdict.name(ranking, row.summary())),
                number(Output.HTML, "p99 µs", row -> grouped(row.aggregate().latency().p99())),
                number(Output.HTML, "p50 µs", row -> grouped(row.aggregate().latency().p50())),
                number(Output.HTML, "max µs", row -> grouped(row.aggregate().latency().max())),
                number(Output.HTML, "failed requests", row -> grouped(row.aggregate().totalErrors())));
    }

    /**
     * The throughput over the fastest's with the 95% interval of that ratio, {@code 0.722 (0.690–0.755)}; {@code 1}
     * for the fastest itself. What a run can promise is relative: the level of a whole matrix moves from run to run
     * more than its ratios do (docs/methodology.md).
     */
    private static String vsFastest(Row row, String separator) {
        var ratio = row.entry().vsFastest();
        if (row.entry().rank() == 1) {
            return "1";
        }
        return format("%.3f", ratio.ratio()) + " (" + format("%.3f", ratio.lower()) + separator
                + (ratio.upper() >= Double.MAX_VALUE ? "∞" : format("%.3f", ratio.upper())) + ")";
    }

    /**
     * The largest share of its CPUs the client used over a measured iteration, {@code 97% client-bound} from
     * {@link HarnessMetrics#CLIENT_BOUND} on, {@code 45%} below, {@code n/a} when the client did not record it.
     */
    private static String clientCpu(Row row) {
        Boolean bound = RankingTable.clientBound(row);
        if (bound == null) {
            return "n/a";
        }
        // Rounded down, so that 89.9% is not shown as 90% without the verdict that 90% brings.
        return format("%.0f", Math.floor(row.aggregate().metric(HarnessMetrics.CLIENT_CPU_LOAD).value() * 100)) + "%"
                + (bound ? " " + RankingTable.CLIENT_BOUND : "");
    }

    private Column metric(Output output, Metric metric, Metric.Shown shown, String absent) {
        return number(output, shown.name(unit), row -> shown.text(row.aggregate().metric(metric), unit, absent));
    }

    private static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String seconds(String format, double nanos) {
        return format(format, nanos / 1e9);
    }

    private static Column number(Output output, String label, Function<Row, String> cell) {
        return new Column(output, label, cell, true);
    }

    private static Column text(Output output, String label, Function<Row, String> cell) {
        return new Column(output, label, cell, false);
    }
}
