package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Ranks a suite once per cell of the run's JVM axes (docs/jvm.md): each cell's summaries are in a results folder of
 * their own, each is ranked alone by {@link SuiteRanking} (so that a ranking compares combinations on one server JVM
 * with one flag set, never across them), and the rankings are returned as one, every cell's groups and files, its
 * console text opened by one line that says across which axis values the run ranks. A run without axes has one
 * store, and its ranking is exactly {@link SuiteRanking#rank}'s. Stateless.
 */
public final class CellRankings {

    private CellRankings() {
    }

    /**
     * Ranks {@code suite} in every store of {@code stores} (one per cell, in the cells' order), each through
     * {@code ledger}.
     *
     * @param across the run's axes as a reader reads them ({@code 2 JVMs (jdk21, jdk25) x 2 flag sets (default,
     *               poller1)}); empty for a run without axes
     */
    public static SuiteRanking rank(List<SummaryStore> stores, BenchmarkSuite suite, String across,
                                    SuiteLedger ledger) {
        if (stores.size() == 1 && across.isEmpty()) {
            return rankOne(stores.get(0), suite, ledger);
        }
        List<Ranking> groups = new ArrayList<>();
        List<java.nio.file.Path> files = new ArrayList<>();
        StringBuilder console = new StringBuilder("[PERF] " + suite.folder() + " ranked per cell of the server's JVM"
                + " axes, " + across + ": each ranking compares the combinations on one server JVM with one flag"
                + " set (the clients stay on the default JVM and flags); the report's grid sets the cells side by"
                + " side\n");
        for (SummaryStore store : stores) {
            SuiteRanking cell = rankOne(store, suite, ledger);
            groups.addAll(cell.groups());
            files.addAll(cell.files());
            console.append(cell.console());
        }
        return new SuiteRanking(suite, groups, console.toString(), files);
    }

    private static SuiteRanking rankOne(SummaryStore store, BenchmarkSuite suite, SuiteLedger ledger) {
        return ledger.summaryStep(store.suiteDir(suite.folder()), () -> SuiteRanking.rank(store, suite,
                ledger.failures(store.suiteDir(suite.folder()))));
    }
}
