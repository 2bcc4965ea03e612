package io.loomarena.harness.history;

import java.util.List;

/**
 * Finds the change points of a series: deterministic, the same answer for the same points. The one every part of the
 * project uses is {@code history.change.EDivisiveDetector.standard()}.
 */
public interface ChangePointDetector {

    /** The series analysed: its segments and change points, over {@code points} in the order given. */
    SeriesAnalysis analyse(SeriesKey key, List<SeriesPoint> points);
}
