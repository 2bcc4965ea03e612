package io.loomarena.harness.history;

import java.util.List;

/** Finds the change points of a series: deterministic, the same answer for the same points. */
public interface ChangePointDetector {

    /** The series analysed: its segments and change points, over {@code points} in the order given. */
    SeriesAnalysis analyse(SeriesKey key, List<SeriesPoint> points);

    /** The detector every part of the project uses, with its documented parameters (docs/history.md). */
    static ChangePointDetector standard() {
        // Filled in by the detection work (E-Divisive means); until then every series is one segment.
        return (key, points) -> new SeriesAnalysis(key, points, points.isEmpty() ? List.of()
                : List.of(new Segment(0, points.size(), Double.NaN, Double.NaN, Double.NaN)), List.of());
    }
}
