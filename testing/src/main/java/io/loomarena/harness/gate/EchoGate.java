package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;
import io.loomarena.harness.summary.Workloads;

/**
 * The echo regression gate's inputs, checked before any rule runs: every echo combination has a summary, all of one
 * workload (the one the gate is written for), and the committed baseline exists (rewritten first from clean
 * summaries when asked). Immutable.
 *
 * @param rules              the rules, over every echo summary
 * @param expectedOperations messages every measured run must have echoed
 */
public record EchoGate(RegressionGate rules, long expectedOperations) {

    /**
     * The system property that makes the gate rewrite the committed baseline from the current summaries: named here,
     * read at the edge with every other ({@code RunProperty.BASELINE_REFRESH}).
     */
    public static final String REFRESH_PROPERTY = "loomarena.baseline.refresh";

    /**
     * The gate of the echo summaries in {@code store}, for summaries of {@code workload}.
     *
     * @throws NothingToDo      when there are no echo summaries, or they measured another workload (one
     *                          {@code [PERF][GATE] SKIP} line says which)
     * @throws RankingException when a combination is missing or the summaries differ among themselves
     */
    public static EchoGate of(SummaryStore store, EchoBenchmarks.Workload workload) {
        List<BenchmarkSummary> summaries = SuiteRanking.complete(store, EchoSuite.ECHO);
        Map<String, Object> wanted = workload.parameters();
        List<String> other = summaries.stream()
                .filter(s -> !Workloads.same(s.workload(), wanted))
                .map(s -> s.combination() + " " + new TreeMap<>(s.workload())).sorted().toList();
        if (!other.isEmpty()) {
            throw new NothingToDo("[PERF][GATE] SKIP this gate is for " + new TreeMap<>(wanted)
                    + "; the summaries measured another workload: " + other);
        }
        return new EchoGate(new RegressionGate(summaries), workload.expectedMessages());
    }

    /**
     * The committed baseline of {@code resultsDir}; with {@code refresh}, first rewritten from these summaries (only
     * when no run lost or corrupted a message) and said so on {@code out}.
     *
     * @throws GateFailure when the baseline is missing, or a refresh would take figures from runs with errors
     */
    public Baseline baseline(Path resultsDir, boolean refresh, PrintStream out) {
        Path file = Baseline.file(resultsDir, EchoBenchmarks.SUITE);
        if (refresh) {
            List<GateVerdict> failed = rules.nothingLostOrCorrupted(expectedOperations).stream()
                    .filter(verdict -> !verdict.pass()).toList();
            if (!failed.isEmpty()) {
                throw new GateFailure("the baseline is only refreshed from clean runs; "
                        + RegressionGate.failureSummary(failed));
            }
            Baseline.of(EchoBenchmarks.SUITE, List.copyOf(rules.summaries().values())).write(file);
            out.println("[PERF][GATE] baseline refreshed: " + file);
        }
        if (!Files.isRegularFile(file)) {
            throw new GateFailure("no committed baseline at " + file + " (refresh it with -D" + REFRESH_PROPERTY
                    + "=true, see docs/echo-benchmarks.md)");
        }
        return Baseline.read(file);
    }
}
