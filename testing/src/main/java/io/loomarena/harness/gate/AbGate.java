package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.PerRun;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.session.ForkRunner;
import io.loomarena.harness.session.MeasuredForks;
import io.loomarena.harness.session.Placement;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.RatioInterval;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * The A/B regression gate: a baseline build and this build, each built into its own jars, measured on this machine in
 * one run, forks alternating (one {@link ForkRunner} per build, the same fork loop as any session's), and judged on
 * the ratio this/baseline of each combination's figure with its interval ({@link RatioRule}). Built once per test run
 * ({@link #shared}) and closed at its end, which deletes both builds' jars.
 * <p>
 * Forks alternate in the order baseline, this, this, baseline, baseline, this, ... (ABBA): a machine that slowly gets
 * faster or slower during the run then hits both builds equally, where A, B, A, B would give the first build a small
 * head start every time.
 * <p>
 * Each measured iteration carries the placement of the server's and client's CPUs around it, and the verdict compares
 * iterations of one placement ({@link Placements}). When the forks put the two builds in different placements, or
 * when a figure's interval still straddles its limit (INCONCLUSIVE), the gate runs one more fork of each build, up to
 * {@value #MAX_EXTRA_FORKS} more, and judges what it has then: INCONCLUSIVE without a shared placement rather than
 * judge the host's doing.
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
    private static final String GATE_PREFIX = "[PERF][GATE] ";
    /**
     * Forks per build the gate adds, one pair at a time, while the two builds share no placement of the CPUs or a
     * figure is still INCONCLUSIVE and neither FAILs. Why: with two forks per build a 10% slowdown was INCONCLUSIVE in
     * 2 runs of 8 on a host that moved the CPUs often (docs/results/2026-11-27-gate-power.md); its interval narrows
     * with every fork, and a build whose verdict is known (a FAIL, or two PASSes) costs no extra fork. Four pairs at
     * most: about 2 more minutes per combination on a 2-CPU machine.
     */
    static final int MAX_EXTRA_FORKS = 4;
    /** The summary's key of the server's CPU time per operation over an iteration. */
    private static final String SERVER_CPU = HarnessMetrics.SERVER_CPU_PER_OPERATION.key();
    /** The two figures every gate scenario judges, read from a measured iteration (NaN when it lacks the figure). */
    private static final ToDoubleFunction<MeasuredRun> THROUGHPUT = MeasuredRun::throughput;
    private static final ToDoubleFunction<MeasuredRun> SERVER_CPU_PER_OPERATION =
            run -> run.metrics().getOrDefault(SERVER_CPU, Double.NaN);

    private final int maxExtraForks;
    private final String baselineName;
    private final BuildJars baselineJars;
    private final BuildJars candidateJars;
    private final List<AutoCloseable> builds;
    private final double tolerance;
    private final AbResults results;
    private final Map<String, List<AbResults.Row>> rows = new LinkedHashMap<>();
    /** The combinations whose placement line was printed: once per combination, not once per figure. */
    private final Set<String> placementsSaid = new java.util.HashSet<>();

    /** Both builds' summaries of one combination, measured side by side. */
    public record Compared(BenchmarkSummary baseline, BenchmarkSummary candidate) {
    }

    AbGate(String baselineName, BuildJars baselineJars, BuildJars candidateJars, List<AutoCloseable> builds,
           double tolerance, Path resultsDir) {
        this(baselineName, baselineJars, candidateJars, builds, tolerance, resultsDir, MAX_EXTRA_FORKS);
    }

    /** With at most {@code maxExtraForks} added forks per build instead of {@value #MAX_EXTRA_FORKS}: for tests. */
    AbGate(String baselineName, BuildJars baselineJars, BuildJars candidateJars, List<AutoCloseable> builds,
           double tolerance, Path resultsDir, int maxExtraForks) {
        this.maxExtraForks = maxExtraForks;
        this.baselineName = baselineName;
        this.baselineJars = baselineJars;
        this.candidateJars = candidateJars;
        this.builds = List.copyOf(builds);
        this.tolerance = tolerance;
        this.results = new AbResults(resultsDir);
    }

    /**
     * The gate of this test run, built on first use from {@code options} (read at the edge from
     * {@code -Dloomarena.gate.*}): exactly one of a baseline ref and a baseline jar folder.
     *
     * @param repo        the repository whose working tree is this build
     * @param remoteHosts whether the run's JVMs are set to run on other hosts: the gate refuses them
     * @throws HarnessException when no baseline is named, both are, hosts are set, or a build fails (the message
     *                          names which)
     */
    public static AbGate shared(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                                PrintStream out) {
        return SHARED.get(() -> of(repo, settings, options, remoteHosts, out));
    }

    /** Closes the shared gate, if one was built (deletes both builds' jars); safe to call when none was. */
    public static void closeShared() {
        SHARED.close();
    }

    static AbGate of(Path repo, HarnessSettings settings, AbGateOptions options, boolean remoteHosts,
                     PrintStream out) {
        if (remoteHosts) {
            throw new HarnessException("the A/B gate runs both builds on this machine only; unset"
                    + " -Dloomarena.serverHost and -Dloomarena.clientHosts for it");
        }
        if (options.baselineRef().isEmpty() == options.baselineJars().isEmpty()) {
            throw new HarnessException("the A/B gate needs exactly one baseline: -Dloomarena.gate.baseline"
                    + "=<git ref> (a branch, tag or commit of " + repo + ") or -Dloomarena.gate.baselineJars"
                    + "=<folder with echo.jar and http-server.jar>" + (options.baselineRef().isEmpty()
                    ? "; neither was given" : "; both were given"));
        }
        List<AutoCloseable> builds = new ArrayList<>();
        try {
            BuildJars baseline;
            String name;
            if (options.baselineRef().isPresent()) {
                name = options.baselineRef().get();
                BaselineBuild build = BaselineBuild.ofRef(repo, name, line -> out.println(GATE_PREFIX + line));
                builds.add(build);
                baseline = build.jars();
            } else {
                name = options.baselineJars().get().toString();
                baseline = BuildJars.inFolder(name, options.baselineJars().get());
            }
            BuildJars candidateJars;
            if (options.candidateJars().isPresent()) {
                candidateJars = BuildJars.inFolder(THIS_BUILD, options.candidateJars().get(), "this build's jars");
                out.println(GATE_PREFIX + THIS_BUILD + ": the jars in " + options.candidateJars().get()
                        + " (-Dloomarena.gate.candidateJars), not built from the working tree");
            } else {
                BaselineBuild candidate = BaselineBuild.ofWorkingTree(repo, line -> out.println(GATE_PREFIX + line));
                builds.add(candidate);
                candidateJars = candidate.jars();
            }
            return new AbGate(name, baseline, candidateJars, builds, options.tolerance(), settings.resultsDir());
        } catch (RuntimeException e) {
            builds.forEach(AbGate::closeQuietly);
            throw e;
        }
    }

    public String baselineName() {
        return baselineName;
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
        out.println(String.format(Locale.ROOT, "[PERF][GATE] %s: %d forks per build, alternating %s and %s",
                plan.combination(), settings.forks(), "baseline " + baselineName, THIS_BUILD));
        JvmFork local = JvmFork.local(settings);
        // Both builds' iterations carry the placement of the two CPUs around them, read with the harness's own jars:
        // the verdict compares like with like (Placements).
        HarnessSettings probed = settings.withCrossCpuProbe(true);
        Placement baselinePlace = Placement.local(local.withClassPath(baselineJars.classPath()));
        Placement candidatePlace = Placement.local(local.withClassPath(candidateJars.classPath()));
        MeasuredForks baselineForks = new MeasuredForks(plan, settings, baselinePlace);
        MeasuredForks candidateForks = new MeasuredForks(plan, settings, candidatePlace);
        try (ForkRunner a = new ForkRunner(plan, probed, baselinePlace, out, "baseline " + baselineName);
             ForkRunner b = new ForkRunner(plan, probed, candidatePlace, out, THIS_BUILD)) {
            for (int fork = 1; fork <= settings.forks(); fork++) {
                runPair(fork, a, baselineForks, b, candidateForks);
            }
            // The host may have put the two builds' forks in different placements of the CPUs, or the forks so far
            // may not decide a figure: then one more fork of each, until neither holds or the extra forks run out.
            for (int extra = 1; extra <= maxExtraForks; extra++) {
                Optional<String> why = undecided(new Compared(baselineForks.summary(), candidateForks.summary()));
                if (why.isEmpty()) {
                    break;
                }
                out.println(GATE_PREFIX + plan.combination() + ": " + why.get() + "; one more fork of each build ("
                        + extra + " of at most " + maxExtraForks + ")");
                runPair(settings.forks() + extra, a, baselineForks, b, candidateForks);
            }
        }
        Compared compared = new Compared(baselineForks.summary(), candidateForks.summary());
        results.baselineSummaries().write(compared.baseline());
        results.candidateSummaries().write(compared.candidate());
        return compared;
    }

    /**
     * Fork {@code fork} of both builds, each stopping its servers before the other's start (no idle JVM of one build
     * runs next to the other's measurement), in the order baseline, this, this, baseline, ... (ABBA).
     */
    private static void runPair(int fork, ForkRunner a, MeasuredForks baselineForks, ForkRunner b,
                                MeasuredForks candidateForks) {
        if (fork % 4 == 1 || fork % 4 == 0) {
            baselineForks.add(a.run(fork));
            candidateForks.add(b.run(fork));
        } else {
            candidateForks.add(b.run(fork));
            baselineForks.add(a.run(fork));
        }
    }

    /**
     * Both builds ran every measured iteration's fixed work ({@code expectedOperations}) without error: a lost or
     * corrupted message fails whatever the ratio.
     */
    public List<GateVerdict> nothingLostOrCorrupted(Compared compared, long expectedOperations) {
        List<GateVerdict> verdicts = new ArrayList<>();
        for (BenchmarkSummary side : List.of(compared.baseline(), compared.candidate())) {
            String build = side == compared.baseline() ? "baseline " + baselineName : THIS_BUILD;
            GateVerdict verdict = new RegressionGate(List.of(side)).nothingLostOrCorrupted(expectedOperations).get(0);
            verdicts.add(new GateVerdict(verdict.pass(), verdict.combination() + " (" + build + ")", verdict.figure(),
                    verdict.limit(), verdict.rule()));
        }
        return verdicts;
    }

    /**
     * Judges throughput (operations per second of each measured iteration), prints the {@code [PERF][GATE]} line,
     * records the row for the report and fails on FAIL.
     *
     * @throws GateFailure when the whole interval is more than the tolerance below the baseline
     */
    public AbVerdict judgeThroughput(Compared compared, PrintStream out) {
        return judge(compared, RatioRule.throughput(compared.candidate().unit(), tolerance), THROUGHPUT, out);
    }

    /**
     * Judges the server's CPU time per operation over each measured iteration ({@link
     * RatioRule#serverCpuPerOperation}), prints the {@code [PERF][GATE]} line, records the row and fails on FAIL.
     *
     * @throws GateFailure when the whole interval is more than the tolerance above the baseline, or when an iteration
     *                     of either build has no CPU figure (the server's stats could not be read: judged on nothing,
     *                     the gate would pass blind)
     */
    public AbVerdict judgeServerCpu(Compared compared, PrintStream out) {
        for (BenchmarkSummary side : List.of(compared.baseline(), compared.candidate())) {
            for (MeasuredRun run : side.runs().measured()) {
                String where = "fork " + run.fork() + " iteration " + run.iteration() + " of " + side.combination()
                        + " on " + (side == compared.baseline() ? "baseline " + baselineName : THIS_BUILD);
                Double cpu = run.metrics().get(SERVER_CPU);
                if (cpu == null) {
                    throw new GateFailure("the A/B gate cannot judge the server's CPU time: " + where + " has no "
                            + SERVER_CPU + " (the server's stats were not read)");
                }
                if (!(cpu > 0)) {
                    // A ratio of nothing: the process's CPU clock ticks coarser than this iteration's work.
                    throw new GateFailure("the A/B gate cannot judge the server's CPU time: " + where
                            + " used less CPU time than the clock resolves (0 ns per operation): lengthen the workload"
                            + " (more messages or requests per iteration)");
                }
            }
        }
        return judge(compared, RatioRule.serverCpuPerOperation(compared.candidate().unit(), tolerance),
                SERVER_CPU_PER_OPERATION, out);
    }

    /**
     * Why {@code compared} cannot be judged yet, or empty when the build's verdict is known: either figure FAILs, or
     * both PASS. Not yet: the builds share no placement of the CPUs, or a figure's interval straddles its limit
     * (INCONCLUSIVE) and the other's does not FAIL. A figure that some iteration lacks (the server's stats were not
     * read) is left to its judging step, which fails on it.
     */
    Optional<String> undecided(Compared compared) {
        Placements placements = Placements.of(compared.baseline(), compared.candidate());
        if (!placements.matched()) {
            return Optional.of(placements.line());
        }
        List<String> open = new ArrayList<>();
        String unit = compared.candidate().unit();
        for (Map.Entry<RatioRule, ToDoubleFunction<MeasuredRun>> judged : List.of(
                Map.entry(RatioRule.throughput(unit, tolerance), THROUGHPUT),
                Map.entry(RatioRule.serverCpuPerOperation(unit, tolerance), SERVER_CPU_PER_OPERATION))) {
            RatioRule rule = judged.getKey();
            ToDoubleFunction<MeasuredRun> figure = judged.getValue();
            boolean readable = Stream.of(compared.baseline(), compared.candidate())
                    .flatMap(side -> side.runs().measured().stream()).filter(placements.kept())
                    .allMatch(run -> figure.applyAsDouble(run) > 0);
            AbVerdict verdict = readable ? verdict(compared, placements, rule, figure) : null;
            if (verdict != null && verdict.outcome() == AbVerdict.Outcome.FAIL) {
                // A FAIL of either figure fails the build: decided, whatever the other figure says.
                return Optional.empty();
            }
            if (verdict != null && verdict.outcome() == AbVerdict.Outcome.INCONCLUSIVE) {
                open.add(String.format(Locale.ROOT, "%s %s straddles its limit %.3f", rule.figure(),
                        verdict.interval().describe(), rule.limit()));
            }
        }
        return open.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", open));
    }

    /** {@code rule}'s verdict on the iterations {@code placements} keeps; INCONCLUSIVE without a shared placement. */
    private AbVerdict verdict(Compared compared, Placements placements, RatioRule rule,
                              ToDoubleFunction<MeasuredRun> figure) {
        AbVerdict judged = rule.judge(compared.candidate().combination(), baselineName,
                byFork(compared.baseline(), figure, placements.kept()),
                byFork(compared.candidate(), figure, placements.kept()));
        // Builds measured in different placements differ by the placement's 20%, not by their code: no verdict.
        return placements.matched() ? judged : new AbVerdict(AbVerdict.Outcome.INCONCLUSIVE, judged.combination(),
                rule, baselineName, judged.interval(), judged.baselineMean(), judged.candidateMean());
    }

    private AbVerdict judge(Compared compared, RatioRule rule, ToDoubleFunction<MeasuredRun> figure,
                            PrintStream out) {
        Placements placements = Placements.of(compared.baseline(), compared.candidate());
        if (placementsSaid.add(compared.candidate().combination())) {
            out.println(GATE_PREFIX + compared.candidate().combination() + ": " + placements.line()
                    + (placements.matched() ? "" : ": no like-with-like comparison, so INCONCLUSIVE whatever the"
                    + " ratio"));
        }
        AbVerdict verdict = verdict(compared, placements, rule, figure);
        record(compared, verdict, figure);
        out.println(verdict.line());
        out.flush();
        if (!verdict.outcome().acceptable()) {
            throw new GateFailure("the A/B gate failed: " + verdict.combination() + " (" + rule.describe() + " "
                    + baselineName + "; the [PERF][GATE] FAIL line above says by how much)");
        }
        return verdict;
    }

    private void record(Compared compared, AbVerdict verdict, ToDoubleFunction<MeasuredRun> figure) {
        String suite = compared.candidate().suite();
        List<AbResults.Row> suiteRows = rows.computeIfAbsent(suite, s -> new ArrayList<>());
        suiteRows.removeIf(row -> row.combination().equals(verdict.combination())
                && row.rule().equals(verdict.rule().figure()));
        // Beside each side's mean: for throughput the ranking's interval of it; for another figure the lowest and
        // highest measured iteration (the report's note says which).
        double[] base = spread(compared.baseline(), verdict, figure);
        double[] now = spread(compared.candidate(), verdict, figure);
        RatioInterval ratio = verdict.interval();
        suiteRows.add(new AbResults.Row(verdict.combination(), verdict.rule().figure(), verdict.outcome().name(),
                ratio.ratio(), ratio.lower(), ratio.upper(), verdict.rule().unit(), verdict.baselineMean(),
                base[0], bounded(base[1]), verdict.candidateMean(), now[0], bounded(now[1])));
        results.write(new AbResults.SuiteVerdicts(suite, baselineName, THIS_BUILD, suiteRows));
    }

    private static double[] spread(BenchmarkSummary side, AbVerdict verdict, ToDoubleFunction<MeasuredRun> figure) {
        if (verdict.rule().figure().equals("throughput")) {
            ThroughputInterval interval = ThroughputInterval.of(side.aggregate());
            return new double[] {interval.low(), interval.high()};
        }
        double[] values = side.runs().measured().stream().mapToDouble(figure).toArray();
        return new double[] {java.util.Arrays.stream(values).min().orElse(Double.NaN),
            java.util.Arrays.stream(values).max().orElse(Double.NaN)};
    }

    /** {@code null} for an interval without an upper bound (JSON has no infinity). */
    private static Double bounded(double high) {
        return Double.isInfinite(high) ? null : high;
    }

    /** The figure of each measured iteration, one list per fork, forks in order. */
    static List<List<Double>> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> figure) {
        return byFork(summary, figure, run -> true);
    }

    /** The figure of each {@code kept} measured iteration, one list per fork that has one, forks in order. */
    static List<List<Double>> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> figure,
                                     Predicate<MeasuredRun> kept) {
        Map<Integer, List<Double>> forks = new java.util.TreeMap<>();
        for (MeasuredRun run : summary.runs().measured()) {
            if (kept.test(run)) {
                forks.computeIfAbsent(run.fork(), f -> new ArrayList<>()).add(figure.applyAsDouble(run));
            }
        }
        return List.copyOf(forks.values());
    }

    @Override
    public void close() {
        builds.forEach(AbGate::closeQuietly);
    }

    private static void closeQuietly(AutoCloseable build) {
        try {
            build.close();
        } catch (Exception e) {
            // a leftover temporary folder must not hide the run's outcome: say so and go on
            System.err.println("[PERF][GATE] could not remove a build's temporary files: " + e.getMessage());
        }
    }
}
