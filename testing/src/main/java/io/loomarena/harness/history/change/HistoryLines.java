package io.loomarena.harness.history.change;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/** The console's {@code [PERF][HISTORY]} lines: the change points a recorded run leaves that nobody acknowledged. */
public final class HistoryLines {

    private HistoryLines() {
    }

    /**
     * One line per change point not acknowledged in the series a run just touched, in the order given, oldest change
     * first ({@link #line}); none when nothing changed.
     */
    public static List<String> afterRun(HistoryStore store, Collection<SeriesKey> touched) {
        EDivisiveDetector detector = EDivisiveDetector.standard();
        List<String> lines = new ArrayList<>();
        for (SeriesKey key : touched) {
            SeriesAnalysis analysis = detector.analyse(key, store.points(key));
            for (ChangePoint change : analysis.changePoints()) {
                if (!store.acknowledged(key, change.firstCommitAfter())) {
                    lines.add(line(analysis, change));
                }
            }
        }
        return lines;
    }

    /**
     * {@code [PERF][HISTORY] change point: echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@3f9a1c2e: -9.8% [-12.1%,
     * -7.4%] between 1a2b3c4..5d6e7f8 (p<0.0001): REGRESSION}, the size being the new level over the old minus 1 with
     * its 95% interval, the commits the last before the change and the first after it; a change point that too few
     * runs follow ends {@code , tentative until 3 runs follow it (1 so far)}.
     */
    public static String line(SeriesAnalysis analysis, ChangePoint change) {
        String line = String.format(Locale.ROOT,
                "%schange point: %s: %+.1f%% [%+.1f%%, %+.1f%%] between %s..%s (%s): %s", HistoryRecorder.PREFIX,
                change.series().name(), change.relativeChange() * 100, change.ciLow() * 100, change.ciHigh() * 100,
                shortCommit(change.lastCommitBefore()), shortCommit(change.firstCommitAfter()),
                pValue(change.pValue()), change.regression() ? "REGRESSION" : "IMPROVEMENT");
        if (!change.tentative()) {
            return line;
        }
        long after = analysis.points().subList(change.index(), analysis.points().size()).stream()
                .mapToLong(SeriesPoint::runId).distinct().count();
        return line + String.format(Locale.ROOT, ", tentative until %d runs follow it (%d so far)",
                DetectorParameters.STANDARD.confirmRuns(), after);
    }

    /** A commit as lines show it: its first 7 characters, as git's short form. */
    public static String shortCommit(String commit) {
        return commit.length() <= 7 ? commit : commit.substring(0, 7);
    }

    /** {@code p=0.0003}; {@code p<0.0001} below that. */
    static String pValue(double p) {
        return p < 0.0001 ? "p<0.0001" : String.format(Locale.ROOT, "p=%.4f", p);
    }
}
