package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.measure.LatencyStats;

/** An open-model ranking as a Markdown page: lowest p99 first, latency percentiles and error rate per combination. */
public final class P99MarkdownRankingFormat implements RankingFormat {

    @Override
    public String format(Ranking ranking) {
        List<BenchmarkSummary> sorted = P99Order.sorted(ranking);
        StringBuilder out = new StringBuilder();
        out.append("# ").append(ranking.suite()).append(" ranking by p99 latency\n\n");
        out.append(String.format(Locale.ROOT, "Ranked by p99 latency (lower is better) of an open-model workload: %s."
                        + " Latency counts from each request's intended send time (coordinated omission corrected)."
                        + " Each combination: %s; percentiles from the measured iterations' histograms added"
                        + " together.\n\n",
                ranking.workloadText(), ranking.shape()));
        out.append("| # | combination | p50 µs | p90 µs | p95 µs | p99 µs | max µs | errors | requests | error rate"
                + " | server peak threads | server CPU ms/run |\n");
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (int i = 0; i < sorted.size(); i++) {
            BenchmarkSummary s = sorted.get(i);
            LatencyStats l = s.aggregate().latency();
            out.append(String.format(Locale.ROOT, "| %d | %s | %d | %d | %d | %d | %d | %d | %d | %.2f%% | %d | %.1f |\n",
                    i + 1, s.combination(), l.p50(), l.p90(), l.p95(), l.p99(), l.max(), s.aggregate().totalErrors(),
                    P99Order.requests(s), P99Order.errorRate(s) * 100, s.aggregate().server().peakThreads(),
                    s.aggregate().server().cpuTimeNanosPerRun() / 1e6));
        }
        out.append('\n');
        MarkdownRankingFormat.appendEnvironment(out, sorted.get(0).environment(), ranking.commits());
        return out.toString();
    }
}
