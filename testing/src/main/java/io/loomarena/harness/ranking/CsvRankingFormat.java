package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.ConfidenceInterval;

/**
 * The ranking as CSV (RFC 4180, comma separated, header first, one row per combination, fastest first): plain numbers
 * in SI-ish units named in the header, {@code Locale.ROOT}, empty cells for figures that do not exist.
 */
public final class CsvRankingFormat implements RankingFormat {

    static final List<String> HEADER = List.of("rank", "combination", "unit", "operations_per_run", "average_s",
            "median_s", "min_s", "max_s", "stddev_s", "ci95_low_s", "ci95_high_s", "throughput_per_s", "avg_ms_per_op",
            "delta_s", "delta_percent", "latency_mean_us", "latency_p50_us", "latency_p90_us", "latency_p99_us",
            "latency_p999_us", "latency_max_us", "errors", "server_peak_threads", "server_peak_rss_bytes",
            "server_heap_used_bytes", "server_cpu_ms_per_run", "server_gc_count", "server_gc_ms", "tied_with",
            "server_cpu_us_per_op", "server_threads_after", "server_rss_after_bytes", "server_peak_heap_used_bytes",
            "server_pinned_events", "server_pinned_top_stack");

    @Override
    public String format(Ranking ranking) {
        StringBuilder out = new StringBuilder(String.join(",", HEADER)).append('\n');
        for (RankedCombination entry : ranking.entries()) {
            Aggregate a = entry.summary().aggregate();
            ConfidenceInterval ci = a.elapsedCi95Nanos();
            List<String> cells = new ArrayList<>(List.of(
                    String.valueOf(entry.rank()), quote(entry.combination()), quote(ranking.unit()),
                    String.valueOf(a.operationsPerRun()),
                    seconds(a.averageElapsedNanos()), seconds(a.medianElapsedNanos()), seconds(a.minElapsedNanos()),
                    seconds(a.maxElapsedNanos()), seconds(a.stdDevElapsedNanos()),
                    ci == null ? "" : seconds(ci.low()), ci == null ? "" : seconds(ci.high()),
                    number("%.2f", a.throughput()), number("%.6f", entry.millisPerOperation()),
                    seconds(entry.deltaNanos()), number("%.2f", entry.deltaPercent()),
                    number("%.1f", a.latency().mean()), String.valueOf(a.latency().p50()),
                    String.valueOf(a.latency().p90()), String.valueOf(a.latency().p99()),
                    String.valueOf(a.latency().p999()), String.valueOf(a.latency().max()),
                    String.valueOf(a.totalErrors()), String.valueOf(a.server().peakThreads()),
                    String.valueOf(a.server().peakRssBytes()), String.valueOf(a.server().heapUsedBytes()),
                    number("%.1f", a.server().cpuTimeNanosPerRun() / 1e6), String.valueOf(a.server().gcCount()),
                    String.valueOf(a.server().gcTimeMillis()),
                    quote(ranking.tiedWith(entry).stream().map(String::valueOf).collect(Collectors.joining(","))),
                    a.server().cpuNanosPerOperation() < 0 ? "" : number("%.3f", a.server().cpuNanosPerOperation() / 1e3),
                    String.valueOf(a.server().liveThreadsAfter()), String.valueOf(a.server().rssBytesAfter()),
                    String.valueOf(a.server().peakHeapUsedBytes()), String.valueOf(a.server().pinnedEvents()),
                    quote(a.server().pinnedTopStack())));
            out.append(cells.stream().collect(Collectors.joining(","))).append('\n');
        }
        return out.toString();
    }

    private static String seconds(double nanos) {
        return number("%.6f", nanos / 1e9);
    }

    private static String number(String format, double value) {
        return String.format(Locale.ROOT, format, value);
    }

    /** Quotes a text cell when it holds a comma, a quote or a line break. */
    static String quote(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}
