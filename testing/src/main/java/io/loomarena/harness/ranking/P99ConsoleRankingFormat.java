package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.measure.LatencyStats;

/**
 * An open-model ranking in the build log: a header that says it ranks by p99 (lower is better) of an open-model
 * workload, then one {@code [PERF][P99]} line per combination with p50/p90/p95/p99/max and the error rate, lowest p99
 * first. Elapsed time is not shown as a score: in an open model the schedule fixes it.
 */
public final class P99ConsoleRankingFormat implements RankingFormat {

    /** One combination's line; latencies in µs, measured from each request's intended send time. */
    public static final String P99_LINE = "[PERF][P99] %d) %s p99=%d us, p50=%d us, p90=%d us, p95=%d us, max=%d us,"
            + " errors=%d of %d (%.2f%%), delta p99=%+d us (%+.2f%% vs best)";

    @Override
    public String format(Ranking ranking) {
        List<BenchmarkSummary> sorted = P99Order.sorted(ranking);
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "[PERF] %s ranking by p99 latency (lower is better) of an open-model"
                        + " workload: %d combinations, latency from each request's intended send time, %s;"
                        + " workload: %s\n",
                ranking.suite(), sorted.size(), ranking.shape(), ranking.workloadText()));
        long best = sorted.get(0).aggregate().latency().p99();
        for (int i = 0; i < sorted.size(); i++) {
            out.append(line(i + 1, sorted.get(i), best)).append('\n');
        }
        BenchmarkSummary first = sorted.get(0);
        out.append(String.format(Locale.ROOT, "[PERF] lowest p99: %s (%d us)\n", first.combination(),
                first.aggregate().latency().p99()));
        out.append("[PERF] caveat: ").append(ConsoleRankingFormat.caveat(first.environment())).append('\n');
        return out.toString();
    }

    /** One {@code [PERF][P99]} line; {@code bestP99} is the lowest p99 of the ranking. */
    static String line(int rank, BenchmarkSummary summary, long bestP99) {
        LatencyStats l = summary.aggregate().latency();
        long errors = summary.aggregate().totalErrors();
        long delta = l.p99() - bestP99;
        return String.format(Locale.ROOT, P99_LINE, rank, summary.combination(), l.p99(), l.p50(), l.p90(), l.p95(),
                l.max(), errors, P99Order.requests(summary), P99Order.errorRate(summary) * 100, delta,
                bestP99 == 0 ? 0.0 : delta * 100.0 / bestP99);
    }
}
