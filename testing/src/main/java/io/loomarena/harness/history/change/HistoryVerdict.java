package io.loomarena.harness.history.change;

import io.loomarena.harness.history.SeriesKey;

import java.util.Objects;

/**
 * The history gate's verdict on one series (or on a suite with no series to judge), with its
 * {@code [PERF][HISTORY][GATE]} line. Immutable.
 *
 * @param series  the series judged; empty name for a verdict about the suite as a whole
 * @param outcome what the gate concluded
 * @param line    the console line saying it
 */
public record HistoryVerdict(String series, Outcome outcome, String line) {

    /** What the history gate concludes for a series: the A/B gate's outcomes (gate/AbVerdict), with the same rules. */
    public enum Outcome {
        PASS, FAIL, INCONCLUSIVE,
        /** Too few runs recorded to tell a new level from the one before. */
        NO_VERDICT;

        /** As the line prints it: {@code PASS}, {@code NO VERDICT}. */
        public String label() {
            return name().replace('_', ' ');
        }
    }

    /** What the gate's lines start with. */
    public static final String PREFIX = "[PERF][HISTORY][GATE] ";

    public HistoryVerdict {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(line, "line");
    }

    /** A verdict on a series, its line {@code [PERF][HISTORY][GATE] <OUTCOME> <series name>: <text>}. */
    static HistoryVerdict of(SeriesKey series, Outcome outcome, String text) {
        return new HistoryVerdict(series.name(), outcome, PREFIX + outcome.label() + " " + series.name() + ": " + text);
    }
}
