package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * The A/B gate's judging of one combination's figures on the iterations both builds share a placement in
 * ({@link Placements}), by their {@link RatioRule}: one {@code [PERF][GATE]} line per figure, PASS, FAIL or
 * INCONCLUSIVE, or NO VERDICT when nothing is left to compare (every iteration of a build set aside, or a build
 * without its planned forks because one failed), which fails the build only under {@link NoVerdict#FAIL}. Used by one
 * thread.
 */
final class AbJudge {

    private final String baselineName;
    private final double tolerance;
    private final NoVerdict noVerdict;
    private final AbReportRows rows;
    /** The combinations whose placement line was printed: once per combination, not once per figure. */
    private final Set<String> placementsSaid = new HashSet<>();

    AbJudge(String baselineName, double tolerance, NoVerdict noVerdict, AbReportRows rows) {
        this.baselineName = baselineName;
        this.tolerance = tolerance;
        this.noVerdict = noVerdict;
        this.rows = rows;
    }

    /**
     * Why {@code compared} cannot be judged yet, or empty when the build's verdict is known: either figure FAILs, or
     * both PASS. Not yet: the builds share no placement of the CPUs, or a figure's interval straddles its limit
     * (INCONCLUSIVE) and the other's does not FAIL. A figure that some iteration lacks (the server's stats were not
     * read) is left to its judging step, which fails on it; so is a build without a summary (a fork failed).
     */
    Optional<String> undecided(AbGate.Compared compared) {
        if (compared.baseline() == null || compared.candidate() == null) {
            return Optional.empty();
        }
        Placements placements = Placements.of(compared.baseline(), compared.candidate());
        if (!placements.matched()) {
            return Optional.of(placements.line());
        }
        List<String> open = new ArrayList<>();
        String unit = compared.candidate().unit();
        for (Map.Entry<RatioRule, ToDoubleFunction<MeasuredRun>> judged : List.of(
                Map.entry(RatioRule.throughput(unit, tolerance), GateFigures.THROUGHPUT),
                Map.entry(RatioRule.serverCpuPerOperation(unit, tolerance), GateFigures.SERVER_CPU_PER_OPERATION))) {
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

    /**
     * {@code rule}'s verdict on the iterations {@code placements} keeps; INCONCLUSIVE without a shared placement, NO
     * VERDICT when a build has no iteration left.
     */
    AbVerdict verdict(AbGate.Compared compared, Placements placements, RatioRule rule,
                      ToDoubleFunction<MeasuredRun> figure) {
        String combination = compared.candidate().combination();
        List<List<Double>> base = GateFigures.byFork(compared.baseline(), figure, placements.kept());
        List<List<Double>> now = GateFigures.byFork(compared.candidate(), figure, placements.kept());
        if (base.isEmpty() || now.isEmpty()) {
            return none(combination, rule, String.format(Locale.ROOT, "every measured iteration of %s was set aside"
                    + " (other work took %.0f%% or more of the server's or the client's CPU during them), so nothing"
                    + " is left to compare; run the gate on a quieter runner (nothing else on the two CPUs it pins),"
                    + " or with more forks per build (-Dloomarena.forks, %d now)", base.isEmpty() && now.isEmpty()
                    ? "both builds" : base.isEmpty() ? "the baseline" : AbGate.THIS_BUILD,
                    HarnessMetrics.DISTURBED * 100, compared.candidate().runs().plannedForks()));
        }
        AbVerdict judged = rule.judge(combination, baselineName, base, now);
        // Builds measured in different placements differ by the placement's 20%, not by their code: no verdict.
        return placements.matched() ? judged : new AbVerdict(AbVerdict.Outcome.INCONCLUSIVE, judged.combination(),
                rule, baselineName, judged.interval(), judged.baselineMean(), judged.candidateMean());
    }

    /**
     * Judges {@code rule} on {@code compared}, prints the placement line (once per combination) and the verdict's
     * line, records the row, and fails on FAIL (and on NO VERDICT under {@link NoVerdict#FAIL}).
     *
     * @throws GateFailure        on FAIL
     * @throws NoVerdict.Failure  on NO VERDICT under {@link NoVerdict#FAIL}
     */
    AbVerdict judge(AbGate.Compared compared, RatioRule rule, ToDoubleFunction<MeasuredRun> figure,
                    PrintStream out) {
        AbVerdict verdict;
        String suite;
        if (compared.baseline() == null || compared.candidate() == null) {
            suite = null;
            verdict = none(compared.combination(), rule, String.join("; ", compared.failed()) + "; before "
                    + (compared.baseline() == null && compared.candidate() == null ? "either build"
                    : compared.baseline() == null ? "the baseline" : AbGate.THIS_BUILD)
                    + " had its planned forks, so nothing is left to compare; fix what the failure names, or run the"
                    + " gate again on a quieter runner");
        } else {
            suite = compared.candidate().suite();
            Placements placements = Placements.of(compared.baseline(), compared.candidate());
            boolean nothingKept = Stream.of(compared.baseline(), compared.candidate())
                    .anyMatch(side -> side.runs().measured().stream().noneMatch(placements.kept()));
            if (placementsSaid.add(compared.candidate().combination())) {
                out.println(AbGate.GATE_PREFIX + compared.candidate().combination() + ": " + placements.line()
                        + (placements.matched() ? "" : nothingKept ? ": nothing left to compare, so no verdict"
                        : ": no like-with-like comparison, so INCONCLUSIVE whatever the ratio"));
            }
            verdict = verdict(compared, placements, rule, figure);
        }
        if (suite != null) {
            rows.record(suite, compared, verdict, figure);
        }
        out.println(verdict.line());
        out.flush();
        if (!verdict.outcome().acceptable()) {
            throw new GateFailure("the A/B gate failed: " + verdict.combination() + " (" + rule.describe() + " "
                    + baselineName + "; the [PERF][GATE] FAIL line above says by how much)");
        }
        if (verdict.outcome() == AbVerdict.Outcome.NO_VERDICT) {
            noVerdict.settle(1, "the A/B gate: " + verdict.combination() + " (" + rule.figure() + ")");
        }
        return verdict;
    }

    /**
     * Refuses an iteration of either build without a CPU figure, or with none the clock could resolve, before the
     * server's CPU time per operation is judged.
     *
     * @throws GateFailure naming the iteration
     */
    void requireServerCpu(AbGate.Compared compared) {
        for (BenchmarkSummary side : Stream.of(compared.baseline(), compared.candidate())
                .filter(java.util.Objects::nonNull).toList()) {
            for (MeasuredRun run : side.runs().measured()) {
                String where = "fork " + run.fork() + " iteration " + run.iteration() + " of " + side.combination()
                        + " on " + (side == compared.baseline() ? "baseline " + baselineName : AbGate.THIS_BUILD);
                Double cpu = run.metrics().get(GateFigures.SERVER_CPU);
                if (cpu == null) {
                    throw new GateFailure("the A/B gate cannot judge the server's CPU time: " + where + " has no "
                            + GateFigures.SERVER_CPU + " (the server's stats were not read)");
                }
                if (!(cpu > 0)) {
                    // A ratio of nothing: the process's CPU clock ticks coarser than this iteration's work.
                    throw new GateFailure("the A/B gate cannot judge the server's CPU time: " + where
                            + " used less CPU time than the clock resolves (0 ns per operation): lengthen the workload"
                            + " (more messages or requests per iteration)");
                }
            }
        }
    }

    /**
     * Both builds ran every measured iteration's fixed work ({@code expectedOperations}) without error: a lost or
     * corrupted message fails whatever the ratio, and so does a fork that failed (its work was not done).
     */
    List<GateVerdict> nothingLostOrCorrupted(AbGate.Compared compared, long expectedOperations) {
        List<GateVerdict> verdicts = new ArrayList<>();
        for (String build : List.of("baseline " + baselineName, AbGate.THIS_BUILD)) {
            BenchmarkSummary side = build.equals(AbGate.THIS_BUILD) ? compared.candidate() : compared.baseline();
            String label = compared.combination() + " (" + build + ")";
            Optional<String> failed = compared.failed().stream().filter(f -> f.contains(" of " + build + " failed"))
                    .findFirst();
            String rule = "no message lost or corrupted";
            String limit = "0 errors and " + expectedOperations + " operations in every run";
            if (failed.isPresent()) {
                verdicts.add(new GateVerdict(false, label, failed.get(), limit, rule));
            } else if (side == null) {
                verdicts.add(new GateVerdict(false, label, "not measured: " + String.join("; ", compared.failed()),
                        limit, rule));
            } else {
                GateVerdict verdict = new RegressionGate(List.of(side)).nothingLostOrCorrupted(expectedOperations)
                        .get(0);
                verdicts.add(new GateVerdict(verdict.pass(), label, verdict.figure(), verdict.limit(),
                        verdict.rule()));
            }
        }
        return verdicts;
    }

    private AbVerdict none(String combination, RatioRule rule, String why) {
        return AbVerdict.none(combination, rule, baselineName, why + " (" + rule.describe() + " " + baselineName
                + "; " + NoVerdict.NOTE + ")");
    }
}
