package io.loomarena.harness.history.export;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

/**
 * One series as CSV (RFC 4180, a header line, one line per fork-level point in commit order): the point, and with an
 * analysis the segment it belongs to, that segment's mean and, on the first point after a change point, the relative
 * change. Stateless.
 */
public final class SeriesCsv {

    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("series", "unit", "run", "commit", "commit_time", "run_start",
            "fork", "value", "segment", "segment_mean", "change");

    private SeriesCsv() {
    }

    /**
     * The series' points as CSV; with {@code analysis} (of these same points) its segments and change points too,
     * without it those columns are empty.
     */
    public static String write(SeriesKey key, List<SeriesPoint> points, Optional<SeriesAnalysis> analysis) {
        if (analysis.isPresent() && analysis.get().points().size() != points.size()) {
            throw new IllegalArgumentException("the analysis of " + key.name() + " has "
                    + analysis.get().points().size() + " points, the series " + points.size());
        }
        StringBuilder csv = new StringBuilder(String.join(",", COLUMNS)).append("\r\n");
        for (int i = 0; i < points.size(); i++) {
            SeriesPoint point = points.get(i);
            int index = i;
            Optional<Segment> segment = analysis.flatMap(a -> a.segments().stream()
                    .filter(s -> s.from() <= index && index < s.to()).findFirst());
            Optional<ChangePoint> change = analysis.flatMap(a -> a.changePoints().stream()
                    .filter(c -> c.index() == index).findFirst());
            List<String> cells = List.of(key.name(), key.unit(), String.valueOf(point.runId()), point.commit(),
                    point.commitTime().toString(), point.runStart().toString(), String.valueOf(point.fork()),
                    number(point.value()),
                    segment.map(s -> String.valueOf(analysis.get().segments().indexOf(s) + 1)).orElse(""),
                    segment.map(s -> number(s.mean())).orElse(""),
                    change.map(c -> number(c.relativeChange())).orElse(""));
            csv.append(String.join(",", cells.stream().map(SeriesCsv::quoted).toList())).append("\r\n");
        }
        return csv.toString();
    }

    /** A number without exponent, as every spreadsheet reads it; empty for a segment mean not computed (NaN). */
    static String number(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).toPlainString() : "";
    }

    /** A cell quoted where RFC 4180 needs it (a comma, a quote or a line break in it). */
    static String quoted(String cell) {
        return cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")
                ? "\"" + cell.replace("\"", "\"\"") + "\"" : cell;
    }
}
