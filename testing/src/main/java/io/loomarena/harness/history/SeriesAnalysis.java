package io.loomarena.harness.history;

import java.util.List;
import java.util.Objects;

/**
 * A series as the change-point detection sees it: its points in commit order, the segments between change points
 * (covering every point, in order) and the change points themselves.
 */
public record SeriesAnalysis(SeriesKey key, List<SeriesPoint> points, List<Segment> segments,
                             List<ChangePoint> changePoints) {

    public SeriesAnalysis {
        Objects.requireNonNull(key, "key");
        points = List.copyOf(points);
        segments = List.copyOf(segments);
        changePoints = List.copyOf(changePoints);
    }
}
