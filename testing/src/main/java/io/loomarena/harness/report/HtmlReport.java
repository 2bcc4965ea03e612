package io.loomarena.harness.report;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

import io.loomarena.harness.gate.AbResults;
import io.loomarena.harness.history.change.EDivisiveDetector;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.ranking.HtmlText;
import io.loomarena.harness.ranking.RankingKind;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ResultFiles;

/**
 * Writes {@code target-results/report.html}: one self-contained page (no script, no external file, every chart an
 * inline SVG whose labels are text) that opens with the verdict of every suite (a sentence and the ranking table it
 * rests on, see {@link VerdictSection}), then per suite the throughput with its intervals and p99 per combination,
 * the latency percentile curves, throughput against connections for sweep suites, memory per idle connection, the grid
 * model x JVM x flag set of a run with JVM axes ({@link GridSection}), and the history's trends and change points
 * ({@link HistorySection});
 * and beside it {@code report-figures.csv}, every plotted figure. Rebuilt from whatever the results folder holds each
 * time, so any suite's ranking regenerates the whole page. Stateless.
 */
public final class HtmlReport {

    public static final String HTML = "report.html";
    public static final String CSV = "report-figures.csv";

    private HtmlReport() {
    }

    /**
     * Writes both files under {@code resultsDir}, with the history the run's setting names (closed afterwards; none
     * when it is off or cannot be opened), and returns the page.
     */
    public static Path write(Path resultsDir) {
        Optional<HistoryStore> history = HistorySection.open(resultsDir);
        try {
            return write(resultsDir, history);
        } finally {
            history.ifPresent(HistoryStore::close);
        }
    }

    /** Writes both files under {@code resultsDir}, the history section from {@code history} (left open). */
    public static Path write(Path resultsDir, Optional<HistoryStore> history) {
        ReportData data = ReportData.read(resultsDir);
        List<ReportCharts.Plotted> plotted = new ArrayList<>();
        StringBuilder verdicts = new StringBuilder();
        StringBuilder body = new StringBuilder();
        data.suites().forEach((suite, summaries) -> {
            RankingKind kind = VerdictSection.kind(suite);
            // A suite may measure several workloads (levels, paths): each is ranked and charted alone, never mixed.
            Map<Map<String, Object>, List<BenchmarkSummary>> groups = byWorkload(summaries);
            Map<Map<String, Object>, VerdictSection.Judged> judged = new LinkedHashMap<>();
            groups.forEach((workload, group) -> judged.put(workload, VerdictSection.judge(
                    groupName(suite, workload, groups), group)));
            verdicts.append("<h3><a href=\"#").append(anchor(suite)).append("\">").append(escape(suite))
                    .append("</a></h3>\n");
            body.append("<section id=\"").append(anchor(suite)).append("\">\n<h2>").append(escape(suite))
                    .append("</h2>\n");
            if (isSweep(summaries)) {
                body.append("<p>Sweep suite: each summary is one server model at one concurrency.</p>\n");
                List<BenchmarkSummary> levels = judged.values().stream()
                        .flatMap(j -> j.summaries().stream()).toList();
                ReportCharts.sweep(suite, levels).forEach(p -> chart(body, plotted, p.noting(SWEEP_SELECTION)));
            }
            groups.forEach((workload, group) -> {
                String key = groups.size() == 1 ? "" : groupKey(workload, groups.keySet());
                String name = groupName(suite, workload, groups);
                if (!key.isEmpty()) {
                    verdicts.append("<h4>").append(escape(key)).append("</h4>\n");
                    body.append("<h3>").append(escape(name)).append("</h3>\n");
                }
                VerdictSection.Judged verdict = judged.get(workload);
                verdicts.append(VerdictSection.html(verdict, kind));
                body.append("<p>Workload: ").append(escape(workload.toString()))
                        .append(". Ranking with spread and ties: <code>").append(escape(suite))
                        .append("/ranking.md</code>.</p>\n");
                // Every chart of the group shows the iterations its verdict judged: one figure per thing.
                List<BenchmarkSummary> shown = verdict.summaries();
                String selection = verdict.selection();
                kind.noThroughputChart().ifPresentOrElse(
                        why -> body.append("<p>").append(escape(why)).append("</p>\n"),
                        () -> chart(body, plotted, ReportCharts.throughput(name, shown).noting(selection)));
                chart(body, plotted, ReportCharts.p99(name, shown).noting(selection));
                ReportCharts.latencyCurves(name, shown).forEach(p -> chart(body, plotted, p.noting(selection)));
            });
            body.append("</section>\n");
        });
        if (!data.idle().isEmpty()) {
            body.append("<section>\n<h2>memory per idle connection</h2>\n");
            chart(body, plotted, ReportCharts.idleMemory(data.idle()));
            body.append("</section>\n");
        }
        body.append(CapacitySection.html(resultsDir, plotted));
        String grid = GridSection.html(resultsDir);
        body.append(grid);
        String gate = AbGateSection.html(new AbResults(resultsDir).readAll());
        if (plotted.isEmpty() && gate.isEmpty() && grid.isEmpty()) {
            body.append("<p>No benchmark results under this folder yet.</p>\n");
        }
        body.append(HistorySection.html(history, EDivisiveDetector.standard(), plotted));
        String opening = gate + (verdicts.isEmpty() ? "" : "<section id=\"verdicts\">\n<h2>Verdicts</h2>\n"
                + verdicts + "</section>\n");
        Path html = resultsDir.resolve(HTML);
        ResultFiles.writeText(html, page(opening + body));
        ResultFiles.writeText(resultsDir.resolve(CSV), csv(plotted));
        return html;
    }

    /** {@link #write}, reporting a failure on the console instead of throwing: the report never fails a ranking. */
    public static void writeQuietly(Path resultsDir) {
        Optional<HistoryStore> history = HistorySection.open(resultsDir);
        try {
            Path html = write(resultsDir, history);
            System.out.println("[PERF] report: " + html);
            history.ifPresent(store -> System.out.println(HistoryRecorder.PREFIX + HistorySection.describe(store)));
        } catch (RuntimeException e) {
            System.out.println("[PERF] report not written: " + e);
        } finally {
            history.ifPresent(HistoryStore::close);
        }
    }

    /** What a sweep's charts say of the iterations they show. */
    static final String SWEEP_SELECTION = "Each level's figures come from the iterations its verdict table judged.";

    /** The title of one workload of a suite: the suite, with the parameters that tell it apart when it has several. */
    private static String groupName(String suite, Map<String, Object> workload,
                                    Map<Map<String, Object>, List<BenchmarkSummary>> groups) {
        String key = groups.size() == 1 ? "" : groupKey(workload, groups.keySet());
        return key.isEmpty() ? suite : suite + " [" + key + "]";
    }

    /** The suite's summaries by workload, in the order first met (summaries come sorted by file name). */
    static Map<Map<String, Object>, List<BenchmarkSummary>> byWorkload(List<BenchmarkSummary> summaries) {
        Map<Map<String, Object>, List<BenchmarkSummary>> groups = new LinkedHashMap<>();
        for (BenchmarkSummary s : summaries) {
            groups.computeIfAbsent(new TreeMap<>(s.workload()), k -> new ArrayList<>()).add(s);
        }
        return groups;
    }

    /** The workload parameters that tell this group apart from the others, for example {@code connections=50}. */
    static String groupKey(Map<String, Object> workload, java.util.Set<Map<String, Object>> all) {
        List<String> shared = new ArrayList<>();
        List<String> own = new ArrayList<>();
        workload.forEach((key, value) -> {
            if (all.stream().anyMatch(other -> !Objects.equals(other.get(key), value))) {
                // Parameters every group has (path, connections) name a group better than those only some have.
                (all.stream().allMatch(other -> other.containsKey(key)) ? shared : own).add(key + "=" + value);
            }
        });
        return String.join(", ", shared.isEmpty() ? own : shared);
    }

    /** A suite whose summaries differ in connections (and carry keepAlive): the HTTP sweep. */
    static boolean isSweep(List<BenchmarkSummary> summaries) {
        return summaries.stream().allMatch(s -> s.workload().get("connections") instanceof Number
                && s.workload().get("keepAlive") != null)
                && summaries.stream().map(s -> s.workload().get("connections")).distinct().count() > 1;
    }

    private static void chart(StringBuilder body, List<ReportCharts.Plotted> plotted, ReportCharts.Plotted p) {
        plotted.add(p);
        body.append("<figure id=\"").append(escape(p.id())).append("\">\n").append(p.svg()).append('\n')
                .append("<figcaption>").append(escape(p.caption())).append("</figcaption>\n")
                .append("<details><summary>figures of this chart</summary>\n<table><tr><th>series</th><th>x</th>"
                        + "<th>value</th><th>unit</th></tr>\n");
        for (Figure f : p.figures()) {
            body.append("<tr><td>").append(escape(f.series())).append("</td><td>").append(escape(f.x()))
                    .append("</td><td>").append(number(f.y())).append("</td><td>").append(escape(f.unit()))
                    .append("</td></tr>\n");
        }
        body.append("</table></details>\n</figure>\n");
    }

    /** An element id for a suite's section. */
    private static String anchor(String suite) {
        return "suite-" + suite.replaceAll("[^A-Za-z0-9_-]", "-");
    }

    static String csv(List<ReportCharts.Plotted> plotted) {
        StringBuilder out = new StringBuilder("chart,series,x,value,unit\n");
        for (ReportCharts.Plotted p : plotted) {
            for (Figure f : p.figures()) {
                out.append(cell(f.chart())).append(',').append(cell(f.series())).append(',').append(cell(f.x()))
                        .append(',').append(number(f.y())).append(',').append(cell(f.unit())).append('\n');
            }
        }
        return out.toString();
    }

    private static String page(String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<title>loom-arena report</title>\n<style>\n"
                + "body{font-family:sans-serif;max-width:1260px;margin:1em auto;padding:0 1em;color:#222}\n"
                + "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-top:.5em}\n"
                + "figure{margin:1em 0 2em}figcaption{color:#555;font-size:.9em}\n"
                + "table{border-collapse:collapse;font-size:.85em}td,th{border:1px solid #ddd;padding:2px 6px}\n"
                + "td:nth-child(3){text-align:right}\n"
                + "td.n{text-align:right}tr.tied{background:#eef3fa}tr.fail{background:#fbe9e9}p.verdict{font-size:1.05em;font-weight:600}\n"
                + "p.note{color:#555;font-size:.85em}h3 a{color:inherit}\n</style>\n</head>\n<body>\n"
                + "<h1>loom-arena report</h1>\n"
                + "<p>Generated " + escape(Instant.now().toString()) + " from the summaries under target-results/."
                + " Every figure is also in <code>" + CSV + "</code>. These figures belong to this machine at the time"
                + " of the runs (see each summary's environment): data, not conclusions about the models in"
                + " general.</p>\n" + body + "</body>\n</html>\n";
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
    }

    private static String cell(String text) {
        return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }

    static String escape(String text) {
        return HtmlText.escape(text);
    }

}
