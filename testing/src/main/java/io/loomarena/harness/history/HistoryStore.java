package io.loomarena.harness.history;

import io.loomarena.harness.summary.BenchmarkSummary;

import java.util.List;

/**
 * Where every run is remembered: an SQLite file by default, or a PostgreSQL database (one schema for both). Every
 * write is one transaction, all or nothing. Readers get series in commit order, runs a user excluded left out.
 */
public interface HistoryStore extends AutoCloseable {

    /** Where it lives, for a console line: a file's path or a database URL without credentials. */
    String describe();

    /** Every run recorded, oldest first, excluded ones included (with their reason). */
    List<RunRow> runs();

    /** Every testbed seen, in the order first seen. */
    List<TestbedRow> testbeds();

    /** Every series that has at least one point. */
    List<SeriesKey> series();

    /** A series' points in commit order, without the points of excluded runs. */
    List<SeriesPoint> points(SeriesKey key);

    /** The summaries a run recorded, as they were written under {@code target-results/}. */
    List<BenchmarkSummary> summaries(long runId);

    /** Excludes a run from every series, keeping it and the reason. */
    void exclude(long runId, String reason);

    /** Marks a series' change point at a commit as seen, so that it is no longer printed as new. */
    void acknowledge(SeriesKey key, String firstCommitAfter, String reason);

    /** Whether a change point at that commit of that series was acknowledged. */
    boolean acknowledged(SeriesKey key, String firstCommitAfter);

    /**
     * Records a run, all or nothing, and returns its id; a run whose {@link RecordedRun#contentKey} is already
     * recorded is kept once, and that run's id is returned. Stores that only read (a test's) refuse.
     */
    default long record(RecordedRun run) {
        throw new UnsupportedOperationException(describe() + " does not record runs");
    }

    /** The run recorded with that content key ({@link RecordedRun#contentKey}), if any: how an import skips one. */
    default java.util.Optional<Long> recorded(String contentKey) {
        return java.util.Optional.empty();
    }

    /**
     * Bounds the history's size: deletes the summaries (most of a run's bytes: its latency histograms) of every run
     * but the newest {@code keepLast}, keeping every run's iterations, verdicts and marks, so that series, change
     * points and the gate are unchanged; only the older runs' exports are lost. Returns how many runs lost theirs.
     */
    default int pruneSummaries(int keepLast) {
        throw new UnsupportedOperationException(describe() + " cannot be pruned");
    }

    @Override
    void close();
}
