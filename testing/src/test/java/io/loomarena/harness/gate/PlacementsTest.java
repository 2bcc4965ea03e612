package io.loomarena.harness.gate;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.SummaryFixtures;

class PlacementsTest {

    // Iteration times of a fork measured with the CPUs near (fast) and far apart (about 25% slower), as on 2026-11-27.
    private static final double[] NEAR = {1000, 1004, 996};
    private static final double[] FAR = {1250, 1255, 1245};
    private static final double[] NEAR_10_PERCENT_SLOWER = {1111, 1115, 1107};
    private static final double[] FAR_10_PERCENT_SLOWER = {1389, 1394, 1384};

    @TempDir
    Path results;

    @Test
    void keepsTheIterationsOfThePlacementBothBuildsShareAndSaysWhatItSetAside() {
        BenchmarkSummary baseline = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR), 60, 58, 61, 340, 345, 338);
        BenchmarkSummary candidate = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", FAR, NEAR, NEAR), 341, 339, 344, 59, 57, 62,
                60, 58, 70);

        Placements placements = Placements.of(baseline, candidate);

        assertThat(baseline.runs().measured().stream().filter(placements.kept()).map(MeasuredRun::fork))
                .containsExactly(1, 1, 1);
        assertThat(candidate.runs().measured().stream().filter(placements.kept()).map(MeasuredRun::fork))
                .containsExactly(2, 2, 2, 3, 3, 3);
        assertThat(placements.matched()).isTrue();
        assertThat(placements.line()).isEqualTo("judged on the iterations measured with the CPUs near, like with"
                + " like; the others set aside (near: 3 baseline and 6 this-build iterations (round trip at most"
                + " 70 ns); far: 3 and 3 (up to 345 ns); moved during the iteration: 0 and 0)");
    }

    @Test
    void anIterationWhoseCostSaysTheCpusMovedIsSetAsideThoughItsReadingsWereNear() {
        // Every reading near; the baseline's fork 1 iteration 2 ran 25% longer with its server and client both 25%
        // dearer per message: the host moved the CPUs during it and back.
        BenchmarkSummary baseline = SummaryFixtures.withClientCpu(SummaryFixtures.withServerCpu(
                SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                        new double[] {1000, 1250, 1004}, NEAR), 60, 58, 61, 59, 57, 62), 7_000, 8_750, 7_030, 7_010,
                7_020, 6_990), 0.98, 0.98, 0.98, 0.98, 0.98, 0.98);
        BenchmarkSummary candidate = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR), 59, 57, 62, 60, 58, 61);

        Placements placements = Placements.of(baseline, candidate);

        assertThat(baseline.runs().measured().stream().filter(placements.kept()).map(MeasuredRun::iteration))
                .containsExactly(1, 3, 1, 2, 3);
        assertThat(candidate.runs().measured().stream().filter(placements.kept())).hasSize(6);
        assertThat(placements.line()).isEqualTo("judged on the iterations measured with the CPUs near, like with"
                + " like; the others set aside (near: 5 baseline and 6 this-build iterations (round trip at most"
                + " 62 ns); far: 0 and 0; moved during the iteration: 1 and 0 (1 of them seen by their cost, not the"
                + " readings: the server's and the client's CPU per operation both 10% or more above the cheapest near"
                + " iteration of their combination or build, or, far apart, the dearest that much above them))");
    }

    @Test
    void aRegressionHiddenByThePlacementFailsOnceLikeIsComparedWithLike() {
        // Baseline: one fork near, one far. This build, 10% slower: one fork far, one near. Over every iteration the
        // forks' placement swamps the 10%; compared like with like, it is plain.
        BenchmarkSummary baseline = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR), 60, 58, 61, 340, 345, 338);
        BenchmarkSummary candidate = SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", FAR_10_PERCENT_SLOWER, NEAR_10_PERCENT_SLOWER), 341, 339, 344, 59, 57, 62);
        RatioRule rule = RatioRule.throughput("msg", 0.05);

        AbVerdict blind = rule.judge("VIRTUAL_SERVER+VIRTUAL_CLIENT", "v1",
                AbGate.byFork(baseline, MeasuredRun::throughput), AbGate.byFork(candidate, MeasuredRun::throughput));
        Placements placements = Placements.of(baseline, candidate);
        AbVerdict matched = rule.judge("VIRTUAL_SERVER+VIRTUAL_CLIENT", "v1",
                AbGate.byFork(baseline, MeasuredRun::throughput, placements.kept()),
                AbGate.byFork(candidate, MeasuredRun::throughput, placements.kept()));

        assertThat(blind.outcome()).isEqualTo(AbVerdict.Outcome.INCONCLUSIVE);
        assertThat(matched.outcome()).isEqualTo(AbVerdict.Outcome.FAIL);
        assertThat(matched.interval().ratio()).isCloseTo(0.9, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void theGatePrintsThePlacementLineOnceAndJudgesOnTheKeptIterations() {
        Path classPath = Path.of(System.getProperty("java.class.path"));
        AbGate gate = new AbGate("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of(), 0.05, results);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        BenchmarkSummary baseline = SummaryFixtures.withServerCpu(SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR), 60, 58, 61, 340, 345, 338),
                1000, 1000, 1000, 1250, 1250, 1250);
        BenchmarkSummary candidate = SummaryFixtures.withServerCpu(SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", FAR, NEAR), 341, 339, 344, 59, 57, 62),
                1250, 1250, 1250, 1000, 1000, 1000);
        AbGate.Compared compared = new AbGate.Compared(baseline, candidate);

        AbVerdict throughput = gate.judgeThroughput(compared, out);
        AbVerdict cpu = gate.judgeServerCpu(compared, out);

        assertThat(throughput.outcome()).isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(throughput.interval().ratio()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(cpu.outcome()).isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(printed.toString(StandardCharsets.UTF_8).lines().filter(line -> line.contains("like with like")))
                .hasSize(1);
    }

    @Test
    void anIterationDuringWhichTheCpusMovedIsSetAside() {
        BenchmarkSummary baseline = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR),
                new double[] {60, 60, 60, 340, 58, 59}, new double[] {60, 60, 340, 58, 59, 60});
        BenchmarkSummary candidate = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR), 60, 61, 59, 60, 62, 58);

        Placements placements = Placements.of(baseline, candidate);

        assertThat(baseline.runs().measured().stream().filter(placements.kept()).map(MeasuredRun::iteration))
                .containsExactly(1, 2, 2, 3);
        assertThat(placements.line()).endsWith("moved during the iteration: 2 and 0)");
    }

    @Test
    void buildsMeasuredInDifferentPlacementsGetNoVerdictWhateverTheRatio() {
        Path classPath = Path.of(System.getProperty("java.class.path"));
        AbGate gate = new AbGate("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of(), 0.05, results);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
        // The baseline ran with the CPUs far apart, this build (10% slower) near: 11% "faster" by the host's doing.
        BenchmarkSummary baseline = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", FAR, FAR), 340, 345, 338, 341, 339, 344);
        BenchmarkSummary candidate = SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", NEAR_10_PERCENT_SLOWER, NEAR_10_PERCENT_SLOWER), 60, 58, 61, 59, 57, 62);

        AbVerdict verdict = gate.judgeThroughput(new AbGate.Compared(baseline, candidate), out);

        assertThat(verdict.outcome()).isEqualTo(AbVerdict.Outcome.INCONCLUSIVE);
        assertThat(verdict.interval().ratio()).isGreaterThan(1.1);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("[PERF][GATE] VIRTUAL_SERVER+VIRTUAL_CLIENT:"
                + " the host moved the CPUs and no placement has 3 iterations of each build (near: 0 baseline and 6"
                + " this-build iterations", ": no like-with-like comparison, so INCONCLUSIVE whatever the ratio");
    }

    @Test
    void withoutAReadingForEveryIterationOrWithTooFewInEachPlacementEveryIterationIsJudged() {
        BenchmarkSummary unread = SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR);
        BenchmarkSummary read = SummaryFixtures.withCrossCpu(unread, 60, 58, 61, 340, 345, 338);
        BenchmarkSummary mostlyFar = SummaryFixtures.withCrossCpu(unread, 340, 341, 61, 340, 345, 338);
        BenchmarkSummary allNear = SummaryFixtures.withCrossCpu(unread, 60, 58, 61, 62, 75, 59);

        Placements none = Placements.of(unread, read);
        Placements tooFew = Placements.of(allNear, mostlyFar);
        Placements one = Placements.of(allNear, allNear);

        assertThat(unread.runs().measured()).allMatch(none.kept());
        assertThat(none.matched()).isTrue();
        assertThat(none.line()).startsWith("no cross-CPU reading for every iteration");
        assertThat(read.runs().measured()).allMatch(tooFew.kept());
        assertThat(tooFew.matched()).isFalse();
        assertThat(tooFew.line()).startsWith("the host moved the CPUs and no placement has 3 iterations of each"
                + " build (near: 6 baseline and 1 this-build");
        assertThat(allNear.runs().measured()).allMatch(one.kept());
        assertThat(one.matched()).isTrue();
        assertThat(one.line()).isEqualTo("every iteration measured with the CPUs in one placement (cross-CPU round"
                + " trip 58-75 ns)");
    }

    @Test
    void anIterationMeasuredBesideOtherWorkIsSetAsideAndTooFewLeftGetNoComparison() {
        BenchmarkSummary near = SummaryFixtures.withCrossCpu(
                SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, NEAR), 60, 58, 61, 62, 59, 60);
        // A neighbour took 24% of a pinned CPU during the baseline's 2nd and 3rd iterations; 3% is an idle machine.
        BenchmarkSummary neighbourTwice = SummaryFixtures.withNeighbours(near, 0.03, 0.24, 0.24, 0.0, 0.01, 0.02);
        BenchmarkSummary neighbourMostly = SummaryFixtures.withNeighbours(near, 0.25, 0.24, 0.24, 0.22, 0.01, 0.02);

        Placements twice = Placements.of(neighbourTwice, near);
        Placements mostly = Placements.of(neighbourMostly, near);

        assertThat(neighbourTwice.runs().measured().stream().filter(twice.kept()).map(MeasuredRun::iteration))
                .containsExactly(1, 1, 2, 3);
        assertThat(near.runs().measured()).allMatch(twice.kept());
        assertThat(twice.matched()).isTrue();
        assertThat(twice.line()).isEqualTo("every iteration measured with the CPUs in one placement (cross-CPU round"
                + " trip 58-62 ns); 2 baseline and 0 this-build iterations set aside: other work took 10% or more of"
                + " the server's or the client's CPU during them");
        assertThat(mostly.matched()).isFalse();
        assertThat(mostly.line()).startsWith("fewer than 3 iterations of each build measured without other work on"
                + " their CPUs; 4 baseline and 0 this-build iterations set aside");
    }
}
