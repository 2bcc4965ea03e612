package io.loomarena.harness.gate;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.summary.BenchmarkSummary;

class RegressionGateTest {

    // Fixture latencies are v * runMillis for v = 1..100 µs, so p5 is 5 * runMillis.
    private final List<BenchmarkSummary> baselineRuns = List.of(
            summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT", workload(20), 150, 160, 170),
            summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 100, 100, 100));

    @Test
    void passesAnUnchangedRunAndNamesTheCombinationWhoseFastFloorRose(@TempDir Path dir) {
        Baseline baseline = Baseline.of("echo", baselineRuns);
        Baseline reread = Baseline.read(baseline.write(Baseline.file(dir, "echo")));
        assertThat(reread.figures().get("VIRTUAL_SERVER+VIRTUAL_CLIENT").p5Micros()).isEqualTo(500);

        assertThat(new RegressionGate(baselineRuns).fastFloorWithin(reread, 500)).allMatch(GateVerdict::pass);

        List<GateVerdict> slowed = new RegressionGate(List.of(baselineRuns.get(0),
                summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20), 250, 250, 250)))
                .fastFloorWithin(reread, 500);
        assertThat(slowed).filteredOn(v -> !v.pass()).singleElement().satisfies(v -> assertThat(v.line())
                .isEqualTo("[PERF][GATE] FAIL VIRTUAL_SERVER+VIRTUAL_CLIENT: p5 latency 1250 us = 2.50 x baseline,"
                        + " limit <= 1000 us (baseline 500 us + 500 us) (p5 latency at most 500 us above the"
                        + " baseline)"));
    }

    @Test
    void failsAnotherWorkloadAndACombinationWithoutBaseline() {
        Baseline baseline = Baseline.of("echo", baselineRuns.subList(0, 1));

        List<GateVerdict> verdicts = new RegressionGate(List.of(
                summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT", workload(1000), 150, 160, 170),
                baselineRuns.get(1))).fastFloorWithin(baseline, 500);

        assertThat(verdicts).noneMatch(GateVerdict::pass);
        assertThat(verdicts.get(0).figure()).startsWith("workload");
        assertThat(verdicts.get(1).figure()).isEqualTo("no baseline figures");
    }

    @Test
    void lostMessagesFailAndTheJudgePrintsEachVerdictOnceThenFailsWithOneShortLine() {
        RegressionGate gate = new RegressionGate(baselineRuns);
        assertThat(gate.nothingLostOrCorrupted(4_000)).allMatch(GateVerdict::pass);
        List<GateVerdict> verdicts = gate.nothingLostOrCorrupted(5_000);
        assertThat(verdicts).noneMatch(GateVerdict::pass);

        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        assertThatThrownBy(() -> RegressionGate.judge(verdicts, new PrintStream(printed, true, UTF_8)))
                .isInstanceOf(GateFailure.class)
                .hasMessage("the gate failed: 2 FAIL (no message lost or corrupted): PLATFORM_SERVER+PLATFORM_CLIENT,"
                        + " VIRTUAL_SERVER+VIRTUAL_CLIENT (the [PERF][GATE] FAIL lines above say why)")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
        assertThat(printed.toString(UTF_8).lines()).containsExactlyElementsOf(
                verdicts.stream().map(GateVerdict::line).toList());

        printed.reset();
        RegressionGate.judge(gate.nothingLostOrCorrupted(4_000), new PrintStream(printed, true, UTF_8));
        assertThat(printed.toString(UTF_8).lines()).hasSize(2).allMatch(line -> line.startsWith("[PERF][GATE] PASS"));
    }
}
