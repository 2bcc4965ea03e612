package io.loomarena.harness.gate;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Runs;

/**
 * The p5 gate with nothing to compare (a summary without latency histograms) prints one NO VERDICT line for that
 * combination, judges the others, and fails only under {@code -Dloomarena.noVerdict=fail}; on fake readings.
 */
class P5GateNoVerdictTest {

    private static final String LINE = "[PERF][GATE] NO VERDICT VIRTUAL_SERVER+VIRTUAL_CLIENT: the summary has no latency"
            + " histogram, so there is no p5 latency to compare; measure the combination again (the harness records"
            + " one in every iteration) (p5 latency at most 500 us above the baseline; a failure only with"
            + " -Dloomarena.noVerdict=fail)";

    private final BenchmarkSummary platform = summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT",
            workload(20), 150, 160, 170);
    private final BenchmarkSummary virtual = summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT", workload(20),
            100, 100, 100);
    private final Baseline baseline = Baseline.of("echo", List.of(platform, virtual));
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(printed, true, UTF_8);

    @Test
    void aSummaryWithoutHistogramsHasNoVerdictAndTheOthersAreJudged() {
        List<GateVerdict> verdicts = new RegressionGate(List.of(platform, withoutHistograms(virtual)))
                .fastFloorWithin(baseline, 500);

        RegressionGate.judge(verdicts, NoVerdict.WARN, out);

        List<String> lines = printed.toString(UTF_8).lines().toList();
        assertThat(lines).hasSize(2).endsWith(LINE);
        assertThat(lines.get(0)).startsWith("[PERF][GATE] PASS PLATFORM_SERVER+PLATFORM_CLIENT: p5 latency");
        assertThat(verdicts).extracting(GateVerdict::judged).containsExactly(true, false);
        assertThat(verdicts.get(1).failed()).isFalse();
    }

    @Test
    void underFailTheLineIsPrintedThenTheGateFailsInOneLine() {
        List<GateVerdict> verdicts = new RegressionGate(List.of(withoutHistograms(virtual)))
                .fastFloorWithin(baseline, 500);

        assertThatThrownBy(() -> RegressionGate.judge(verdicts, NoVerdict.FAIL, out))
                .isInstanceOf(NoVerdict.Failure.class)
                .hasMessage("the gate (p5 latency at most 500 us above the baseline): VIRTUAL_SERVER+VIRTUAL_CLIENT has"
                        + " no verdict (the NO VERDICT line above says why), and -Dloomarena.noVerdict=fail makes"
                        + " that a failure");
        assertThat(printed.toString(UTF_8).lines()).containsExactly(LINE);
    }

    @Test
    void aBaselineWithoutTheP5FigureHasNoVerdictNamingTheRefresh() {
        Baseline.Figures figures = baseline.figures().get("VIRTUAL_SERVER+VIRTUAL_CLIENT");
        Baseline old = new Baseline("echo", baseline.workload(), "abc", "0.1", "2026-11-01T00:00:00Z",
                java.util.Map.of("VIRTUAL_SERVER+VIRTUAL_CLIENT", new Baseline.Figures(figures.medianElapsedNanos(),
                        figures.throughput(), -1, figures.p50Micros(), figures.p99Micros())));

        GateVerdict verdict = new RegressionGate(List.of(virtual)).fastFloorWithin(old, 500).get(0);

        assertThat(verdict.line()).isEqualTo("[PERF][GATE] NO VERDICT VIRTUAL_SERVER+VIRTUAL_CLIENT: the baseline has"
                + " no p5 latency of it, so there is nothing to compare with; refresh the baseline from clean"
                + " summaries (-Dloomarena.baseline.refresh=true) (p5 latency at most 500 us above the baseline; a"
                + " failure only with -Dloomarena.noVerdict=fail)");
    }

    private static BenchmarkSummary withoutHistograms(BenchmarkSummary summary) {
        List<MeasuredRun> runs = new ArrayList<>();
        for (MeasuredRun run : summary.runs().measured()) {
            runs.add(new MeasuredRun(run.run(), run.clientPid(), run.serverPid(), run.elapsedNanos(), run.operations(),
                    run.throughput(), run.errors(), run.latency(), null, run.fork(), run.iteration(), run.metrics(),
                    run.pinnedTopStack(), run.serverCounters()));
        }
        Runs shape = summary.runs();
        return new BenchmarkSummary(summary.suite(), summary.combination(), summary.serverModel(),
                summary.clientModel(), summary.serverLabel(), summary.clientLabel(), summary.unit(),
                summary.workload(), new Runs(shape.forks(), shape.warmupIterations(), shape.iterations(), runs),
                Aggregate.of(runs), summary.environment());
    }
}
