package io.loomarena.harness.history;

import java.util.Objects;

/**
 * A change point of a series: the level of the points from {@code index} on differs from the level before it.
 *
 * @param series         the series
 * @param index          the first point of the new segment (into the analysed points)
 * @param lastCommitBefore the last commit measured before the change
 * @param firstCommitAfter the first commit measured after it: the change happened in (before, after]
 * @param relativeChange the new segment's mean over the old one's, minus 1 (-0.10: 10% lower)
 * @param ciLow          the lower end of the 95% interval of {@code relativeChange}
 * @param ciHigh         the upper end
 * @param pValue         the significance test's p-value
 * @param tentative      whether too few points follow it to be sure it stays
 * @param regression     whether it made the metric worse (by the series' direction)
 */
public record ChangePoint(SeriesKey series, int index, String lastCommitBefore, String firstCommitAfter,
                          double relativeChange, double ciLow, double ciHigh, double pValue, boolean tentative,
                          boolean regression) {

    public ChangePoint {
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(lastCommitBefore, "lastCommitBefore");
        Objects.requireNonNull(firstCommitAfter, "firstCommitAfter");
    }
}
