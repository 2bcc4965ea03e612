package io.loomarena.harness.report;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ranking.P99Order;
import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.Suites;
import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.ranking.Verdict;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * The verdict of one workload of a suite, as the report opens with it: one sentence from {@link Verdict} and the
 * ranking table it rests on. Charts show shapes; the verdict says what the runs support, ties included, so that the
 * reader does not have to judge whisker overlaps by eye. Fixed-work suites (echo, ping, fanout, cpu, and each level
 * of the sweep) are ranked by throughput with its 95% interval and the ranks each one ties with; the open-model data
 * suite by p99 latency, because there the arrival schedule, not the server, fixes the throughput. Stateless.
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
        return ranked == BenchmarkSuite.Ranked.BY_P99 ? p99(ranking) : fastest(ranking);
    }

    private static String fastest(Ranking ranking) {
        String unit = ranking.unit() + "/s";
        StringBuilder out = new StringBuilder("<p class=\"verdict\">").append(HtmlReport.escape(Verdict.fastest(ranking)))
                .append("</p>\n<table class=\"ranking\">\n<tr><th>#</th><th>")
                .append(Verdict.serverModels(ranking) ? "server model" : "combination").append("</th><th>throughput ")
                .append(HtmlReport.escape(unit)).append("</th><th>95% interval</th><th>tied with</th></tr>\n");
        boolean anyFromRuns = false;
        List<RankedCombination> tied = ranking.tiedWithFastest();
        for (RankedCombination entry : ranking.entries()) {
            ThroughputInterval interval = ThroughputInterval.of(entry.summary().aggregate());
            anyFromRuns |= interval.fromRunRange();
            boolean shaded = !tied.isEmpty() && (entry.rank() == 1 || tied.contains(entry));
            out.append(shaded ? "<tr class=\"tied\">" : "<tr>").append("<td class=\"n\">").append(entry.rank())
                    .append("</td><td>").append(HtmlReport.escape(Verdict.name(ranking, entry.summary())))
                    .append("</td><td class=\"n\">").append(String.format(Locale.ROOT, "%,.0f", entry.throughput()))
                    .append("</td><td class=\"n\">").append(interval.text()).append(interval.fromRunRange() ? "*" : "")
                    .append("</td><td>").append(ranking.tiedWithText(entry).replace(",", ", ")).append("</td></tr>\n");
        }
        out.append("</table>\n<p class=\"note\">The interval is the 95% confidence interval of the mean elapsed time"
                + " turned into throughput (operations per run over its ends); ranks whose intervals overlap are tied");
        out.append(tied.isEmpty() ? "." : ", and the shaded rows tie with the fastest.");
        out.append(" A ratio's range divides the ends of the two intervals.");
        if (anyFromRuns) {
            out.append(" * Fewer than 3 runs: the slowest to the fastest run instead.");
        }
        return out.append("</p>\n").toString();
    }

    private static String p99(Ranking ranking) {
        List<BenchmarkSummary> sorted = P99Order.sorted(ranking);
        StringBuilder out = new StringBuilder("<p class=\"verdict\">")
                .append(HtmlReport.escape(Verdict.lowestP99(ranking)))
                .append("</p>\n<table class=\"ranking\">\n<tr><th>#</th><th>")
                .append(Verdict.serverModels(ranking) ? "server model" : "combination")
                .append("</th><th>p99 µs</th><th>p50 µs</th><th>max µs</th><th>failed requests</th></tr>\n");
        for (int i = 0; i < sorted.size(); i++) {
            BenchmarkSummary s = sorted.get(i);
            var latency = s.aggregate().latency();
            out.append(String.format(Locale.ROOT, "<tr><td class=\"n\">%d</td><td>%s</td><td class=\"n\">%,d</td>"
                            + "<td class=\"n\">%,d</td><td class=\"n\">%,d</td><td class=\"n\">%,d</td></tr>\n",
                    i + 1, HtmlReport.escape(Verdict.name(ranking, s)), latency.p99(),
                    latency.p50(), latency.max(), s.aggregate().totalErrors()));
        }
        return out.append("</table>\n<p class=\"note\">Open model: requests arrive on a schedule, whatever the server"
                + " does, so throughput is the arrival rate and ranks nothing; latency counts from each request's"
                + " intended send time.</p>\n").toString();
    }
}
