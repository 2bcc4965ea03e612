package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.loomarena.harness.ranking.RankingTable.Output;
import io.loomarena.harness.ranking.RankingTable.Row;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ServerCell;
import io.loomarena.measure.LatencyStats;

/**
 * A {@link RankingTable} as users read it in the build log. Fixed work: one {@code [PERF][FINAL]} line per
 * combination in the exact format of docs/architecture.md (users parse these lines: do not change them), fastest
 * first, its console columns after the closing parenthesis as {@code key=value}, framed by {@code [PERF]} lines that
 * say what was measured, which combination was fastest (or that the fastest ties with others, so none is), the total
 * measured time and that the figures belong to this machine. Open model: one {@code [PERF][P99]} line per
 * combination, lowest p99 first (elapsed time is no score there: the schedule fixes it). A sweep: one table per level.
 * Stateless.
 */
public final class ConsoleRanking {

    /** The parsed line; {@code <unit>} is the suite's unit. Extra fields may only follow the closing parenthesis. */
    public static final String FINAL_LINE =
            "[PERF][FINAL] %d) %s average: %.3f s, throughput=%.2f %s/s, avg=%.4f %s, delta=%.3f s (%+.2f%% vs fastest)";

    /** One open-model combination's line; latencies in µs, measured from each request's intended send time. */
    public static final String P99_LINE = "[PERF][P99] %d) %s p99=%d us, p50=%d us, p90=%d us, p95=%d us, max=%d us,"
            + " errors=%d of %d (%.2f%%), delta p99=%+d us (%+.2f%% vs best)";

    private ConsoleRanking() {
    }

    /** The whole text, lines separated by {@code \n}, ending with a newline. */
    public static String render(RankingTable table) {
        return table.kind().console(table);
    }

    static String fastest(RankingTable table) {
        Ranking ranking = table.ranking();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "[PERF] %s ranking of %d combinations, fastest first by the average"
                        + " (mean elapsed time of the fixed work) of %s; workload: %s\n",
                ranking.suite(), ranking.entries().size(), ranking.shape(), ranking.workloadText()));
        out.append("[PERF] after each line: min/max = fastest and slowest measured iteration (elapsed s), ci95 = 95%"
                + " confidence interval of the mean elapsed s (Student t over every measured iteration, widened to a"
                + " bootstrap over forks then iterations where forks differ), tied-with = ranks it cannot be told apart from, then the server's cost over the measured"
                + " iterations: CPU per ").append(ranking.unit())
                .append(", peak platform threads, peak RSS, virtual-thread pinning events (JFR); forks and measured"
                        + " iterations per fork; vs-fastest = throughput over the fastest's, with the 95% interval of"
                        + " that ratio; client-cpu = the largest share of its CPUs the client process used over a"
                        + " measured iteration, client-bound from 90%\n");
        out.append("[PERF] ties: ").append(Ranking.TIE_RULE).append('\n');
        for (Row row : table.rows()) {
            out.append(line(row.entry(), ranking.unit())).append(' ').append(table.columns(Output.CONSOLE).stream()
                    .map(column -> column.label() + "=" + column.cell().apply(row))
                    .collect(Collectors.joining(", "))).append('\n');
        }
        String clientBound = RankingTable.clientBoundNote(table);
        if (!clientBound.isEmpty()) {
            out.append("[PERF] ").append(clientBound).append('\n');
        }
        String disturbed = RankingTable.disturbedNote(table);
        if (!disturbed.isEmpty()) {
            out.append("[PERF] ").append(disturbed).append('\n');
        }
        if (!ranking.placement().isEmpty()) {
            out.append("[PERF] ").append(ranking.placement()).append('\n');
        }
        RankedCombination fastest = ranking.fastest();
        out.append(String.format(Locale.ROOT, "[PERF] fastest: %s (%.3f s average, %.2f %s/s)%s\n",
                fastest.combination(), fastest.averageSeconds(), fastest.throughput(), ranking.unit(),
                tiedFastest(ranking)));
        int runs = ranking.entries().stream().mapToInt(e -> e.summary().runs().measuredRuns()).sum();
        out.append(String.format(Locale.ROOT, "[PERF] total measured time: %.3f s (%d measured iterations%s)\n",
                ranking.totalMeasuredNanos() / 1e9, runs,
                ranking.setAsideText().isEmpty() ? "" : " judged; " + ranking.setAsideText()));
        if (ranking.commits().size() > 1) {
            out.append("[PERF] note: the summaries were measured at ").append(ranking.commits().size())
                    .append(" different commits: ").append(String.join(", ", ranking.commits())).append('\n');
        }
        out.append("[PERF] caveat: ").append(caveat(fastest.summary().environment())).append('\n');
        return out.toString();
    }

    static String p99(RankingTable table) {
        Ranking ranking = table.ranking();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "[PERF] %s ranking by p99 latency (lower is better) of an open-model"
                        + " workload: %d combinations, latency from each request's intended send time, %s;"
                        + " workload: %s\n",
                ranking.suite(), table.rows().size(), ranking.shape(), ranking.workloadText()));
        long best = table.rows().get(0).aggregate().latency().p99();
        for (Row row : table.rows()) {
            out.append(p99Line(row.rank(), row.summary(), best)).append('\n');
        }
        BenchmarkSummary first = table.rows().get(0).summary();
        out.append(String.format(Locale.ROOT, "[PERF] lowest p99: %s (%d us)\n", first.combination(),
                first.aggregate().latency().p99()));
        out.append("[PERF] caveat: ").append(caveat(first.environment())).append('\n');
        return out.toString();
    }

    /**
     * What follows the fastest's figures when it is tied: {@code , tied with B and C (not ordered by the data): no single
     * fastest}, else nothing. Rank 1 of a tie is only the lowest mean; the line must not call it the winner.
     */
    static String tiedFastest(Ranking ranking) {
        List<RankedCombination> tied = ranking.tiedWithFastest();
        if (tied.isEmpty()) {
            return "";
        }
        return ", tied with " + Verdict.and(tied.stream().map(RankedCombination::combination).toList())
                + " (not ordered by the data): no single fastest";
    }

    /** One {@code [PERF][FINAL]} line, up to its closing parenthesis. */
    public static String line(RankedCombination entry, String unit) {
        return String.format(Locale.ROOT, FINAL_LINE, entry.rank(), entry.combination(), entry.averageSeconds(),
                entry.throughput(), unit, entry.millisPerOperation(), "ms/" + unit, entry.deltaNanos() / 1e9,
                entry.deltaPercent());
    }

    /** One {@code [PERF][P99]} line; {@code bestP99} is the lowest p99 of the ranking. */
    static String p99Line(int rank, BenchmarkSummary summary, long bestP99) {
        LatencyStats l = summary.aggregate().latency();
        long errors = summary.aggregate().totalErrors();
        long delta = l.p99() - bestP99;
        return String.format(Locale.ROOT, P99_LINE, rank, summary.combination(), l.p99(), l.p50(), l.p90(), l.p95(),
                l.max(), errors, P99Order.requests(summary), P99Order.errorRate(summary) * 100, delta,
                bestP99 == 0 ? 0.0 : delta * 100.0 / bestP99);
    }

    /**
     * The one-line reminder that these figures describe this machine at this moment; in a cell of the JVM axes, also
     * the server's JDK and flags (the harness's JDK is not the server's there).
     */
    static String caveat(Environment environment) {
        ServerCell cell = environment.serverCell();
        String server = cell == null || cell.equals(ServerCell.ONLY) || environment.serverJvm() == null ? ""
                : ", the server on JDK " + environment.serverJvm().version()
                        + (cell.flags().isEmpty() ? "" : " with " + String.join(" ", cell.flags()));
        return String.format(Locale.ROOT, "these figures belong to this machine (%s, %d CPUs, CPUs pinned: %s,"
                        + " load average %s, JDK %s%s) at the time of the run; they are data, not conclusions about"
                        + " the models in general",
                environment.os(), environment.cpuCount(), environment.cpusPinned(), environment.loadAverage(),
                environment.javaVersion(), server);
    }
}
