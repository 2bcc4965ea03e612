package io.loomarena.harness.history;

import io.loomarena.harness.history.change.DetectorParameters;
import io.loomarena.harness.history.change.EDivisiveDetector;

import java.util.List;

/** Finds the change points of a series: deterministic, the same answer for the same points. */
public interface ChangePointDetector {

    /** The series analysed: its segments and change points, over {@code points} in the order given. */
    SeriesAnalysis analyse(SeriesKey key, List<SeriesPoint> points);

    /** The detector every part of the project uses, with its documented parameters (docs/history.md). */
    static ChangePointDetector standard() {
        return new EDivisiveDetector(DetectorParameters.STANDARD);
    }
}
