package io.loomarena.harness.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.Histories;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.TestbedRow;
import io.loomarena.harness.options.RunOptions;

/**
 * The report's history section: per suite and combination a trend chart of its throughput ({@link HistoryTrend}), and
 * a table of the change points of every series, every metric. Only throughput is charted: one chart per combination
 * already makes a long page, and a latency or CPU change point is read from the table (its series, commits and size)
 * as well as from a chart; {@code history} command exports show any series in full. Stateless.
 */
final class HistorySection {

    /** The metric charted per combination. */
    static final String CHARTED = "throughput";
    static final String NO_HISTORY = "No history to show: every suite run records one (on by default;"
            + " <code>-Dloomarena.history</code> names another, see docs/history.md), so run a suite and this section"
            + " shows its trends.";

    private HistorySection() {
    }

    /** The section's HTML, its charts added to {@code plotted}; one sentence when there is no history or no run. */
    static String html(Optional<HistoryStore> history, ChangePointDetector detector,
                       List<ReportCharts.Plotted> plotted) {
        StringBuilder html = new StringBuilder(
                "<section id=\"history\">\n<h2>history: trends and change points</h2>\n");
        List<SeriesKey> keys = history.map(HistoryStore::series).orElse(List.of());
        if (keys.isEmpty()) {
            return html.append("<p>").append(NO_HISTORY).append("</p>\n</section>\n").toString();
        }
        HistoryStore store = history.get();
        List<SeriesAnalysis> analyses = new ArrayList<>();
        for (SeriesKey key : keys) {
            SeriesAnalysis analysis = detector.analyse(key, store.points(key));
            if (!analysis.points().isEmpty()) {
                analyses.add(analysis);
            }
        }
        long excluded = store.runs().stream().filter(r -> r.excluded().isPresent()).count();
        html.append("<p class=\"note\">").append(HtmlReport.escape(describe(store))).append(excluded == 0 ? ""
                        : " (" + excluded + " excluded by a user, left out of every series)")
                .append(". A series is one metric of one combination on one testbed; its points are forks, in"
                        + " commit order. Charted: throughput per combination; the change points of every metric are"
                        + " in the table below. How to read them: docs/history.md. " + HtmlReport.CSV + " holds the"
                        + " segments and change points, not the fork points: the history command exports a series"
                        + " whole.</p>\n");
        html.append(table(store, analyses));
        Map<String, Integer> testbedOrder = new HashMap<>();
        List<TestbedRow> testbeds = store.testbeds();
        for (int i = 0; i < testbeds.size(); i++) {
            testbedOrder.put(testbeds.get(i).id(), i);
        }
        Map<String, Map<String, List<SeriesAnalysis>>> charted = new TreeMap<>();
        analyses.stream().filter(a -> a.key().metric().equals(CHARTED)).forEach(a -> charted
                .computeIfAbsent(a.key().suite(), s -> new TreeMap<>())
                .computeIfAbsent(a.key().combination(), c -> new ArrayList<>()).add(a));
        charted.forEach((suite, combinations) -> {
            html.append("<h3>").append(HtmlReport.escape(suite)).append("</h3>\n");
            combinations.forEach((combination, perTestbed) -> {
                // Testbeds in the order first seen: a new machine's series comes after the old one's.
                perTestbed.sort(Comparator.comparingInt(a -> testbedOrder.getOrDefault(
                        a.key().testbed(), Integer.MAX_VALUE)));
                ReportCharts.Plotted chart = HistoryTrend.chart(suite, combination, perTestbed);
                plotted.add(chart);
                html.append("<figure id=\"").append(HtmlReport.escape(chart.id())).append("\">\n")
                        .append(chart.svg()).append("\n<figcaption>").append(HtmlReport.escape(chart.caption()))
                        .append("</figcaption>\n</figure>\n");
            });
        });
        return html.append("</section>\n").toString();
    }

    /** Every change point of every series: where, how large, which way, and whether a user has seen it. */
    private static String table(HistoryStore store, List<SeriesAnalysis> analyses) {
        List<ChangePoint> changes = analyses.stream().flatMap(a -> a.changePoints().stream()).toList();
        if (changes.isEmpty()) {
            return "<p class=\"verdict\">No change point in any series.</p>\n";
        }
        StringBuilder html = new StringBuilder("<table id=\"change-points\"><tr><th>series</th>"
                + "<th>commits (last before..first after)</th><th>change [95% interval]</th><th>which way</th>"
                + "<th>tentative</th><th>acknowledged</th></tr>\n");
        for (ChangePoint c : changes) {
            boolean acknowledged = store.acknowledged(c.series(), c.firstCommitAfter());
            html.append("<tr").append(c.regression() && !acknowledged ? " class=\"fail\"" : "").append("><td>")
                    .append(seriesCell(c.series())).append("</td><td><code>")
                    .append(HtmlReport.escape(HistoryTrend.shortCommit(c.lastCommitBefore()) + ".."
                            + HistoryTrend.shortCommit(c.firstCommitAfter()))).append("</code></td><td class=\"n\">")
                    .append(HistoryTrend.percent(c.relativeChange())).append(String.format(Locale.ROOT,
                            " [%+.1f%%, %+.1f%%]", 100 * c.ciLow(), 100 * c.ciHigh()))
                    .append("</td><td>").append(c.regression() ? "regression" : "improvement").append("</td><td>")
                    .append(c.tentative() ? "yes" : "no").append("</td><td>").append(acknowledged ? "yes" : "no")
                    .append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    /** A series' name, a link to its chart when it has one. */
    private static String seriesCell(SeriesKey key) {
        String name = HtmlReport.escape(key.name());
        return key.metric().equals(CHARTED) ? "<a href=\"#" + HtmlReport.escape(HistoryTrend.id(key)) + "\">" + name
                + "</a>" : name;
    }

    /** Where the history lives and how many runs it holds, for the page and the console. */
    static String describe(HistoryStore store) {
        int runs = store.runs().size();
        int testbeds = store.testbeds().size();
        return "The history at " + store.describe() + " holds " + runs + " run" + (runs == 1 ? "" : "s") + " on "
                + testbeds + " testbed" + (testbeds == 1 ? "" : "s");
    }

    /**
     * The history the run's setting names, or empty with one console line when it is off or cannot be opened: the
     * report never fails for want of a history.
     */
    static Optional<HistoryStore> open(Path resultsDir) {
        return open(historySetting(), resultsDir);
    }

    /** {@link #open(Path)} for a given setting. */
    static Optional<HistoryStore> open(String setting, Path resultsDir) {
        try {
            return Histories.open(setting, resultsDir);
        } catch (RuntimeException e) {
            // A missing driver, a corrupt file, an unreachable server: the report is written without the section.
            System.out.println(HistoryRecorder.PREFIX + "report without history: " + (e.getMessage() == null ? e.toString()
                    : e.getMessage()));
            return Optional.empty();
        }
    }

    /** The run's {@code -Dloomarena.history} setting ({@code null} or blank: the default store). */
    static String historySetting() {
        return RunOptions.ofThisJvm().history();
    }
}
