package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.PerRun;
import io.loomarena.harness.session.ForkRunner;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;

/**
 * The A/B regression gate: a baseline build and this build, each built into its own jars ({@link AbBuilds}), measured
 * on this machine in one run, forks alternating ({@link AbForks}: one {@link ForkRunner} per build, the same fork loop
 * as any session's), and judged on the ratio this/baseline of each combination's figure with its interval
 * ({@link AbJudge}, {@link RatioRule}). Built once per test run ({@link #shared}) and closed at its end, which deletes
 * both builds' jars.
 * <p>
 * Each measured iteration carries the placement of the server's and client's CPUs around it, and the verdict compares
 * iterations of one placement ({@link Placements}). When the forks put the two builds in different placements, or
 * when a figure's interval still straddles its limit (INCONCLUSIVE), the gate runs one more fork of each build, up to
 * {@value #MAX_EXTRA_FORKS} more, and judges what it has then: INCONCLUSIVE without a shared placement rather than
 * judge the host's doing, NO VERDICT when nothing is left to compare ({@link NoVerdict}).
 * <p>
 * Both builds come from a fresh source tree built the same way ({@link BaselineBuild}): the baseline from the git ref
 * (or from jars a user already has), this build from a copy of the working tree, uncommitted changes included. Not
 * thread-safe: scenarios run one after another.
 */
public final class AbGate implements AutoCloseable {

    /** How the progress lines and verdicts name this build. */
    public static final String THIS_BUILD = "this build";

    private static final PerRun<AbGate> SHARED = new PerRun<>();
    /** What the gate's own lines start with, the builds' progress included. */
    static final String GATE_PREFIX = "[PERF][GATE] ";
    /**
     * Forks per build the gate adds, one pair at a time, while the two builds share no placement of the CPUs or a
     * figure is still INCONCLUSIVE and neither FAILs. Why: with two forks per build a 10% slowdown was INCONCLUSIVE in
     * 2 runs of 8 on a host that moved the CPUs often (docs/results/2026-11-27-gate-power.md); its interval narrows
     * with every fork, and a build whose verdict is known (a FAIL, or two PASSes) costs no extra fork. Four pairs at
     * most: about 2 more minutes per combination on a 2-CPU machine.
     */
    static final int MAX_EXTRA_FORKS = 4;

    private final AbBuilds builds;
    private final double tolerance;
    private final AbResults results;
    private final AbJudge judge;
    private final AbForks forks;

    /**
     * Both builds' summaries of one combination, measured side by side. A build whose planned forks did not all run
     * (a fork failed: its server died, a client failed) has no summary ({@code null}), and {@code failed} says why.
     *
     * @param baseline    the baseline's summary; {@code null} when a fork failed before its planned forks ran
     * @param candidate   this build's, the same way
     * @param failed      the fork that failed and why, one entry; empty when none did
     * @param combination the combination measured
     */
    public record Compared(BenchmarkSummary baseline, BenchmarkSummary candidate, List<String> failed,
                           String combination) {

        public Compared {
            failed = List.copyOf(failed);
        }

        /** Both builds measured, no fork failed. */
        public Compared(BenchmarkSummary baseline, BenchmarkSummary candidate) {
            this(baseline, candidate, List.of(), candidate.combination());
        }
    }

    AbGate(String baselineName, BuildJars baselineJars, BuildJars candidateJars, List<AutoCloseable> builds,
           double tolerance, Path resultsDir) {
        this(baselineName, baselineJars, candidateJars, builds, tolerance, resultsDir, MAX_EXTRA_FORKS);
    }

    /** With at most {@code maxExtraForks} added forks per build instead of {@value #MAX_EXTRA_FORKS}: for tests. */
    AbGate(String baselineName, BuildJars baselineJars, BuildJars candidateJars, List<AutoCloseable> builds,
           double tolerance, Path resultsDir, int maxExtraForks) {
        this(new AbBuilds(baselineName, baselineJars, candidateJars, builds), tolerance, resultsDir, maxExtraForks,
                NoVerdict.DEFAULT);
    }

    AbGate(AbBuilds builds, double tolerance, Path resultsDir, int maxExtraForks, NoVerdict noVerdict) {
        this.builds = builds;
        this.tolerance = tolerance;
        this.results = new AbResults(resultsDir);
        this.judge = new AbJudge(builds.baselineName(), tolerance, noVerdict,
                new AbReportRows(results, builds.baselineName()));
        this.forks = new AbForks(builds, maxExtraForks, judge::undecided);
    }

    /**
     * The gate of this test run, built on first use from {@code options} (read at the edge from
     * {@code -Dloomarena.gate.*}): exactly one of a baseline ref and a baseline jar folder.
     *
     * @param repo        the repository whose working tree is this build
     * @param remoteHosts whether the run's JVMs are set to run on other hosts: the gate refuses them
     * @param noVerdict   whether a figure left without a verdict fails the build ({@code -Dloomarena.noVerdict})
     * @throws HarnessException when no baseline is named, both are, hosts are set, or a build fails (the message
     *                          names which)
     */
    public static AbGate shared(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                                NoVerdict noVerdict, PrintStream out) {
        return SHARED.get(() -> of(repo, settings, options, remoteHosts, noVerdict, out));
    }

    /** The shared gate under the default {@link NoVerdict#DEFAULT}. */
    public static AbGate shared(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                                PrintStream out) {
        return shared(repo, settings, options, remoteHosts, NoVerdict.DEFAULT, out);
    }

    /** Closes the shared gate, if one was built (deletes both builds' jars); safe to call when none was. */
    public static void closeShared() {
        SHARED.close();
    }

    static AbGate of(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                     PrintStream out) {
        return of(repo, settings, options, remoteHosts, NoVerdict.DEFAULT, out);
    }

    static AbGate of(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                     NoVerdict noVerdict, PrintStream out) {
        return new AbGate(AbBuilds.of(repo, options, remoteHosts, out), options.tolerance(), settings.resultsDir(),
                MAX_EXTRA_FORKS, noVerdict);
    }

    public String baselineName() {
        return builds.baselineName();
    }

    public double tolerance() {
        return tolerance;
    }

    /**
     * Measures {@code plan} on both builds with the same settings and pinning, forks alternating (ABBA), and saves
     * each build's summary under {@code target-results/ab-gate/}.
     */
    public Compared measure(BenchmarkPlan plan, HarnessSettings settings, PrintStream out) {
        results.baselineSummaries().delete(plan.suite(), plan.combination());
        results.candidateSummaries().delete(plan.suite(), plan.combination());
        Compared compared = forks.measure(plan, settings, out);
        if (compared.baseline() != null) {
            results.baselineSummaries().write(compared.baseline());
        }
        if (compared.candidate() != null) {
            results.candidateSummaries().write(compared.candidate());
        }
        return compared;
    }

    /**
     * Both builds ran every measured iteration's fixed work ({@code expectedOperations}) without error: a lost or
     * corrupted message fails whatever the ratio, and so does a fork that failed (its work was not done).
     */
    public List<GateVerdict> nothingLostOrCorrupted(Compared compared, long expectedOperations) {
        return judge.nothingLostOrCorrupted(compared, expectedOperations);
    }

    /**
     * Judges throughput (operations per second of each measured iteration), prints the {@code [PERF][GATE]} line,
     * records the row for the report and fails on FAIL.
     *
     * @throws GateFailure       when the whole interval is more than the tolerance below the baseline
     * @throws NoVerdict.Failure when nothing was left to compare and {@code -Dloomarena.noVerdict=fail}
     */
    public AbVerdict judgeThroughput(Compared compared, PrintStream out) {
        return judge.judge(compared, RatioRule.throughput(unit(compared), tolerance), GateFigures.THROUGHPUT, out);
    }

    /**
     * Judges the server's CPU time per operation over each measured iteration ({@link
     * RatioRule#serverCpuPerOperation}), prints the {@code [PERF][GATE]} line, records the row and fails on FAIL.
     *
     * @throws GateFailure       when the whole interval is more than the tolerance above the baseline, or when an
     *                           iteration of either build has no CPU figure (the server's stats could not be read:
     *                           judged on nothing, the gate would pass blind)
     * @throws NoVerdict.Failure when nothing was left to compare and {@code -Dloomarena.noVerdict=fail}
     */
    public AbVerdict judgeServerCpu(Compared compared, PrintStream out) {
        judge.requireServerCpu(compared);
        return judge.judge(compared, RatioRule.serverCpuPerOperation(unit(compared), tolerance),
                GateFigures.SERVER_CPU_PER_OPERATION, out);
    }

    /** Why {@code compared} cannot be judged yet, or empty when the build's verdict is known ({@link AbJudge}). */
    Optional<String> undecided(Compared compared) {
        return judge.undecided(compared);
    }

    /** The figure of each measured iteration, one list per fork, forks in order. */
    static List<List<Double>> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> figure) {
        return GateFigures.byFork(summary, figure, run -> true);
    }

    /** The figure of each {@code kept} measured iteration, one list per fork that has one, forks in order. */
    static List<List<Double>> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> figure,
                                     Predicate<MeasuredRun> kept) {
        return GateFigures.byFork(summary, figure, kept);
    }

    @Override
    public void close() {
        builds.close();
    }

    /** The unit the figures are counted in; {@code op} when neither build has a summary (the line names no unit). */
    private static String unit(Compared compared) {
        BenchmarkSummary side = compared.candidate() != null ? compared.candidate() : compared.baseline();
        return side == null ? "op" : side.unit();
    }
}
