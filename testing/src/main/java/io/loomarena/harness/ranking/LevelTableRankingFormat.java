package io.loomarena.harness.ranking;

import java.util.Locale;

import io.loomarena.harness.summary.Aggregate;

/**
 * One level of a sweep (a ranking of the stages at one concurrency and keep-alive setting) as a table: throughput
 * and p99 per stage, highest throughput first (fixed work, so the order of the mean elapsed time). For the build log
 * (a {@code [PERF]} title line) or for Markdown (a {@code ##} heading); the table is the same.
 */
public final class LevelTableRankingFormat implements RankingFormat {

    private final boolean markdown;

    /** @param markdown whether the title is a Markdown heading rather than a {@code [PERF]} line */
    public LevelTableRankingFormat(boolean markdown) {
        this.markdown = markdown;
    }

    @Override
    public String format(Ranking ranking) {
        StringBuilder out = new StringBuilder();
        String title = String.format(Locale.ROOT, "%s: %d stages, highest throughput first (fixed work, mean of %s);"
                        + " workload: %s", ranking.suite(), ranking.entries().size(), ranking.shape(),
                ranking.workloadText());
        out.append(markdown ? "## " + title + "\n\n" : "[PERF] " + title + "\n");
        out.append("| # | stage | client | throughput ").append(ranking.unit()).append("/s | p50 µs | p99 µs | max µs"
                + " | errors | average s | delta |\n");
        out.append("|---:|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
        for (RankedCombination entry : ranking.entries()) {
            Aggregate a = entry.summary().aggregate();
            out.append(String.format(Locale.ROOT, "| %d | %s | %s | %.2f | %d | %d | %d | %d | %.3f | %+.2f%% |\n",
                    entry.rank(), entry.summary().serverLabel(), entry.summary().clientLabel(), a.throughput(),
                    a.latency().p50(), a.latency().p99(), a.latency().max(), a.totalErrors(), entry.averageSeconds(),
                    entry.deltaPercent()));
        }
        return out.toString();
    }
}
