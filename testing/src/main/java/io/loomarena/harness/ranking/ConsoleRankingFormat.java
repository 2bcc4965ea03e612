package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.Environment;

/**
 * The ranking as users read it in the build log: one {@code [PERF][FINAL]} line per combination in the exact format of
 * docs/architecture.md (users parse these lines: do not change them), fastest first, framed by {@code [PERF]} lines that say what
 * was measured, which combination was fastest (or that the fastest ties with others, so none is), the total measured
 * time and that the figures belong to this machine.
 */
public final class ConsoleRankingFormat implements RankingFormat {

    /** The parsed line; {@code <unit>} is the suite's unit. Extra fields may only follow the closing parenthesis. */
    public static final String FINAL_LINE =
            "[PERF][FINAL] %d) %s average: %.3f s, throughput=%.2f %s/s, avg=%.4f %s, delta=%.3f s (%+.2f%% vs fastest)";

    @Override
    public String format(Ranking ranking) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "[PERF] %s ranking of %d combinations, fastest first by the average"
                        + " (mean elapsed time of the fixed work) of %s; workload: %s\n",
                ranking.suite(), ranking.entries().size(), ranking.shape(), ranking.workloadText()));
        out.append("[PERF] after each line: min/max = fastest and slowest measured iteration (elapsed s), ci95 = 95%"
                + " confidence interval of the mean elapsed s (Student t over every measured iteration of every"
                + " fork), tied-with = ranks it cannot be told apart from, then the server's cost over the measured"
                + " iterations: CPU per ").append(ranking.unit())
                .append(", peak platform threads, peak RSS, virtual-thread pinning events (JFR); forks and measured"
                        + " iterations per fork\n");
        out.append("[PERF] ties: ").append(Ranking.TIE_RULE).append('\n');
        for (RankedCombination entry : ranking.entries()) {
            out.append(line(entry, ranking.unit())).append(spread(ranking, entry)).append('\n');
        }
        RankedCombination fastest = ranking.fastest();
        out.append(String.format(Locale.ROOT, "[PERF] fastest: %s (%.3f s average, %.2f %s/s)%s\n",
                fastest.combination(), fastest.averageSeconds(), fastest.throughput(), ranking.unit(),
                tiedFastest(ranking)));
        int runs = ranking.entries().stream().mapToInt(e -> e.summary().runs().measuredRuns()).sum();
        out.append(String.format(Locale.ROOT, "[PERF] total measured time: %.3f s (%d measured iterations)\n",
                ranking.totalMeasuredNanos() / 1e9, runs));
        if (ranking.commits().size() > 1) {
            out.append("[PERF] note: the summaries were measured at ").append(ranking.commits().size())
                    .append(" different commits: ").append(String.join(", ", ranking.commits())).append('\n');
        }
        out.append("[PERF] caveat: ").append(caveat(fastest.summary().environment())).append('\n');
        return out.toString();
    }

    /**
     * What follows the fastest's figures when it is tied: {@code , tied with B and C (intervals overlap): no single
     * fastest}, else nothing. Rank 1 of a tie is only the lowest mean; the line must not call it the winner.
     */
    static String tiedFastest(Ranking ranking) {
        List<RankedCombination> tied = ranking.tiedWithFastest();
        if (tied.isEmpty()) {
            return "";
        }
        return ", tied with " + Verdict.and(tied.stream().map(RankedCombination::combination).toList())
                + " (intervals overlap): no single fastest";
    }

    /** One {@code [PERF][FINAL]} line. */
    public static String line(RankedCombination entry, String unit) {
        return String.format(Locale.ROOT, FINAL_LINE, entry.rank(), entry.combination(), entry.averageSeconds(),
                entry.throughput(), unit, entry.millisPerOperation(), "ms/" + unit, entry.deltaNanos() / 1e9,
                entry.deltaPercent());
    }

    /** What follows the closing parenthesis of a {@code [PERF][FINAL]} line: spread, ties, cost. */
    public static String spread(Ranking ranking, RankedCombination entry) {
        var a = entry.summary().aggregate();
        var ci = a.elapsedCi95Nanos();
        var server = a.server();
        return String.format(Locale.ROOT, " min=%.3f s, max=%.3f s, ci95=%s s, tied-with=%s, cpu=%s us/%s,"
                        + " peak-threads=%d, peak-rss=%s MiB, pinned=%d, forks=%d, iterations=%d",
                a.minElapsedNanos() / 1e9, a.maxElapsedNanos() / 1e9,
                ci == null ? "n/a" : String.format(Locale.ROOT, "%.3f..%.3f", ci.low() / 1e9, ci.high() / 1e9),
                ranking.tiedWithText(entry),
                server.cpuNanosPerOperation() < 0 ? "n/a"
                        : String.format(Locale.ROOT, "%.2f", server.cpuNanosPerOperation() / 1e3),
                ranking.unit(), server.peakThreads(), MarkdownRankingFormat.mebibytes(server.peakRssBytes()),
                server.pinnedEvents(), entry.summary().runs().forks(), entry.summary().runs().iterations());
    }

    /** The one-line reminder that these figures describe this machine at this moment. */
    static String caveat(Environment environment) {
        return String.format(Locale.ROOT, "these figures belong to this machine (%s, %d CPUs, CPUs pinned: %s,"
                        + " load average %s, JDK %s) at the time of the run; they are data, not conclusions about the"
                        + " models in general",
                environment.os(), environment.cpuCount(), environment.cpusPinned(), environment.loadAverage(),
                environment.javaVersion());
    }
}
