package io.loomarena.harness.history;

import java.time.Instant;
import java.util.Objects;

/**
 * One point of a series: one fork's figure (the mean of its measured iterations that the run's verdict judged),
 * since the fork, a fresh JVM, is the independent unit. A store returns a series' points in commit order: by the
 * commit's time, then the run's start, then the fork.
 *
 * @param runId      the run it belongs to ({@link RunRow#id})
 * @param commit     the commit the run measured (full hash)
 * @param commitTime the commit's committer time: what orders the series
 * @param runStart   when the run started
 * @param fork       the fork's number within the run, from 1
 * @param value      the fork's figure, in the series' unit
 */
public record SeriesPoint(long runId, String commit, Instant commitTime, Instant runStart, int fork, double value) {

    public SeriesPoint {
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(commitTime, "commitTime");
        Objects.requireNonNull(runStart, "runStart");
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("a series point needs a finite value, got " + value);
        }
    }
}
