package io.loomarena.harness.report;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.gate.AbResults;

/**
 * The report's A/B gate section: per suite, each combination's throughput on the baseline build and on this build,
 * each with its interval (the ranking's), the ratio this/baseline with its bootstrap interval, and the outcome. Shown
 * first when the gate ran, because it answers the question a CI run asks. Stateless.
 */
final class AbGateSection {

    private AbGateSection() {
    }

    /** The section's HTML, or an empty string when the gate never ran in this results folder. */
    static String html(List<AbResults.SuiteVerdicts> suites) {
        if (suites.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"ab-gate\">\n<h2>A/B regression gate</h2>\n"
                + "<p class=\"note\">Both builds measured on this machine in one run, forks alternating. Ratio ="
                + " this build / baseline, with its 95% interval (bootstrap over forks, then iterations): PASS when"
                + " the whole interval is within the tolerance, FAIL when it is all beyond, INCONCLUSIVE (a pass)"
                + " when it straddles the limit. Beside each build's mean: the interval of its throughput, or the"
                + " lowest and highest measured iteration of the server's CPU time per operation (which sees a"
                + " slower server that a client-bound row's throughput cannot). Summaries: <code>ab-gate/</code>."
                + "</p>\n");
        for (AbResults.SuiteVerdicts suite : suites) {
            long failed = suite.rows().stream().filter(r -> "FAIL".equals(r.outcome())).count();
            html.append("<h3>").append(HtmlReport.escape(suite.suite())).append(": ")
                    .append(HtmlReport.escape(suite.candidate())).append(" against baseline <code>")
                    .append(HtmlReport.escape(suite.baseline())).append("</code></h3>\n<p class=\"verdict\">")
                    .append(failed == 0 ? "No combination is slower beyond the tolerance."
                            : failed + " combination" + (failed == 1 ? " is" : "s are")
                            + " slower than the baseline beyond the tolerance.")
                    .append("</p>\n<table><tr><th>combination</th><th>figure</th><th>baseline</th>"
                            + "<th>this build</th><th>ratio [95% interval]</th><th>outcome</th></tr>\n");
            for (AbResults.Row row : suite.rows()) {
                html.append("<tr").append("FAIL".equals(row.outcome()) ? " class=\"fail\"" : "").append("><td>")
                        .append(HtmlReport.escape(row.combination())).append("</td><td>")
                        .append(HtmlReport.escape(row.rule())).append("</td><td class=\"n\">")
                        .append(side(row.baselineMean(), row.baselineLow(), row.baselineHigh(), row.unit()))
                        .append("</td><td class=\"n\">")
                        .append(side(row.candidateMean(), row.candidateLow(), row.candidateHigh(), row.unit()))
                        .append("</td><td class=\"n\">").append(String.format(Locale.ROOT, "%.3f [%.3f, %.3f]",
                                row.ratio(), row.ratioLower(), row.ratioUpper()))
                        .append("</td><td>").append(HtmlReport.escape(row.outcome())).append("</td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.append("</section>\n").toString();
    }

    /** {@code 201,345 msg/s (198,000–204,100)}; a missing high end has no bound. */
    private static String side(double mean, double low, Double high, String unit) {
        return String.format(Locale.ROOT, "%,.0f %s (%,.0f–%s)", mean, HtmlReport.escape(unit), low,
                high == null ? "∞" : String.format(Locale.ROOT, "%,.0f", high));
    }
}
