package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.Metric;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * A ranking as one table, built once per ranked group: its rows (combinations in the suite's order) and its labelled
 * columns, each column for one output ({@link ConsoleRanking}, {@link MarkdownRanking}, {@link CsvRanking} and the
 * report's HTML), each cell already written as that output shows it. The renderers lay the table out and add their
 * prose; none of them computes a figure. The server's metrics become columns from their definitions
 * ({@link HarnessMetrics}): a new metric reaches every output without a change here. Immutable.
 *
 * @param ranking the ranking the table shows
 * @param kind    how the suite ranks: fastest first, by p99, or one table per level
 * @param rows    the rows in that order
 * @param columns every output's columns, each output's in its order
 */
public record RankingTable(Ranking ranking, RankingKind kind, List<Row> rows, List<Column> columns) {

    /** Where a column is shown. */
    public enum Output { CONSOLE, MARKDOWN, CSV, HTML }

    /**
     * One labelled column of one output. Immutable.
     *
     * @param output where it is shown
     * @param label  its title (for the console, the key of {@code key=value})
     * @param cell   a row's cell, as that output writes it
     * @param number whether its cells are numbers (right-aligned)
     */
    public record Column(Output output, String label, Function<Row, String> cell, boolean number) {

        public Column {
            Objects.requireNonNull(output, "output");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(cell, "cell");
        }
    }

    /**
     * One combination's row. Immutable.
     *
     * @param rank            its rank in this table's order, 1 first
     * @param entry           its place in the fastest-first ranking (delta, ties)
     * @param tiedWithFastest whether it is the fastest or tied with it while the fastest ties with some other
     */
    public record Row(int rank, RankedCombination entry, boolean tiedWithFastest) {

        public BenchmarkSummary summary() {
            return entry.summary();
        }

        public Aggregate aggregate() {
            return entry.summary().aggregate();
        }
    }

    /**
     * The historical order of the CSV's first columns, kept because scripts read {@code ranking.csv}: columns were
     * added at its end over time. Columns not listed (new metrics) follow in the table's order.
     */
    static final List<String> CSV_ORDER = List.of("rank", "combination", "unit", "operations_per_run", "average_s",
            "median_s", "min_s", "max_s", "stddev_s", "ci95_low_s", "ci95_high_s", "throughput_per_s", "avg_ms_per_op",
            "delta_s", "delta_percent", "latency_mean_us", "latency_p50_us", "latency_p90_us", "latency_p99_us",
            "latency_p999_us", "latency_max_us", "errors", "server_peak_threads", "server_peak_rss_bytes",
            "server_heap_used_bytes", "server_cpu_ms_per_run", "server_gc_count", "server_gc_ms", "tied_with",
            "server_cpu_us_per_op", "server_threads_after", "server_rss_after_bytes", "server_peak_heap_used_bytes",
            "server_pinned_events", "server_pinned_top_stack");

    public RankingTable {
        Objects.requireNonNull(ranking, "ranking");
        Objects.requireNonNull(kind, "kind");
        rows = List.copyOf(rows);
        columns = List.copyOf(columns);
    }

    /** The table of {@code ranking} for a suite ranked {@code ranked}. */
    public static RankingTable of(Ranking ranking, BenchmarkSuite.Ranked ranked) {
        return of(ranking, RankingKind.of(ranked));
    }

    /** The table of {@code ranking} of kind {@code kind}. */
    public static RankingTable of(Ranking ranking, RankingKind kind) {
        List<RankedCombination> tied = ranking.tiedWithFastest();
        List<Row> rows = new ArrayList<>();
        for (RankedCombination entry : kind.order(ranking)) {
            rows.add(new Row(rows.size() + 1, entry, !tied.isEmpty() && (entry.rank() == 1 || tied.contains(entry))));
        }
        return new RankingTable(ranking, kind, rows, kind.columns(new RankingColumns(ranking)));
    }

    /** The columns of {@code output}, in order. */
    public List<Column> columns(Output output) {
        return columns.stream().filter(column -> column.output() == output).toList();
    }

    /** The metrics the tables show: every metric with a table column, in their defined order. */
    static List<Metric> shownMetrics() {
        return HarnessMetrics.ALL.stream().filter(metric -> metric.table().isPresent()).toList();
    }

    static List<Column> csvInHistoricalOrder(List<Column> csv) {
        return csv.stream().sorted(Comparator.comparingInt(column -> {
            int index = CSV_ORDER.indexOf(column.label());
            return index < 0 ? CSV_ORDER.size() : index;
        })).toList();
    }

    /** {@code %.3f}-style formatting with {@code Locale.ROOT}. */
    static String format(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }

    /** The ranks a row ties with, comma separated, or {@code none}. */
    static String tiedWith(Ranking ranking, Row row) {
        return ranking.tiedWithText(row.entry());
    }

    /** What a row whose client saturated its CPU says, in every output. */
    static final String CLIENT_BOUND = "client-bound";

    /**
     * Whether the client process used at least {@link HarnessMetrics#CLIENT_BOUND} of its CPUs over a measured
     * iteration of the row (then its throughput measures the client, not the server); {@code null} when the client
     * did not record its CPU time.
     */
    static Boolean clientBound(Row row) {
        var share = row.aggregate().metric(HarnessMetrics.CLIENT_CPU_LOAD);
        return share == null ? null : share.value() >= HarnessMetrics.CLIENT_BOUND;
    }

    /** The combinations of {@code table} whose client was the bottleneck ({@link #clientBound}), in row order. */
    static List<String> clientBoundCombinations(RankingTable table) {
        return table.rows().stream().filter(row -> Boolean.TRUE.equals(clientBound(row)))
                .map(row -> row.summary().combination()).toList();
    }

    /** The sentence that follows a ranking with client-bound rows, or empty. */
    static String clientBoundNote(RankingTable table) {
        List<String> bound = clientBoundCombinations(table);
        if (bound.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%s: %s (the client process used %.0f%% or more of its CPUs over a"
                + " measured iteration: %s the client, not the server)", CLIENT_BOUND,
                Verdict.and(bound), HarnessMetrics.CLIENT_BOUND * 100,
                bound.size() == 1 ? "its throughput measures" : "their throughputs measure");
    }

    /** What a row measured beside other work on its CPUs says, in the console and markdown rankings and the report. */
    public static final String DISTURBED = "disturbed";

    /**
     * The sentence that follows a ranking with rows measured beside other work on their pinned CPUs
     * ({@link Separation#disturbed}), or empty.
     */
    public static String disturbedNote(RankingTable table) {
        List<Row> disturbed = table.rows().stream().filter(row -> Separation.disturbed(row.summary())).toList();
        if (disturbed.isEmpty()) {
            return "";
        }
        double most = disturbed.stream().mapToDouble(row -> row.aggregate()
                .metric(HarnessMetrics.NEIGHBOUR_CPU_SHARE).value()).max().orElse(0);
        return String.format(Locale.ROOT, "%s: %s (other work took %.0f%% or more of the server's or the client's CPU"
                + " during a measured iteration, up to %.0f%%: a neighbour does not slow every combination alike, so"
                + " the ranking ties %s with every other combination)", DISTURBED,
                Verdict.and(disturbed.stream().map(row -> row.summary().combination()).toList()),
                HarnessMetrics.DISTURBED * 100, most * 100, disturbed.size() == 1 ? "it" : "them");
    }

    /** {@code 0.101–0.131} seconds, or {@code n/a} without an interval. */
    static String interval(ConfidenceInterval ci, String separator) {
        return ci == null ? "n/a" : format("%.3f", ci.low() / 1e9) + separator + format("%.3f", ci.high() / 1e9);
    }

    /** The ranks a row ties with as the CSV writes them: {@code 2,3} or empty. */
    static String tiedWithCsv(Ranking ranking, Row row) {
        return ranking.tiedWith(row.entry()).stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
