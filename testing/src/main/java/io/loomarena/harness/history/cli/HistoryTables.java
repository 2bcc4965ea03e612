package io.loomarena.harness.history.cli;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;
import io.loomarena.harness.history.TestbedRow;

/**
 * What the {@code history} command's listings print: a header line, then one line per row, columns separated by two
 * spaces or more (fixed widths), so that a person reads them and {@code awk} splits them. Stateless.
 */
final class HistoryTables {

    /** Commits are shown by their first characters, as {@code git log --oneline} shows them. */
    static final int SHORT_COMMIT = 12;

    private HistoryTables() {
    }

    static List<String> runs(List<RunRow> runs) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-5s  %-12s  %-5s  %-16s  %-12s  %-16s  %-20s  %s", "id", "commit",
                "dirty", "branch", "suite", "testbed", "start", "excluded"));
        for (RunRow run : runs) {
            lines.add(String.format(Locale.ROOT, "%-5d  %-12s  %-5s  %-16s  %-12s  %-16s  %-20s  %s", run.id(),
                    shortCommit(run.commit()), run.dirty() ? "yes" : "no", run.branch().orElse("-"), run.suite(),
                    run.testbed(), time(run.start()), run.excluded().orElse("")).stripTrailing());
        }
        return lines;
    }

    static List<String> testbeds(List<TestbedRow> testbeds) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-16s  %-20s  %s", "testbed", "first seen", "facts"));
        for (TestbedRow testbed : testbeds) {
            List<String> facts = testbed.facts().entrySet().stream().map(f -> f.getKey() + "=" + f.getValue())
                    .toList();
            lines.add(String.format(Locale.ROOT, "%-16s  %-20s  %s", testbed.id(), time(testbed.firstSeen()),
                    String.join("; ", facts)));
        }
        return lines;
    }

    /** Each series with its direction, unit and how many points it has (excluded runs' points left out). */
    static List<String> series(List<SeriesKey> keys, java.util.function.ToIntFunction<SeriesKey> points) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "%-6s  %-17s  %-12s  %s", "points", "better", "unit", "series"));
        for (SeriesKey key : keys) {
            lines.add(String.format(Locale.ROOT, "%-6d  %-17s  %-12s  %s", points.applyAsInt(key),
                    better(key), key.unit(), key.name()));
        }
        return lines;
    }

    /** A series' points with their segment, then its segments, then its change points. */
    static List<String> show(SeriesAnalysis analysis, Predicate<ChangePoint> acknowledged) {
        SeriesKey key = analysis.key();
        List<String> lines = new ArrayList<>();
        lines.add("series " + key.name() + " (" + key.unit() + ", " + better(key) + "), "
                + analysis.points().size() + " points");
        lines.add(String.format(Locale.ROOT, "%-5s  %-12s  %-20s  %-4s  %14s  %s", "run", "commit", "commit time",
                "fork", "value", "segment"));
        List<Segment> segments = analysis.segments();
        for (int i = 0; i < analysis.points().size(); i++) {
            SeriesPoint point = analysis.points().get(i);
            int index = i;
            int segment = 1 + segments.indexOf(segments.stream().filter(s -> s.from() <= index && index < s.to())
                    .findFirst().orElse(null));
            lines.add(String.format(Locale.ROOT, "%-5d  %-12s  %-20s  %-4d  %14s  %s", point.runId(),
                    shortCommit(point.commit()), time(point.commitTime()), point.fork(), number(point.value()),
                    segment == 0 ? "-" : String.valueOf(segment)));
        }
        for (int s = 0; s < segments.size(); s++) {
            Segment segment = segments.get(s);
            lines.add(String.format(Locale.ROOT, "segment %d: points %d..%d, mean %s (95%% CI %s..%s)", s + 1,
                    segment.from() + 1, segment.to(), number(segment.mean()), number(segment.ci95Low()),
                    number(segment.ci95High())));
        }
        if (analysis.changePoints().isEmpty()) {
            lines.add("no change point");
        }
        for (ChangePoint change : analysis.changePoints()) {
            lines.add(String.format(Locale.ROOT, "change point at point %d, commits %s..%s: %+.1f%% (95%% CI %+.1f%%"
                            + "..%+.1f%%), p=%.3g, %s%s%s", change.index() + 1, shortCommit(change.lastCommitBefore()),
                    shortCommit(change.firstCommitAfter()), 100 * change.relativeChange(), 100 * change.ciLow(),
                    100 * change.ciHigh(), change.pValue(), change.regression() ? "regression" : "improvement",
                    change.tentative() ? ", tentative" : "", acknowledged.test(change) ? ", acknowledged" : ""));
        }
        return lines;
    }

    static String shortCommit(String commit) {
        return commit.length() <= SHORT_COMMIT ? commit : commit.substring(0, SHORT_COMMIT);
    }

    private static String better(SeriesKey key) {
        return key.direction().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String time(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** A figure with the digits that mean something at its size; {@code -} for one not computed (NaN). */
    static String number(double value) {
        if (!Double.isFinite(value)) {
            return "-";
        }
        double magnitude = Math.abs(value);
        return String.format(Locale.ROOT, magnitude >= 1000 ? "%.0f" : magnitude >= 1 ? "%.3f" : "%.4g", value);
    }
}
