package io.loomarena.harness.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One run as it is written to the history, all of it in one transaction ({@link HistoryStore#record}): what ran and
 * on what, every iteration's figure per metric, the summaries as written and the verdicts. Built by
 * {@link RunRecords}. Immutable.
 *
 * @param commit     the commit measured (full hash, or {@code unknown})
 * @param commitTime the commit's committer time: what orders the series
 * @param dirty      whether the working tree had uncommitted changes
 * @param branch     the branch, when known
 * @param start      when the run started
 * @param end        when it ended
 * @param suite      the suite, {@code ab-gate} or {@code capacity}
 * @param testbed    what it ran on
 * @param options    the run options that change figures, by name
 * @param seed       the seed of the order of interleaved forks, when one was used
 * @param summaries  the summaries as written under {@code target-results/}
 * @param figures    every measured iteration's figure per metric
 * @param verdicts   the ranking's or the gate's verdicts
 * @param contentKey a hash of the summaries: a run recorded twice (an import of a folder already recorded) has the
 *                   same, and the store keeps it once
 */
public record RecordedRun(String commit, Instant commitTime, boolean dirty, Optional<String> branch, Instant start,
                          Instant end, String suite, TestbedRow testbed, SortedMap<String, String> options,
                          Optional<Long> seed, List<StoredSummary> summaries, List<Figure> figures,
                          List<VerdictRow> verdicts, String contentKey) {

    public RecordedRun {
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(commitTime, "commitTime");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(testbed, "testbed");
        options = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(options));
        Objects.requireNonNull(seed, "seed");
        summaries = List.copyOf(summaries);
        figures = List.copyOf(figures);
        verdicts = List.copyOf(verdicts);
        Objects.requireNonNull(contentKey, "contentKey");
    }

    /** The same run with other options (a caller that knows the run's options adds them). */
    public RecordedRun withOptions(Map<String, String> runOptions) {
        return new RecordedRun(commit, commitTime, dirty, branch, start, end, suite, testbed,
                new TreeMap<>(runOptions), seed, summaries, figures, verdicts, contentKey);
    }

    /**
     * A summary as written, kept so that exports and a rebuild from the database lose nothing.
     *
     * @param kind        {@code benchmark} (a {@code BenchmarkSummary}) or {@code capacity} (a {@code CapacitySummary})
     * @param combination its combination, as the file is named (an A/B gate's prefixed with the build)
     * @param json        the file's JSON
     */
    public record StoredSummary(String kind, String combination, String json) {

        public static final String BENCHMARK = "benchmark";
        public static final String CAPACITY = "capacity";
    }

    /**
     * One measured iteration's figure of one metric.
     *
     * @param combination   the combination (the series' name part)
     * @param metric        {@code throughput}, {@code p50}, {@code p99} or a labelled metric's key
     * @param unit          the unit of {@code value}
     * @param lowerIsBetter the metric's direction
     * @param fork          the fork, from 1
     * @param iteration     the iteration within the fork, from 1
     * @param value         the figure
     * @param judged        whether the run's verdict judged this iteration (a ranking sets some aside,
     *                      {@code RankingPlacement}): only judged iterations make the series' points
     */
    public record Figure(String combination, String metric, String unit, boolean lowerIsBetter, int fork,
                         int iteration, double value, boolean judged) {
    }

    /**
     * One verdict of the run.
     *
     * @param kind        {@code ranking}, {@code ab-gate}, {@code p5-gate} or {@code capacity}
     * @param combination the combination judged
     * @param metric      the metric judged
     * @param verdict     the verdict as a reader reads it ({@code rank 2, tied with 1}, {@code PASS})
     * @param value       the figure judged (a ratio, a rate), NaN when none
     * @param low         its interval's lower end, NaN when none
     * @param high        its upper end, NaN when none
     */
    public record VerdictRow(String kind, String combination, String metric, String verdict, double value,
                             double low, double high) {
    }
}
