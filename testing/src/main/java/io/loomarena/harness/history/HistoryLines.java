package io.loomarena.harness.history;

import java.util.Collection;
import java.util.List;

/** The console's {@code [PERF][HISTORY]} lines: the change points a recorded run leaves that nobody acknowledged. */
public final class HistoryLines {

    private HistoryLines() {
    }

    /** One line per new change point in the series a run just touched (filled in by the detection work). */
    public static List<String> afterRun(HistoryStore store, Collection<SeriesKey> touched) {
        return List.of();
    }
}
