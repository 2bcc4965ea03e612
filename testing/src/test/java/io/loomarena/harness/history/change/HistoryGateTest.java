package io.loomarena.harness.history.change;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.gate.AbGateOptions;
import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.change.HistoryVerdict.Outcome;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Random;

import static io.loomarena.harness.history.change.SyntheticSeries.EPOCH;
import static io.loomarena.harness.history.change.SyntheticSeries.commit;
import static org.assertj.core.api.Assertions.assertThat;

/** The history gate on fake histories: a creep caught once it adds up, never across testbeds, nothing from little. */
class HistoryGateTest {

    private static final HistoryGate GATE = new HistoryGate(DetectorParameters.STANDARD,
            AbGateOptions.DEFAULT_TOLERANCE);
    private static final SeriesKey THROUGHPUT = SyntheticSeries.THROUGHPUT;
    private static final SeriesKey CPU = SyntheticSeries.key("serverCpuNanosPerOperation",
            Direction.LOWER_IS_BETTER, "ns/msg");

    /** A history being recorded: runs of two forks with 2% noise, one commit each. */
    private static final class History {
        final FakeHistoryStore store = new FakeHistoryStore();
        final Random random = new Random(42);
        int runs;

        /** {@code count} runs on {@code testbed} at {@code level} (1 = 1,000 msg/s and 1,000 ns/msg). */
        History runs(int count, String testbed, double level) {
            for (int i = 0; i < count; i++, runs++) {
                RunRow run = store.addRun(commit(runs), EPOCH.plusSeconds(3600L * runs), "echo", testbed);
                for (int fork = 1; fork <= 2; fork++) {
                    store.addPoint(on(THROUGHPUT, testbed), run, fork, 1000 * level * noise());
                    store.addPoint(on(CPU, testbed), run, fork, 1000 / level * noise());
                }
            }
            return this;
        }

        double noise() {
            return 1 + 0.02 * random.nextGaussian();
        }

        HistoryGateResult judge() {
            return GATE.judge(store, "echo", Optional.empty());
        }
    }

    private static SeriesKey on(SeriesKey key, String testbed) {
        return new SeriesKey(testbed, key.suite(), key.combination(), key.metric(), key.direction(), key.unit());
    }

    @Test
    void aCreepOfFiveThreePercentStepsPassesAtFirstAndFailsOnceItAddsUp() {
        History history = new History().runs(8, "tb", 1);
        history.runs(8, "tb", 0.97);
        HistoryGateResult first = history.judge();
        assertThat(first.outcome()).as(String.join("\n", first.lines())).isNotEqualTo(Outcome.FAIL);
        for (int step = 2; step <= 5; step++) {
            history.runs(8, "tb", Math.pow(0.97, step));
        }
        HistoryGateResult last = history.judge();
        assertThat(last.outcome()).as(String.join("\n", last.lines())).isEqualTo(Outcome.FAIL);
        assertThat(last.verdicts()).allSatisfy(v -> assertThat(v.line())
                .startsWith("[PERF][HISTORY][GATE] FAIL echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/")
                .contains("reference from 000000c ("));
        assertThat(last.exitStatus(NoVerdict.WARN)).isEqualTo(1);
    }

    @Test
    void aFlatSeriesPasses() {
        HistoryGateResult result = new History().runs(20, "tb", 1).judge();
        assertThat(result.outcome()).isEqualTo(Outcome.PASS);
        assertThat(result.lines()).containsExactly("[PERF][HISTORY][GATE] testbed tb",
                "[PERF][HISTORY][GATE] PASS echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb: one level over 40 points"
                        + " (20 runs), no change point",
                "[PERF][HISTORY][GATE] PASS echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/serverCpuNanosPerOperation@tb: one"
                        + " level over 40 points (20 runs), no change point");
        assertThat(result.exitStatus(NoVerdict.FAIL)).isZero();
    }

    @Test
    void tooFewRunsGiveNoVerdictSayingHowManyThereAreAndAreNeeded() {
        HistoryGateResult result = new History().runs(3, "tb", 1).judge();
        assertThat(result.outcome()).isEqualTo(Outcome.NO_VERDICT);
        assertThat(result.verdicts()).first().extracting(HistoryVerdict::line).asString().isEqualTo(
                "[PERF][HISTORY][GATE] NO VERDICT echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb: 3 runs (6 points)"
                        + " recorded, and the gate needs at least 4 runs and 8 points to tell a new level from the one"
                        + " before (a failure only with -Dloomarena.noVerdict=fail)");
        assertThat(result.exitStatus(NoVerdict.WARN)).isZero();
        assertThat(result.exitStatus(NoVerdict.FAIL)).isEqualTo(1);
    }

    @Test
    void aSuiteWithoutRunsHasNoVerdict() {
        HistoryGateResult result = GATE.judge(new FakeHistoryStore(), "echo", Optional.empty());
        assertThat(result.outcome()).isEqualTo(Outcome.NO_VERDICT);
        assertThat(result.lines()).singleElement().asString()
                .startsWith("[PERF][HISTORY][GATE] NO VERDICT echo: no throughput or server CPU series recorded");
    }

    @Test
    void aTestbedChangeIsNeverComparedAcrossOnlyTheLatestTestbedIsJudged() {
        // The new runner is 20% slower: not a regression of the code, and never compared with the old one.
        History history = new History().runs(10, "old-runner", 1).runs(10, "new-runner", 0.8);
        HistoryGateResult result = history.judge();
        assertThat(result.testbed()).contains("new-runner");
        assertThat(result.outcome()).isEqualTo(Outcome.PASS);
        assertThat(result.lines().get(0)).isEqualTo("[PERF][HISTORY][GATE] testbed new-runner (1 other testbed of"
                + " this suite not judged: figures are never compared across testbeds)");
        assertThat(result.verdicts()).extracting(HistoryVerdict::series).allMatch(name -> name.endsWith("@new-runner"));
        assertThat(GATE.judge(history.store, "echo", Optional.of("old-runner")).testbed()).contains("old-runner");
    }

    @Test
    void aRegressionBeyondTheToleranceFailsUntilItIsAcknowledged() {
        History history = new History().runs(10, "tb", 1).runs(6, "tb", 0.9);
        assertThat(history.judge().outcome()).isEqualTo(Outcome.FAIL);
        String firstSlow = commit(10);
        history.store.acknowledge(on(THROUGHPUT, "tb"), firstSlow, "accepted: the safer parser");
        history.store.acknowledge(on(CPU, "tb"), firstSlow, "accepted: the safer parser");
        HistoryGateResult accepted = history.judge();
        assertThat(accepted.outcome()).isEqualTo(Outcome.PASS);
        assertThat(accepted.verdicts()).first().extracting(HistoryVerdict::line).asString()
                .matches(".*: the latest change point, -[0-9.]+% at 000010c, was acknowledged: its level is accepted");
    }

    @Test
    void aSmallRegressionWithinTheTolerancePassesAndAnImprovementPasses() {
        assertThat(new History().runs(12, "tb", 1).runs(12, "tb", 0.98).judge().outcome())
                .isNotEqualTo(Outcome.FAIL);
        assertThat(new History().runs(10, "tb", 1).runs(6, "tb", 1.2).judge().outcome()).isEqualTo(Outcome.PASS);
    }

    @Test
    void aFailLineSaysTheRatioItsIntervalTheLimitAndBothLevels() {
        FakeHistoryStore store = new FakeHistoryStore();
        for (int i = 0; i < 16; i++) {
            RunRow run = store.addRun(commit(i), EPOCH.plusSeconds(3600L * i), "echo", "tb");
            double level = i < 10 ? 1000 : 900;
            store.addPoint(on(THROUGHPUT, "tb"), run, 1, level * 0.99);
            store.addPoint(on(THROUGHPUT, "tb"), run, 2, level * 1.01);
        }
        assertThat(GATE.judge(store, "echo", Optional.empty()).lines()).containsExactly(
                "[PERF][HISTORY][GATE] testbed tb",
                "[PERF][HISTORY][GATE] FAIL echo/VIRTUAL_SERVER+VIRTUAL_CLIENT/throughput@tb: latest/reference 0.900"
                        + " [0.894, 0.906] (95%), 900 vs 1,000 msg/s, limit >= 0.950 (throughput at most 5% lower than the"
                        + " reference); latest level from 000010c (12 points, 6 runs), reference from 000000c (20 points,"
                        + " 10 runs)");
    }
}
