package io.loomarena.harness.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.capacity.CapacityRanking;
import io.loomarena.harness.capacity.CapacityStep;
import io.loomarena.harness.capacity.CapacitySummary;
import io.loomarena.harness.report.chart.AxisSpec;
import io.loomarena.harness.report.chart.LineChart;

/**
 * The report's capacity section: per searched workload, the ranking by sustained rate and the hockey stick, the
 * objective's percentile against the offered rate per combination (every step, kept or not), with the objective's
 * limit drawn as a line and each combination's knee (its sustained rate) marked and labelled. Stateless.
 */
final class CapacitySection {

    private CapacitySection() {
    }

    /** The section's HTML (its charts added to {@code plotted}), or an empty string when no search ran. */
    static String html(Path resultsDir, List<ReportCharts.Plotted> plotted) {
        List<CapacitySummary> summaries = CapacitySummary.readAll(resultsDir);
        if (summaries.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<section id=\"capacity\">\n<h2>capacity under a latency objective</h2>\n"
                + "<p class=\"note\">Each step offers one rate (open model, latency from each request's due time) to a"
                + " fresh server JVM; the sustained rate is the highest rate that kept the objective, the knee lies"
                + " below the lowest that broke it. " + HtmlReport.escape(CapacityRanking.TIE_RULE) + ". Summaries"
                + " with every step: <code>http-capacity/</code>.</p>\n");
        CapacityRanking.groups(summaries).forEach((workload, group) -> {
            String name = workload.get("path") + " under " + workload.get("objective");
            html.append("<h3>").append(HtmlReport.escape(name)).append("</h3>\n<table><tr><th>rank</th>"
                    + "<th>combination</th><th>sustained rate [kept, broken)</th><th>steps</th><th>tied with</th>"
                    + "</tr>\n");
            for (CapacityRanking.Row row : CapacityRanking.rank(group)) {
                html.append("<tr").append(row.tiedWith().isEmpty() ? "" : " class=\"tied\"").append("><td>")
                        .append(row.rank()).append("</td><td>")
                        .append(HtmlReport.escape(row.summary().combination())).append("</td><td>")
                        .append(HtmlReport.escape(row.summary().sustained())).append("</td><td class=\"n\">")
                        .append(row.summary().steps().size()).append("</td><td>")
                        .append(row.tiedWith().isEmpty() ? "" : row.tiedWith()).append("</td></tr>\n");
            }
            html.append("</table>\n");
            group.stream().filter(s -> s.finding().badInput()).forEach(s -> html.append("<p class=\"note\">Not"
                    + " ranked: ").append(HtmlReport.escape(s.combination() + ": " + s.message())).append("</p>\n"));
            ReportCharts.Plotted chart = hockeyStick(name, workload, group);
            plotted.add(chart);
            html.append("<figure id=\"").append(HtmlReport.escape(chart.id())).append("\">\n").append(chart.svg())
                    .append("\n<figcaption>").append(HtmlReport.escape(chart.caption())).append("</figcaption>\n"
                            + "</figure>\n");
        });
        return html.append("</section>\n").toString();
    }

    /** The objective's percentile against the offered rate, one line per combination, the objective as a line. */
    static ReportCharts.Plotted hockeyStick(String name, Map<String, Object> workload, List<CapacitySummary> group) {
        String objective = String.valueOf(workload.get("objective"));
        String percentile = objective.substring(0, objective.indexOf(' '));
        double limitMillis = Double.parseDouble(objective.split("\\s+")[2]);
        String title = percentile + " against offered rate: " + name;
        List<LineChart.Series> series = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        double minRate = Double.MAX_VALUE;
        double maxRate = 0;
        double minMillis = limitMillis;
        double maxMillis = limitMillis;
        for (CapacitySummary summary : group) {
            List<LineChart.Point> points = new ArrayList<>();
            double knee = summary.sustainedStep().map(CapacityStep::offeredRate).orElse(-1.0);
            for (CapacityStep step : summary.steps().stream()
                    .sorted(Comparator.comparingDouble(CapacityStep::offeredRate)).toList()) {
                double millis = Math.max(step.percentileMicros() / 1e3, 0.001);
                boolean isKnee = step.offeredRate() == knee;
                points.add(new LineChart.Point(step.offeredRate(), millis, true,
                        isKnee ? "knee: " + summary.sustained() : step.verdict() == CapacityStep.Verdict.CLIENT_LIMITED
                                ? "client-limited" : ""));
                figures.add(new Figure(title, summary.combination(), String.format(Locale.ROOT, "%.0f req/s",
                        step.offeredRate()), millis, "ms " + percentile + " (" + step.verdict() + ")"));
                minRate = Math.min(minRate, step.offeredRate());
                maxRate = Math.max(maxRate, step.offeredRate());
                minMillis = Math.min(minMillis, millis);
                maxMillis = Math.max(maxMillis, millis);
            }
            series.add(new LineChart.Series(summary.combination(), points));
        }
        if (maxRate > 0) {
            series.add(new LineChart.Series("objective: " + objective, List.of(
                    new LineChart.Point(minRate, limitMillis, false, ""),
                    new LineChart.Point(maxRate, limitMillis, false, percentile + " <= " + limitMillis + " ms"))));
        }
        String svg = LineChart.svg(title, AxisSpec.fromZero("offered rate, req/s"),
                AxisSpec.decades(percentile + " latency ms (log scale), from each request's due time", minMillis,
                        maxMillis), series, 540);
        return new ReportCharts.Plotted("capacity-" + String.valueOf(workload.get("path")).replaceAll("[^A-Za-z0-9]+",
                "-"), title, "Every step of every search: " + percentile + " at each offered rate. Below the"
                + " objective's line the rate was kept; the knee is where a line crosses it.", svg, figures);
    }
}
