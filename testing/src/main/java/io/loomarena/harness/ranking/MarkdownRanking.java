package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.loomarena.harness.ranking.RankingTable.Column;
import io.loomarena.harness.ranking.RankingTable.Output;
import io.loomarena.harness.summary.Environment;

/**
 * A {@link RankingTable} as Markdown ({@code ranking.md}): for a fixed-work suite, what was measured, the table, the
 * ties, the fastest (or that it ties, so there is none) and the {@link Verdict} sentence, then the environment and
 * the caveat; for an open-model suite, the table lowest p99 first; for a sweep, one titled table per level.
 * Stateless.
 */
public final class MarkdownRanking {

    private MarkdownRanking() {
    }

    /** The whole Markdown text, ending with a newline. */
    public static String render(RankingTable table) {
        return table.kind().markdown(table);
    }

    /** The rows of {@code output}'s columns as a Markdown table, header and alignment line first. */
    static String table(RankingTable table, Output output) {
        List<Column> columns = table.columns(output);
        StringBuilder out = new StringBuilder("| ")
                .append(columns.stream().map(Column::label).collect(Collectors.joining(" | "))).append(" |\n|")
                .append(columns.stream().map(c -> c.number() ? "---:" : "---").collect(Collectors.joining("|")))
                .append("|\n");
        for (RankingTable.Row row : table.rows()) {
            out.append("| ").append(columns.stream().map(c -> c.cell().apply(row)).collect(Collectors.joining(" | ")))
                    .append(" |\n");
        }
        return out.toString();
    }

    /** The title of one level of a sweep. */
    static String levelTitle(Ranking ranking) {
        return String.format(Locale.ROOT, "%s: %d servers, highest throughput first (fixed work, mean of %s);"
                        + " workload: %s", ranking.suite(), ranking.entries().size(), ranking.shape(),
                ranking.workloadText());
    }

    static String fastest(RankingTable table) {
        Ranking ranking = table.ranking();
        String unit = ranking.unit();
        StringBuilder out = new StringBuilder();
        out.append("# ").append(ranking.suite()).append(" ranking\n\n");
        out.append(String.format(Locale.ROOT, "Workload: %s. Each combination: %s. Fastest first by the average"
                        + " (mean elapsed time of the fixed work over every measured iteration).\n\n",
                ranking.workloadText(), ranking.shape()));
        out.append(table(table, Output.MARKDOWN));
        out.append("\nTies: ").append(Ranking.TIE_RULE).append(". The order among tied combinations is not"
                + " established by these runs; ties are pairwise, so a combination may tie with two others that are"
                + " ordered between themselves.\n");
        out.append("\nvs fastest: the throughput over the fastest's, with the 95% interval of that ratio. What a run"
                + " can promise is the order and these ratios: the level of a whole matrix moves from run to run and"
                + " from machine to machine more than its ratios do.\n");
        for (RankedCombination entry : ranking.entries()) {
            String stack = entry.summary().aggregate().pinnedTopStack();
            if (!stack.isEmpty()) {
                out.append("\nTop pinning stack of ").append(entry.combination()).append(": `").append(stack)
                        .append("`\n");
            }
        }
        String clientBound = RankingTable.clientBoundNote(table);
        if (!clientBound.isEmpty()) {
            out.append("\n**").append(clientBound, 0, RankingTable.CLIENT_BOUND.length()).append("**")
                    .append(clientBound.substring(RankingTable.CLIENT_BOUND.length())).append(".\n");
        }
        String disturbed = RankingTable.disturbedNote(table);
        if (!disturbed.isEmpty()) {
            out.append("\n**").append(RankingTable.DISTURBED).append("**")
                    .append(disturbed.substring(RankingTable.DISTURBED.length())).append(".\n");
        }
        if (!ranking.placement().isEmpty()) {
            out.append("\n**").append(RankingPlacement.PLACEMENT).append("**")
                    .append(ranking.placement().substring(RankingPlacement.PLACEMENT.length())).append(".\n");
        }
        RankedCombination fastest = ranking.fastest();
        out.append(String.format(Locale.ROOT, "\nFastest: **%s** (%.3f s average, %.2f %s/s)%s. Total measured"
                        + " time: %.3f s%s.\n\n", fastest.combination(), fastest.averageSeconds(), fastest.throughput(),
                unit, ConsoleRanking.tiedFastest(ranking), ranking.totalMeasuredNanos() / 1e9,
                ranking.setAsideText().isEmpty() ? "" : " (the iterations judged; " + ranking.setAsideText() + ")"));
        out.append("Verdict: ").append(Verdict.fastest(ranking)).append("\n\n");
        out.append("Latency is per ").append(unit).append(", from the measured iterations' histograms added"
                + " together. Server figures, over the measured iterations only: peak threads (live platform threads;"
                + " virtual threads are not counted), peak RSS and peak heap are the largest per-iteration peaks (peak"
                + " heap is the sum of the heap pools' peaks, an upper bound); \"after\" figures are the largest at the"
                + " end of an iteration; CPU is the server process's CPU time (user + system) per iteration and per ")
                .append(unit).append("; GC and pinned (JFR jdk.VirtualThreadPinned events; JDK 24+ no longer pins in"
                        + " synchronized) sum the measured iterations.\n\n");
        appendEnvironment(out, fastest.summary().environment(), ranking.commits());
        return out.toString();
    }

    static String p99(RankingTable table) {
        Ranking ranking = table.ranking();
        StringBuilder out = new StringBuilder();
        out.append("# ").append(ranking.suite()).append(" ranking by p99 latency\n\n");
        out.append(String.format(Locale.ROOT, "Ranked by p99 latency (lower is better) of an open-model workload: %s."
                        + " Latency counts from each request's intended send time (coordinated omission corrected)."
                        + " Each combination: %s; percentiles from the measured iterations' histograms added"
                        + " together.\n\n",
                ranking.workloadText(), ranking.shape()));
        out.append(table(table, Output.MARKDOWN)).append('\n');
        appendEnvironment(out, table.rows().get(0).summary().environment(), ranking.commits());
        return out.toString();
    }

    /** The environment line, any warnings and the caveat that close every Markdown ranking. */
    private static void appendEnvironment(StringBuilder out, Environment env, List<String> commits) {
        out.append(String.format(Locale.ROOT, "Environment: JDK %s (%s), %s, %d CPUs, CPUs pinned: %s, JVM flags:"
                        + " `%s`, load average at start %s, commit %s.\n",
                env.javaVersion(), env.javaVendor(), env.os(), env.cpuCount(), env.cpusPinned(),
                String.join(" ", env.serverJvmArgs()), env.loadAverage(), String.join(", ", commits)));
        for (String warning : env.warnings()) {
            out.append("\n**Warning:** ").append(warning).append('\n');
        }
        out.append("\n> ").append(ConsoleRanking.caveat(env)).append(".\n");
    }
}
