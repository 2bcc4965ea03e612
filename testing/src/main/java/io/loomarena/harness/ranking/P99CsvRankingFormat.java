package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.measure.LatencyStats;

/** An open-model ranking as CSV (RFC 4180, header first, lowest p99 first, {@code Locale.ROOT}). */
public final class P99CsvRankingFormat implements RankingFormat {

    static final List<String> HEADER = List.of("rank", "combination", "unit", "latency_p50_us", "latency_p90_us",
            "latency_p95_us", "latency_p99_us", "latency_max_us", "latency_mean_us", "errors", "requests",
            "error_rate_percent", "server_peak_threads", "server_cpu_ms_per_run");

    @Override
    public String format(Ranking ranking) {
        StringBuilder out = new StringBuilder(String.join(",", HEADER)).append('\n');
        List<BenchmarkSummary> sorted = P99Order.sorted(ranking);
        for (int i = 0; i < sorted.size(); i++) {
            BenchmarkSummary s = sorted.get(i);
            LatencyStats l = s.aggregate().latency();
            out.append(String.join(",", String.valueOf(i + 1), CsvRankingFormat.quote(s.combination()),
                    CsvRankingFormat.quote(ranking.unit()), String.valueOf(l.p50()), String.valueOf(l.p90()),
                    String.valueOf(l.p95()), String.valueOf(l.p99()), String.valueOf(l.max()),
                    String.format(Locale.ROOT, "%.1f", l.mean()), String.valueOf(s.aggregate().totalErrors()),
                    String.valueOf(P99Order.requests(s)),
                    String.format(Locale.ROOT, "%.2f", P99Order.errorRate(s) * 100),
                    String.valueOf(s.aggregate().server().peakThreads()),
                    String.format(Locale.ROOT, "%.1f", s.aggregate().server().cpuTimeNanosPerRun() / 1e6)))
                    .append('\n');
        }
        return out.toString();
    }
}
