package io.loomarena.harness.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryFixtures;

/**
 * Every path of the A/B gate that ends with nothing left to compare ends with one NO VERDICT line per figure, never
 * an exception (issue 39: "this build: no fork measured"); on fake readings, but for a fork that really fails.
 */
class AbGateNoVerdictTest {

    private static final double[] NEAR = {1000, 1004, 996};
    private static final double[] FAR = {1250, 1255, 1245};
    private static final String COMBINATION = "VIRTUAL_SERVER+VIRTUAL_CLIENT";
    private static final String DISTURBED_PLACEMENT = "[PERF][GATE] " + COMBINATION + ": fewer than 3 iterations of"
            + " each build measured without other work on their CPUs; %d baseline and %d this-build iterations set"
            + " aside: other work took 10% or more of the server's or the client's CPU during them: nothing left to"
            + " compare, so no verdict";
    private static final String SET_ASIDE = "[PERF][GATE] NO VERDICT " + COMBINATION + ": %s: every measured"
            + " iteration of %s was set aside (other work took 10%% or more of the server's or the client's CPU during"
            + " them), so nothing is left to compare; run the gate on a quieter runner (nothing else on the two CPUs"
            + " it pins), or with more forks per build (-Dloomarena.forks, 2 now) (%s at most 5%% %s than the baseline"
            + " v1; a failure only with -Dloomarena.noVerdict=fail)";

    @TempDir
    Path results;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

    @Test
    void everyIterationOfBothBuildsDisturbedGivesOneNoVerdictLinePerFigure() {
        AbGate gate = gate(NoVerdict.WARN);
        BenchmarkSummary loaded = SummaryFixtures.withNeighbours(measured(), 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);
        AbGate.Compared compared = new AbGate.Compared(loaded, loaded);

        AbVerdict throughput = gate.judgeThroughput(compared, out);
        AbVerdict cpu = gate.judgeServerCpu(compared, out);

        assertThat(throughput.outcome()).isEqualTo(AbVerdict.Outcome.NO_VERDICT);
        assertThat(cpu.outcome()).isEqualTo(AbVerdict.Outcome.NO_VERDICT);
        assertThat(lines()).containsExactly(DISTURBED_PLACEMENT.replace("%d baseline and %d", "6 baseline and 6"),
                String.format(SET_ASIDE, "throughput", "both builds", "throughput", "lower"),
                String.format(SET_ASIDE, "server CPU per msg", "both builds", "server CPU per msg", "higher"));
        assertThat(new AbResults(results).readAll()).singleElement()
                .satisfies(suite -> assertThat(suite.rows()).as("no ratio, so no row for the report").isEmpty());
    }

    @Test
    void everyIterationOfOneBuildDisturbedNamesThatBuild() {
        AbGate gate = gate(NoVerdict.WARN);
        BenchmarkSummary quiet = measured();
        BenchmarkSummary loaded = SummaryFixtures.withNeighbours(quiet, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);

        gate.judgeThroughput(new AbGate.Compared(quiet, loaded), out);

        assertThat(lines()).containsExactly(DISTURBED_PLACEMENT.replace("%d baseline and %d", "0 baseline and 6"),
                String.format(SET_ASIDE, "throughput", "this build", "throughput", "lower"));
    }

    @Test
    void noSharedPlacementStaysInconclusiveWithItsRatioAndThrowsNothing() {
        AbGate gate = gate(NoVerdict.FAIL);
        BenchmarkSummary far = SummaryFixtures.withServerCpu(SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", FAR, FAR), 340, 345, 338, 341, 339, 344),
                1000, 1000, 1000, 1000, 1000, 1000);
        BenchmarkSummary near = SummaryFixtures.withServerCpu(SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR), 60, 58, 61, 59, 57, 62),
                1000, 1000, 1000, 1000, 1000, 1000);

        AbVerdict throughput = gate.judgeThroughput(new AbGate.Compared(far, near), out);

        assertThat(throughput.outcome()).isEqualTo(AbVerdict.Outcome.INCONCLUSIVE);
        assertThat(lines()).hasSize(2);
        assertThat(lines().get(0)).startsWith("[PERF][GATE] " + COMBINATION + ": the host moved the CPUs and no"
                + " placement has 3 iterations of each build").endsWith(": no like-with-like comparison, so"
                + " INCONCLUSIVE whatever the ratio");
        assertThat(lines().get(1)).isEqualTo(throughput.line()).startsWith("[PERF][GATE] INCONCLUSIVE " + COMBINATION
                + ": throughput this/baseline 1.25");
    }

    @Test
    void aBuildWithoutItsPlannedForksGetsNoVerdictAndItsLostWorkFailsTheNothingLostRule() {
        AbGate gate = gate(NoVerdict.WARN);
        String failure = "fork 1 of baseline v1 failed: the server of fork 1 died (exit 3)";
        AbGate.Compared compared = new AbGate.Compared(null, measured(), List.of(failure), COMBINATION);

        AbVerdict throughput = gate.judgeThroughput(compared, out);
        List<GateVerdict> lost = gate.nothingLostOrCorrupted(compared, 4_000);

        assertThat(throughput.outcome()).isEqualTo(AbVerdict.Outcome.NO_VERDICT);
        assertThat(lines()).containsExactly("[PERF][GATE] NO VERDICT " + COMBINATION + ": throughput: " + failure
                + "; before the baseline had its planned forks, so nothing is left to compare; fix what the failure"
                + " names, or run the gate again on a quieter runner (throughput at most 5% lower than the baseline"
                + " v1; a failure only with -Dloomarena.noVerdict=fail)");
        assertThat(lost).extracting(GateVerdict::line).containsExactly(
                "[PERF][GATE] FAIL " + COMBINATION + " (baseline v1): " + failure + ", limit 0 errors and 4000"
                        + " operations in every run (no message lost or corrupted)",
                "[PERF][GATE] PASS " + COMBINATION + " (this build): 0 errors, fewest operations in a run 4000, limit"
                        + " 0 errors and 4000 operations in every run (no message lost or corrupted)");
    }

    @Test
    void aForkThatFailsEndsTheMeasurementWithALineAndBothFiguresWithNoVerdict() {
        AbGate gate = gate(NoVerdict.WARN);

        AbGate.Compared compared = gate.measure(FakePlans.plan("exit-early", "ok", 200),
                FakePlans.settings(results), out);
        gate.judgeThroughput(compared, out);
        gate.judgeServerCpu(compared, out);

        assertThat(compared.baseline()).isNull();
        assertThat(compared.candidate()).isNull();
        assertThat(compared.failed()).singleElement().asString().startsWith("fork 1 of baseline v1 failed: ");
        List<String> gateLines = lines().stream().filter(line -> line.startsWith("[PERF][GATE] ")).toList();
        assertThat(gateLines).hasSize(4);
        assertThat(gateLines.get(1)).isEqualTo("[PERF][GATE] FAKE_SERVER+FAKE_CLIENT: " + compared.failed().get(0)
                + "; no more forks of either build");
        assertThat(gateLines.get(2)).startsWith("[PERF][GATE] NO VERDICT FAKE_SERVER+FAKE_CLIENT: throughput: "
                + compared.failed().get(0)).endsWith("; before either build had its planned forks, so nothing is"
                + " left to compare; fix what the failure names, or run the gate again on a quieter runner"
                + " (throughput at most 5% lower than the baseline v1; a failure only with"
                + " -Dloomarena.noVerdict=fail)");
        assertThat(gateLines.get(3)).startsWith("[PERF][GATE] NO VERDICT FAKE_SERVER+FAKE_CLIENT: server CPU per op: ");
    }

    @Test
    void underFailTheNoVerdictLineIsPrintedAndThenTheBuildFailsInOneLine() {
        AbGate gate = gate(NoVerdict.FAIL);
        BenchmarkSummary loaded = SummaryFixtures.withNeighbours(measured(), 0.3, 0.3, 0.3, 0.3, 0.3, 0.3);

        assertThatThrownBy(() -> gate.judgeThroughput(new AbGate.Compared(loaded, loaded), out))
                .isInstanceOf(NoVerdict.Failure.class)
                .hasMessage("the A/B gate: " + COMBINATION + " (throughput) has no verdict (the NO VERDICT line"
                        + " above says why), and -Dloomarena.noVerdict=fail makes that a failure")
                .hasNoCause();
        assertThat(lines()).last().asString().startsWith("[PERF][GATE] NO VERDICT " + COMBINATION + ": throughput: ");
    }

    /** Two forks of three near iterations each, with the server's CPU figure. */
    private static BenchmarkSummary measured() {
        return SummaryFixtures.withServerCpu(SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR), 60, 58, 61, 59, 57, 62),
                1000, 1000, 1000, 1000, 1000, 1000);
    }

    private AbGate gate(NoVerdict noVerdict) {
        Path classPath = Path.of(System.getProperty("java.class.path"));
        return new AbGate(new AbBuilds("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of()), 0.05, results,
                AbGate.MAX_EXTRA_FORKS, noVerdict);
    }

    private List<String> lines() {
        return printed.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
