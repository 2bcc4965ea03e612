package io.loomarena.harness.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.report.HtmlReport;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.SummaryFixtures;

/** The A/B gate's run order, files and verdicts with the fake server and client, and its bad-input messages. */
class AbGateTest {

    @TempDir
    Path results;

    @Test
    void forksAlternateBaselineFirstThenThisBuildTwiceAndBothSummariesAndTheVerdictAreKept() throws Exception {
        // Both "builds" run this JVM's class path, which holds the fake server and client. One added fork pair at
        // most: the fake's CPU figure, a few clock ticks an iteration, rarely decides, and each pair costs seconds.
        Path classPath = Path.of(System.getProperty("java.class.path"));
        AbGate gate = new AbGate("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of(), 0.05, results, 1);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

        AbGate.Compared compared = gate.measure(FakePlans.plan("normal", "ok", 200),
                FakePlans.settings(results).withIterations(2, 1, 3), out);
        // How fast the fake server ran depends on the machine (iterations of 14 to 24 ms on a busy one were judged a
        // FAIL): the real forks are checked for what is true anywhere (order, counts, files, readings carried), and
        // the verdicts are judged on set readings of the same iterations, this build's throughput and server CPU
        // within 0.5% of the baseline's, every iteration quiet and in one placement: PASS on any machine. (The
        // fake's CPU figure, a few clock ticks an iteration, is often 0 ns per operation: its zero case is the
        // next test's.)
        int forks = compared.baseline().runs().forks();
        AbGate.Compared judged = new AbGate.Compared(setReadings(compared.baseline(), 5),
                setReadings(compared.candidate(), 3));
        AbVerdict verdict = gate.judgeThroughput(judged, out);
        AbVerdict cpu = gate.judgeServerCpu(judged, out);

        List<String> forkStarts = printed.toString(StandardCharsets.UTF_8).lines()
                .filter(line -> line.contains("warmup 1/1")).map(line -> line.substring(0, line.indexOf(" warmup")))
                .toList();
        assertThat(forkStarts).startsWith("[PERF] baseline v1: FAKE_SERVER+FAKE_CLIENT fork 1/2",
                "[PERF] this build: FAKE_SERVER+FAKE_CLIENT fork 1/2",
                "[PERF] this build: FAKE_SERVER+FAKE_CLIENT fork 2/2",
                "[PERF] baseline v1: FAKE_SERVER+FAKE_CLIENT fork 2/2");
        // If the host moved the CPUs between forks, or a figure is undecided, the gate adds forks of each build (and
        // says so).
        assertThat(forks).isBetween(2, 3);
        assertThat(compared.baseline().runs().measured()).hasSize(3 * forks);
        assertThat(compared.candidate().runs().measured()).hasSize(3 * forks);
        if (forks > 2) {
            assertThat(printed.toString(StandardCharsets.UTF_8))
                    .contains("one more fork of each build (1 of at most 1)");
        }
        if (CpuPinning.detect(true).applied()) {
            // Each iteration of both builds carries the placement of the two CPUs read just before and after it.
            for (BenchmarkSummary side : List.of(compared.baseline(), compared.candidate())) {
                assertThat(side.runs().measured()).allSatisfy(run -> {
                    assertThat(run.metrics().get(HarnessMetrics.CROSS_CPU_BEFORE.key())).isPositive();
                    assertThat(run.metrics().get(HarnessMetrics.CROSS_CPU_AFTER.key())).isPositive();
                });
            }
            assertThat(printed.toString(StandardCharsets.UTF_8)).contains("[PERF][GATE] FAKE_SERVER+FAKE_CLIENT: ");
        }
        assertThat(compared.baseline().runs().measured().get(0).serverPid())
                .isNotEqualTo(compared.candidate().runs().measured().get(0).serverPid());
        assertThat(results.resolve("ab-gate/baseline/fake/FAKE_SERVER+FAKE_CLIENT.json")).isRegularFile();
        assertThat(results.resolve("ab-gate/this-build/fake/FAKE_SERVER+FAKE_CLIENT.json")).isRegularFile();
        assertThat(verdict.outcome()).isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(cpu.outcome()).isEqualTo(AbVerdict.Outcome.PASS);
        assertThat(verdict.line()).startsWith("[PERF][GATE] ").contains("FAKE_SERVER+FAKE_CLIENT: throughput");
        assertThat(cpu.line()).contains("FAKE_SERVER+FAKE_CLIENT: server CPU per ", "limit <= 1.050");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(verdict.line(), cpu.line());
        assertThat(new AbResults(results).readAll()).singleElement().satisfies(suite -> {
            assertThat(suite.baseline()).isEqualTo("v1");
            assertThat(suite.rows()).hasSize(2);
            assertThat(suite.rows().get(0)).satisfies(row -> {
                assertThat(row.outcome()).isEqualTo(verdict.outcome().name());
                assertThat(row.ratio()).isEqualTo(verdict.interval().ratio());
            });
            assertThat(suite.rows().get(1)).satisfies(row -> {
                assertThat(row.rule()).isEqualTo("server CPU per " + compared.candidate().unit());
                assertThat(row.ratio()).isEqualTo(cpu.interval().ratio());
                assertThat(row.baselineLow()).isPositive().isLessThanOrEqualTo(row.baselineMean());
                assertThat(row.baselineHigh()).isGreaterThanOrEqualTo(row.baselineMean());
            });
        });
        assertThat(gate.nothingLostOrCorrupted(compared, 200)).extracting(GateVerdict::pass).containsExactly(true,
                true);
        String report = Files.readString(HtmlReport.write(results));
        assertThat(report).contains("<h2>A/B regression gate</h2>", "against baseline <code>v1</code>",
                "FAKE_SERVER+FAKE_CLIENT");
    }

    @Test
    void aFigureWhoseIntervalStraddlesItsLimitAsksForMoreForksAndDecidedFiguresDoNot() {
        AbGate gate = fakeGate();
        BenchmarkSummary baseline = SummaryFixtures.withServerCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", new double[] {1000, 1004, 996}, new double[] {998, 1003, 1001}), cpuNanos(6, 5));
        // 20% slower on both figures: FAIL, decided.
        BenchmarkSummary slower = SummaryFixtures.withServerCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", new double[] {1250, 1252, 1248}, new double[] {1251, 1249, 1250}),
                java.util.Arrays.stream(cpuNanos(6, 5)).map(nanos -> nanos * 1.25).toArray());
        // The same: PASS, decided.
        BenchmarkSummary same = SummaryFixtures.withServerCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", new double[] {1001, 1003, 997}, new double[] {999, 1002, 1000}), cpuNanos(6, 5));
        // Throughput about 5% lower, at the limit; the server's CPU unchanged.
        BenchmarkSummary atTheLimit = SummaryFixtures.withServerCpu(SummaryFixtures.forked("VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", new double[] {1040, 1062, 1050}, new double[] {1046, 1058, 1052}), cpuNanos(6, 5));

        // Throughput 20% lower, the server's CPU about 5% higher: the FAIL decides, whatever the other figure says.
        BenchmarkSummary slowerAtTheLimit = SummaryFixtures.withServerCpu(slower,
                java.util.Arrays.stream(cpuNanos(6, 5)).map(nanos -> nanos * 1.05).toArray());

        assertThat(gate.undecided(new AbGate.Compared(baseline, slower))).isEmpty();
        assertThat(gate.undecided(new AbGate.Compared(baseline, slowerAtTheLimit))).isEmpty();
        assertThat(gate.undecided(new AbGate.Compared(baseline, same))).isEmpty();
        assertThat(gate.undecided(new AbGate.Compared(baseline, atTheLimit))).hasValueSatisfying(why ->
                assertThat(why).matches("throughput 0\\.95\\d \\[0\\.9\\d\\d, 0\\.9\\d\\d\\] straddles its limit"
                        + " 0\\.950"));
    }

    @Test
    void buildsMeasuredInDifferentPlacementsAskForMoreForksWhateverTheirRatio() {
        AbGate gate = fakeGate();
        BenchmarkSummary near = SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                new double[] {1000, 1004, 996}, new double[] {998, 1003, 1001}), 60, 58, 61, 59, 62, 60);
        BenchmarkSummary far = SummaryFixtures.withCrossCpu(SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                new double[] {1000, 1004, 996}, new double[] {998, 1003, 1001}), 340, 345, 338, 341, 339, 344);

        assertThat(gate.undecided(new AbGate.Compared(near, far))).hasValueSatisfying(why ->
                assertThat(why).startsWith("the host moved the CPUs and no placement has 3 iterations of each build"));
    }

    @Test
    void anIterationWithoutTheServersCpuFigureIsLeftToItsJudgingStepNotToMoreForks() {
        AbGate gate = fakeGate();
        BenchmarkSummary plain = SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                new double[] {1000, 1004, 996}, new double[] {998, 1003, 1001});

        assertThat(gate.undecided(new AbGate.Compared(plain, plain))).isEmpty();
    }

    private AbGate fakeGate() {
        Path classPath = Path.of(System.getProperty("java.class.path"));
        return new AbGate("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of(), 0.05, results);
    }

    @Test
    void aServerCpuReadingOfZeroIsRefusedInOneLineNamingTheIteration() {
        Path classPath = Path.of(System.getProperty("java.class.path"));
        AbGate gate = new AbGate("v1", new BuildJars("v1", classPath, classPath),
                new BuildJars(AbGate.THIS_BUILD, classPath, classPath), List.of(), 0.05, results);
        BenchmarkSummary plain = SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", new double[] {1000, 1000},
                new double[] {1000, 1000});
        BenchmarkSummary idle = SummaryFixtures.withServerCpu(plain, 900, 0, 900, 900);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

        assertThatThrownBy(() -> gate.judgeServerCpu(new AbGate.Compared(plain, idle), out))
                .isInstanceOf(GateFailure.class)
                .hasMessage("the A/B gate cannot judge the server's CPU time: fork 1 iteration 2 of"
                        + " VIRTUAL_SERVER+VIRTUAL_CLIENT on this build used less CPU time than the clock resolves"
                        + " (0 ns per operation): lengthen the workload (more messages or requests per iteration)");
    }

    @Test
    void exactlyOneBaselineMustBeNamed() {
        assertThatThrownBy(() -> AbGate.of(results, FakePlans.settings(results), AbGateOptions.none(), false,
                System.out))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("the A/B gate needs exactly one baseline: -Dloomarena.gate.baseline=<git ref>")
                .hasMessageEndingWith("neither was given");
        AbGateOptions both = new AbGateOptions(Optional.of("main"), Optional.of(Path.of("/opt/v1")), 0.05);
        assertThatThrownBy(() -> AbGate.of(results, FakePlans.settings(results), both, false, System.out))
                .hasMessageEndingWith("both were given");
    }

    @Test
    void hostsOfARunAcrossHostsAreRefused() {
        AbGateOptions ref = new AbGateOptions(Optional.of("main"), Optional.empty(), 0.05);
        assertThatThrownBy(() -> AbGate.of(results, FakePlans.settings(results), ref, true, System.out))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining("the A/B gate runs both builds on this machine only");
    }

    @Test
    void aJarFolderWithoutTheJarsIsNamedBeforeAnythingRuns() {
        AbGateOptions jars = new AbGateOptions(Optional.empty(), Optional.of(results.resolve("v1")), 0.05);
        assertThatThrownBy(() -> AbGate.of(results, FakePlans.settings(results), jars, false, System.out))
                .isInstanceOf(HarnessException.class)
                .hasMessageContaining(results.resolve("v1") + " is not a folder");
    }

    @Test
    void thisBuildsJarFolderWithoutTheJarsIsNamedBeforeAnythingRuns() throws Exception {
        Path baseline = Files.createDirectories(results.resolve("v1"));
        AbGateOptions jars = new AbGateOptions(Optional.empty(), Optional.of(baseline), 0.05,
                Optional.of(results.resolve("missing")));
        // the baseline folder is checked first: empty, it is named; the candidate folder's message is its own
        assertThatThrownBy(() -> AbGate.of(results, FakePlans.settings(results), jars, false, System.out))
                .isInstanceOf(HarnessException.class).hasMessageStartingWith("baseline jars: ");
        assertThatThrownBy(() -> BuildJars.inFolder(AbGate.THIS_BUILD, results.resolve("missing"),
                "this build's jars")).isInstanceOf(HarnessException.class)
                .hasMessage("this build's jars: " + results.resolve("missing") + " is not a folder (expected echo.jar"
                        + " and http-server.jar in it)");
    }

    /**
     * {@code side}'s measured iterations with every reading the gate judges set: throughput about 10,000 per second
     * and server CPU about 1000 ns per operation ({@code spread} either side), no other work on the CPUs, one
     * placement of the CPUs.
     */
    private static BenchmarkSummary setReadings(BenchmarkSummary side, double spread) {
        int count = side.runs().measured().size();
        double[] throughput = java.util.Arrays.stream(cpuNanos(count, spread)).map(nanos -> 10 * nanos).toArray();
        double[] quiet = new double[count];
        double[] near = java.util.Arrays.stream(new double[count]).map(zero -> 60).toArray();
        return SummaryFixtures.withThroughput(SummaryFixtures.withNeighbours(SummaryFixtures.withCrossCpu(
                SummaryFixtures.withServerCpu(side, cpuNanos(count, spread)), near), quiet), throughput);
    }

    /** {@code count} readings of about 1000 ns per operation, {@code spread} ns either side. */
    private static double[] cpuNanos(int count, double spread) {
        return java.util.stream.IntStream.range(0, count).mapToDouble(i -> 1000 + (i % 3 - 1) * spread).toArray();
    }
}
