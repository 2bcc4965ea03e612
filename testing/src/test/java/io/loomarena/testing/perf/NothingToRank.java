package io.loomarena.testing.perf;

import org.opentest4j.TestAbortedException;

import io.loomarena.harness.summary.SummaryStore;

/**
 * A ranking scenario of a suite that was never measured in this results folder is skipped with one line saying so,
 * rather than failed: running {@code @PerformanceSummary} after measuring one suite ranks that suite and leaves the
 * others alone. A suite with some summaries but not all still fails, naming what is missing.
 */
final class NothingToRank {

    private NothingToRank() {
    }

    /** Skips the scenario (Cucumber reports it as skipped) when {@code suite} has no summary in {@code store}. */
    static void skipUnlessMeasured(SummaryStore store, String suite) {
        if (!store.hasSummaries(suite)) {
            String line = "[PERF] " + suite + ": no summaries in " + store.suiteDir(suite)
                    + ", nothing to rank (run the suite's @Performance scenarios first)";
            System.out.println(line);
            System.out.flush();
            throw new TestAbortedException(line);
        }
    }
}
