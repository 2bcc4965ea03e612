package io.loomarena.harness.history.change;

import io.loomarena.harness.history.SeriesPoint;

import java.util.List;

/**
 * A series' points as the detector reads them: their values, which run each belongs to and where each commit starts,
 * and the rule for what may be a segment. Points are fork-level and several forks of a run share a commit, so a change
 * point may only fall where a new commit starts. Immutable after construction; package-private.
 */
final class PointLayout {

    private final double[] values;
    /** The run's ordinal (0, 1, ...) of each point; a run's points are consecutive in commit order. */
    private final int[] run;
    /** Whether a point is the first of its commit: the only places a change point may fall. */
    private final boolean[] commitStart;
    private final DetectorParameters parameters;

    PointLayout(List<SeriesPoint> points, DetectorParameters parameters) {
        int n = points.size();
        this.values = new double[n];
        this.run = new int[n];
        this.commitStart = new boolean[n];
        this.parameters = parameters;
        for (int i = 0; i < n; i++) {
            SeriesPoint p = points.get(i);
            values[i] = p.value();
            if (i == 0) {
                commitStart[i] = true;
                continue;
            }
            SeriesPoint before = points.get(i - 1);
            run[i] = run[i - 1] + (p.runId() == before.runId() ? 0 : 1);
            commitStart[i] = !p.commit().equals(before.commit());
        }
    }

    int size() {
        return values.length;
    }

    double value(int i) {
        return values[i];
    }

    DetectorParameters parameters() {
        return parameters;
    }

    /** Runs with a point in {@code [from, to)}. */
    int runs(int from, int to) {
        return run[to - 1] - run[from] + 1;
    }

    /** Runs with a point from {@code from} to the end. */
    int runsFrom(int from) {
        return runs(from, values.length);
    }

    /** Whether {@code [from, to)} is long enough to be a segment: enough points, from enough runs. */
    boolean segment(int from, int to) {
        return to - from >= parameters.minPoints() && runs(from, to) >= parameters.minRuns();
    }

    /** Whether a new segment may start at {@code index}: it starts a commit. */
    boolean commitStart(int index) {
        return commitStart[index];
    }
}
