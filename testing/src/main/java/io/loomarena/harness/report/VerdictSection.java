package io.loomarena.harness.report;

import java.util.List;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.RankingPlacement;
import io.loomarena.harness.ranking.RankingTable;
import io.loomarena.harness.ranking.Suites;
import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.ranking.Verdict;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * The verdict of one workload of a suite, as the report opens with it: one sentence from {@link Verdict} and the
 * ranking table it rests on. Charts show shapes; the verdict says what the runs support, ties included, so that the
 * reader does not have to judge whisker overlaps by eye. Fixed-work suites (echo, ping, fanout, cpu, and each level
 * of the sweep) are ranked by throughput with its 95% interval and the ranks each one ties with; the open-model data
 * suite by p99 latency, because there the arrival schedule, not the server, fixes the throughput. The table is the
 * ranking's {@link RankingTable} rendered as HTML, so the metrics marked for the report are columns here. Stateless.
 */
final class VerdictSection {

    private VerdictSection() {
    }

    /** How the suite in folder {@code suite} is ranked: HTTP suites say so themselves; any other is fixed work. */
    static BenchmarkSuite.Ranked ranked(String suite) {
        return Suites.byFolder(suite).map(BenchmarkSuite::ranked).orElse(BenchmarkSuite.Ranked.FASTEST_FIRST);
    }

    /** The sentence and table of {@code group} (summaries of one workload), titled {@code name}, as HTML. */
    static String html(String name, List<BenchmarkSummary> group, BenchmarkSuite.Ranked ranked) {
        Ranking ranking;
        try {
            ranking = Ranking.of(name, group, List.of(), name);
        } catch (RankingException e) {
            return "<p class=\"verdict\">Not ranked: " + HtmlReport.escape(e.getMessage()) + "</p>\n";
        }
        RankingTable table = RankingTable.of(ranking, ranked);
        boolean p99 = ranked == BenchmarkSuite.Ranked.BY_P99;
        String verdict = p99 ? Verdict.lowestP99(ranking) : Verdict.fastest(ranking);
        return "<p class=\"verdict\">" + HtmlReport.escape(verdict) + "</p>\n" + table(table)
                + (p99 ? P99_NOTE : fastestNote(table));
    }

    /** The table's HTML columns: a header row, then one row per combination, the fastest's ties shaded. */
    static String table(RankingTable table) {
        List<RankingTable.Column> columns = table.columns(RankingTable.Output.HTML);
        StringBuilder out = new StringBuilder("<table class=\"ranking\">\n<tr>");
        columns.forEach(column -> out.append("<th>").append(HtmlReport.escape(column.label())).append("</th>"));
        out.append("</tr>\n");
        for (RankingTable.Row row : table.rows()) {
            out.append(row.tiedWithFastest() && table.order() != BenchmarkSuite.Ranked.BY_P99
                    ? "<tr class=\"tied\">" : "<tr>");
            for (RankingTable.Column column : columns) {
                out.append(column.number() ? "<td class=\"n\">" : "<td>")
                        .append(HtmlReport.escape(column.cell().apply(row))).append("</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</table>\n").toString();
    }

    private static String fastestNote(RankingTable table) {
        boolean anyFromRuns = table.rows().stream()
                .anyMatch(row -> ThroughputInterval.of(row.aggregate()).fromRunRange());
        boolean tied = table.rows().stream().anyMatch(RankingTable.Row::tiedWithFastest);
        StringBuilder out = new StringBuilder("<p class=\"note\">The interval is the 95% confidence interval of the"
                + " mean elapsed time turned into throughput (operations per run over its ends). Two ranks are tied"
                + " unless the 95% interval of the ratio of their throughputs excludes 1 (" + TIE_HOW + ")");
        out.append(tied ? ", and the shaded rows tie with the fastest." : ".");
        out.append(" vs fastest is the throughput over the fastest's, with the 95% interval of that ratio.");
        if (anyFromRuns) {
            out.append(" * Fewer than 3 runs: the slowest to the fastest run instead.");
        }
        String disturbed = RankingTable.disturbedNote(table);
        if (!disturbed.isEmpty()) {
            out.append(" <strong>").append(RankingTable.DISTURBED).append("</strong>")
                    .append(HtmlReport.escape(disturbed.substring(RankingTable.DISTURBED.length()))).append('.');
        }
        String placement = table.ranking().placement();
        if (!placement.isEmpty()) {
            out.append(" <strong>").append(RankingPlacement.PLACEMENT).append("</strong>")
                    .append(HtmlReport.escape(placement.substring(RankingPlacement.PLACEMENT.length()))).append('.');
        }
        return out.append("</p>\n").toString();
    }

    private static final String TIE_HOW = "a bootstrap over forks, then iterations; with one fork, unless the two"
            + " intervals do not overlap";

    private static final String P99_NOTE = "<p class=\"note\">Open model: requests arrive on a schedule, whatever"
            + " the server does, so throughput is the arrival rate and ranks nothing; latency counts from each"
            + " request's intended send time.</p>\n";
}
