package io.loomarena.harness.history.change;

import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.SeriesKey;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loomarena.harness.history.change.SyntheticSeries.EPOCH;
import static io.loomarena.harness.history.change.SyntheticSeries.THROUGHPUT;
import static io.loomarena.harness.history.change.SyntheticSeries.commit;
import static org.assertj.core.api.Assertions.assertThat;

/** The {@code [PERF][HISTORY]} line of a change point, pinned, and which change points get one. */
class HistoryLinesTest {

    /** Runs of two forks at 990 and 1010 (a level of 1,000), then at {@code 1000 * ratio} the same way. */
    private static FakeHistoryStore store(SeriesKey key, int before, int after, double ratio) {
        FakeHistoryStore store = new FakeHistoryStore();
        for (int i = 0; i < before + after; i++) {
            RunRow run = store.addRun(commit(i), EPOCH.plusSeconds(3600L * i), "echo", key.testbed());
            double level = i < before ? 1000 : 1000 * ratio;
            store.addPoint(key, run, 1, level * 0.99);
            store.addPoint(key, run, 2, level * 1.01);
        }
        return store;
    }

    @Test
    void aNewChangePointGetsOneLineWithItsSizeIntervalCommitsPValueAndDirection() {
        FakeHistoryStore store = store(THROUGHPUT, 12, 6, 0.90);
        assertThat(HistoryLines.afterRun(store, List.of(THROUGHPUT))).containsExactly("[PERF][HISTORY] change point:"
                + " echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@3f9a1c2e: -10.0% [-10.7%, -9.3%] between"
                + " 000011c..000012c (p<0.0001): REGRESSION");
    }

    @Test
    void aChangePointTooFewRunsFollowIsMarkedTentativeWithTheCount() {
        FakeHistoryStore store = store(THROUGHPUT, 12, 2, 1.10);
        assertThat(HistoryLines.afterRun(store, List.of(THROUGHPUT))).singleElement().asString()
                .contains(": +10.0% [").contains("between 000011c..000012c")
                .endsWith(": IMPROVEMENT, tentative until 3 runs follow it (2 so far)");
    }

    @Test
    void anAcknowledgedChangePointIsNotPrintedAgain() {
        FakeHistoryStore store = store(THROUGHPUT, 12, 6, 0.90);
        store.acknowledge(THROUGHPUT, commit(12), "the new buffer size, accepted");
        assertThat(HistoryLines.afterRun(store, List.of(THROUGHPUT))).isEmpty();
    }

    @Test
    void aSeriesWithoutAChangeOrNotTouchedPrintsNothing() {
        FakeHistoryStore store = store(THROUGHPUT, 18, 0, 1);
        assertThat(HistoryLines.afterRun(store, List.of(THROUGHPUT))).isEmpty();
        assertThat(HistoryLines.afterRun(store(THROUGHPUT, 12, 6, 0.9), List.of())).isEmpty();
    }
}
