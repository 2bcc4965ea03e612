package io.loomarena.harness.gate;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;

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
    void ratioOfMedianElapsedTimesAndLostMessages() {
        RegressionGate gate = new RegressionGate(baselineRuns);

        GateVerdict ratio = gate.atLeastTimesAsFast("VIRTUAL_SERVER+VIRTUAL_CLIENT",
                "PLATFORM_SERVER+PLATFORM_CLIENT", 1.5);
        assertThat(ratio.pass()).isTrue();
        assertThat(ratio.figure()).startsWith("1.60 times as fast");
        assertThat(gate.atLeastTimesAsFast("VIRTUAL_SERVER+VIRTUAL_CLIENT", "PLATFORM_SERVER+PLATFORM_CLIENT", 2)
                .line()).startsWith("[PERF][GATE] FAIL VIRTUAL_SERVER+VIRTUAL_CLIENT: 1.60 times as fast");
        assertThat(gate.nothingLostOrCorrupted(4_000)).allMatch(GateVerdict::pass);
        assertThat(gate.nothingLostOrCorrupted(5_000)).noneMatch(GateVerdict::pass);
    }
}
