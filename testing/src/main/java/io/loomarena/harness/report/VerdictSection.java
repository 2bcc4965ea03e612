package io.loomarena.harness.report;

import java.util.List;
import java.util.Optional;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.RankingKind;
import io.loomarena.harness.ranking.RankingTable;
import io.loomarena.harness.ranking.Suites;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * The verdict of one workload of a suite, as the report opens with it: one sentence from the suite's
 * {@link RankingKind} and the ranking table it rests on, then every figure of the ranking's Markdown table under a
 * fold. Charts show shapes; the verdict says what the runs support, ties included, so that the reader does not have
 * to judge whisker overlaps by eye. The table is the ranking's {@link RankingTable} rendered as HTML, so the metrics
 * marked for the verdict table are columns here, and every metric with a column is in the fold. Stateless.
 */
final class VerdictSection {

    private VerdictSection() {
    }

    /**
     * One workload judged: its ranking (empty with the reason when it cannot be ranked), and the summaries as judged,
     * which the charts under the verdict show too. Immutable.
     *
     * @param name      the workload's title
     * @param ranking   the ranking, when the summaries could be ranked
     * @param notRanked why not, when they could not
     * @param summaries the summaries as the verdict judged them ({@code ranking}'s), or as read when not ranked
     */
    record Judged(String name, Optional<Ranking> ranking, String notRanked, List<BenchmarkSummary> summaries) {

        /** The sentence a chart of these summaries ends its caption with: which iterations its figures come from. */
        String selection() {
            if (ranking.isEmpty()) {
                return "Figures from every measured iteration (no verdict: not ranked).";
            }
            String placement = ranking.get().placement();
            return placement.isEmpty() ? "Figures from every measured iteration, as the verdict table."
                    : "Figures from the iterations the verdict table judged (" + placement + ").";
        }
    }

    /** How the suite in folder {@code suite} is ranked: HTTP suites say so themselves; any other is fixed work. */
    static RankingKind kind(String suite) {
        return RankingKind.of(Suites.byFolder(suite).map(BenchmarkSuite::ranked)
                .orElse(BenchmarkSuite.Ranked.FASTEST_FIRST));
    }

    /** Ranks {@code group} (summaries of one workload) titled {@code name}, or says why it cannot. */
    static Judged judge(String name, List<BenchmarkSummary> group) {
        try {
            Ranking ranking = Ranking.of(name, group, List.of(), name);
            return new Judged(name, Optional.of(ranking), "",
                    ranking.entries().stream().map(RankedCombination::summary).toList());
        } catch (RankingException e) {
            return new Judged(name, Optional.empty(), e.getMessage(), group);
        }
    }

    /** The sentence and table of {@code group} (summaries of one workload), titled {@code name}, as HTML. */
    static String html(String name, List<BenchmarkSummary> group, BenchmarkSuite.Ranked ranked) {
        return html(judge(name, group), RankingKind.of(ranked));
    }

    /** The sentence and table of a judged workload, as HTML. */
    static String html(Judged judged, RankingKind kind) {
        if (judged.ranking().isEmpty()) {
            return "<p class=\"verdict\">Not ranked: " + HtmlReport.escape(judged.notRanked()) + "</p>\n";
        }
        Ranking ranking = judged.ranking().get();
        RankingTable table = RankingTable.of(ranking, kind);
        return "<p class=\"verdict\">" + HtmlReport.escape(kind.verdict(ranking)) + "</p>\n"
                + table(table, RankingTable.Output.HTML) + implementations(judged.summaries()) + kind.reportNote(table)
                + "<details><summary>every figure of this table (as in ranking.md)</summary>\n"
                + table(table, RankingTable.Output.MARKDOWN) + "</details>\n";
    }

    /**
     * Which framework and version served each framework row of the table, as its summary recorded them at run time:
     * a two-column table under the ranking, empty when no row is a framework's (the arena's own servers are
     * {@code loom-arena <commit>}, said once by the environment).
     */
    static String implementations(List<BenchmarkSummary> summaries) {
        List<BenchmarkSummary> frameworks = summaries.stream().filter(VerdictSection::servedByFramework).toList();
        if (frameworks.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<table class=\"implementations\">\n<tr><th>framework row</th>"
                + "<th>implementation (as the server named it)</th></tr>\n");
        frameworks.forEach(s -> out.append("<tr><td>").append(HtmlReport.escape(s.combination())).append("</td><td>")
                .append(HtmlReport.escape(s.implementation())).append("</td></tr>\n"));
        return out.append("</table>\n").toString();
    }

    private static boolean servedByFramework(BenchmarkSummary summary) {
        return summary.implementation() != null && !summary.implementation().startsWith(ARENA);
    }

    /** How the arena's own servers' implementation starts ({@code BenchmarkSummary.arenaImplementation}). */
    private static final String ARENA = BenchmarkSummary.arenaImplementation(null).split(" ", 2)[0] + " ";

    /** The table's {@code output} columns: a header row, then one row per combination, the first's ties shaded. */
    static String table(RankingTable table, RankingTable.Output output) {
        List<RankingTable.Column> columns = table.columns(output);
        StringBuilder out = new StringBuilder("<table class=\"ranking\">\n<tr>");
        columns.forEach(column -> out.append("<th>").append(HtmlReport.escape(column.label())).append("</th>"));
        out.append("</tr>\n");
        for (RankingTable.Row row : table.rows()) {
            out.append(row.tiedWithFastest() && table.kind().shadesTiesWithFirst() ? "<tr class=\"tied\">" : "<tr>");
            for (RankingTable.Column column : columns) {
                out.append(column.number() ? "<td class=\"n\">" : "<td>")
                        .append(HtmlReport.escape(column.cell().apply(row))).append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</table>\n").toString();
    }
}
