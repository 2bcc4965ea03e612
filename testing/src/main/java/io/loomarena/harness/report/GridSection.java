package io.loomarena.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ServerCell;

/**
 * The report's grid of a run with JVM axes (docs/jvm.md): per suite and workload, one row per combination and one
 * column per cell (server JVM x flag set), each cell the combination's throughput with its 95% interval, read from
 * {@code <results>/cells/<jvm>/<flag set>/<suite>/}. The cells were measured in one run, interleaved, with the same
 * clients; a column is ranked alone in its own {@code ranking.md}. Empty when the results folder has no cells.
 * Stateless.
 */
final class GridSection {

    /** One measured cell: its folder's summaries by suite. */
    private record Column(ServerCell cell, Map<String, List<BenchmarkSummary>> suites) {
    }

    private GridSection() {
    }

    /** The section's HTML, or empty when no cell was measured under {@code resultsDir}. */
    static String html(Path resultsDir) {
        List<Column> columns = columns(resultsDir.resolve(ServerCell.CELLS_FOLDER));
        if (columns.isEmpty()) {
            return "";
        }
        Set<String> suites = new LinkedHashSet<>();
        columns.forEach(column -> suites.addAll(new TreeMap<>(column.suites()).keySet()));
        StringBuilder out = new StringBuilder("<section id=\"jvm-grid\">\n<h2>model x JVM x flag set</h2>\n<p>Each"
                + " column is one cell of the server's JVM axes: the server ran on that JVM with that flag set, the"
                + " clients on the default JVM and flags. A cell shows the throughput and its 95% interval (the"
                + " fastest and slowest run when there are fewer than 3). Each column is ranked alone, in"
                + " <code>cells/&lt;jvm&gt;/&lt;flag set&gt;/&lt;suite&gt;/ranking.md</code>; compare across"
                + " columns with the intervals in mind.</p>\n");
        for (String suite : suites) {
            Map<Map<String, Object>, Map<String, Map<ServerCell, BenchmarkSummary>>> groups = new LinkedHashMap<>();
            for (Column column : columns) {
                for (BenchmarkSummary s : column.suites().getOrDefault(suite, List.of())) {
                    groups.computeIfAbsent(new TreeMap<>(s.workload()), k -> new LinkedHashMap<>())
                            .computeIfAbsent(s.combination(), k -> new LinkedHashMap<>()).put(column.cell(), s);
                }
            }
            groups.forEach((workload, rows) -> {
                String key = groups.size() == 1 ? "" : HtmlReport.groupKey(workload, groups.keySet());
                table(out, suite, key.isEmpty() ? suite : suite + " [" + key + "]", workload, rows, columns);
            });
        }
        return out.append("</section>\n").toString();
    }

    private static void table(StringBuilder out, String suite, String title, Map<String, Object> workload,
                              Map<String, Map<ServerCell, BenchmarkSummary>> rows, List<Column> columns) {
        out.append("<h3>").append(HtmlReport.escape(title)).append("</h3>\n<p>Workload: ")
                .append(HtmlReport.escape(workload.toString())).append("</p>\n<table><tr><th>combination</th>");
        for (Column column : columns) {
            out.append("<th>").append(HtmlReport.escape(column.cell().label())).append("<br><small>")
                    .append(HtmlReport.escape(serverOf(column, suite))).append("</small></th>");
        }
        out.append("</tr>\n");
        rows.forEach((combination, cells) -> {
            out.append("<tr><td>").append(HtmlReport.escape(combination)).append("</td>");
            for (Column column : columns) {
                BenchmarkSummary s = cells.get(column.cell());
                out.append("<td class=\"n\">").append(s == null ? "not measured" : HtmlReport.escape(cell(s)))
                        .append("</td>");
            }
            out.append("</tr>\n");
        });
        out.append("</table>\n");
    }

    /** {@code 215,965 msg/s (210,000–220,000)}. */
    static String cell(BenchmarkSummary s) {
        return ThroughputInterval.grouped(s.aggregate().throughput()) + " " + s.unit() + "/s ("
                + ThroughputInterval.of(s.aggregate()).text() + ")";
    }

    /** What the column's server was, as its summaries recorded it: {@code JDK 21.0.8 (Eclipse Adoptium) -Dx=1}. */
    private static String serverOf(Column column, String suite) {
        List<BenchmarkSummary> summaries = column.suites().getOrDefault(suite, List.of());
        if (summaries.isEmpty() || summaries.get(0).environment().serverJvm() == null) {
            return String.join(" ", column.cell().flags());
        }
        var jvm = summaries.get(0).environment().serverJvm();
        return "JDK " + jvm.version() + " (" + jvm.vendor() + ")"
                + (column.cell().flags().isEmpty() ? "" : " " + String.join(" ", column.cell().flags()));
    }

    /** Every {@code cells/<jvm>/<flag set>/} folder holding summaries, JVMs and flag sets by name. */
    private static List<Column> columns(Path cellsDir) {
        List<Column> columns = new ArrayList<>();
        for (Path jvm : folders(cellsDir)) {
            for (Path flagSet : folders(jvm)) {
                Map<String, List<BenchmarkSummary>> suites = ReportData.read(flagSet).suites();
                if (!suites.isEmpty()) {
                    BenchmarkSummary any = suites.values().iterator().next().get(0);
                    ServerCell recorded = ServerCell.of(any);
                    columns.add(new Column(recorded, suites));
                }
            }
        }
        return columns;
    }

    private static List<Path> folders(Path dir) {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return found;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir, Files::isDirectory)) {
            stream.forEach(found::add);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        found.sort(null);
        return found;
    }
}
