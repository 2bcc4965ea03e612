package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.opentest4j.TestAbortedException;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.gate.Baseline;
import io.loomarena.harness.gate.GateVerdict;
import io.loomarena.harness.gate.RegressionGate;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * Thin steps of the echo regression gate: they load the persisted summaries (and the committed baseline), apply one
 * {@link RegressionGate} rule, print a {@code [PERF][GATE]} line per combination and fail on any FAIL.
 * {@code -Dloomarena.baseline.refresh=true} rewrites the baseline from the summaries first (see docs/echo-benchmarks.md, "Regression gate").
 */
public final class GateSteps {

    /** The system property that makes the gate rewrite the committed baseline from the current summaries. */
    static final String REFRESH = "loomarena.baseline.refresh";

    private final BenchmarkContext context;
    private RegressionGate gate;
    private Baseline baseline;
    private long expectedOperations;

    public GateSteps(BenchmarkContext context) {
        this.context = context;
    }

    @Given("the echo benchmark summaries of {int} clients x {int} messages x {int} bytes")
    public void theEchoSummariesOf(int clients, int messages, int size) {
        NothingToRank.skipUnlessMeasured(context.store, EchoBenchmarks.SUITE);
        List<BenchmarkSummary> summaries = context.store.readSuite(EchoBenchmarks.SUITE);
        TreeSet<String> missing = new TreeSet<>(EchoBenchmarks.combinations());
        summaries.forEach(s -> missing.remove(s.combination()));
        assertThat(missing).as("echo combinations without a summary in %s",
                context.store.suiteDir(EchoBenchmarks.SUITE)).isEmpty();
        Map<String, Object> wanted = EchoBenchmarks.Workload.of(clients, messages, size).parameters();
        List<String> other = summaries.stream()
                .filter(s -> !new TreeMap<>(s.workload()).toString().equals(new TreeMap<>(wanted).toString()))
                .map(s -> s.combination() + " " + s.workload()).toList();
        if (!other.isEmpty()) {
            String why = "[PERF][GATE] SKIP this gate is for " + wanted + "; the summaries measured another workload: "
                    + other;
            System.out.println(why);
            throw new TestAbortedException(why);
        }
        gate = new RegressionGate(summaries);
        expectedOperations = (long) clients * messages;
    }

    @Given("the committed echo baseline")
    public void theCommittedEchoBaseline() {
        Path file = Baseline.file(context.settings.resultsDir(), EchoBenchmarks.SUITE);
        if (Boolean.getBoolean(REFRESH)) {
            assertThat(gate.nothingLostOrCorrupted(expectedOperations)).as("a baseline only from clean runs")
                    .allMatch(GateVerdict::pass);
            Baseline.of(EchoBenchmarks.SUITE, List.copyOf(gate.summaries().values())).write(file);
            System.out.println("[PERF][GATE] baseline refreshed: " + file);
        }
        assertThat(file).as("the committed baseline (refresh it with -D%s=true, see docs/echo-benchmarks.md)", REFRESH).exists();
        baseline = Baseline.read(file);
    }

    @Then("no combination lost or corrupted a message")
    public void noCombinationLostOrCorruptedAMessage() {
        judge(gate.nothingLostOrCorrupted(expectedOperations));
    }

    @Then("{word} is at least {double} times as fast as {word}")
    public void isAtLeastTimesAsFastAs(String fast, double factor, String slow) {
        judge(List.of(gate.atLeastTimesAsFast(fast, slow, factor)));
    }

    @Then("no combination's fastest 5% of messages take more than {int} µs longer than in the baseline")
    public void noCombinationsFastFloorRose(int toleranceMicros) {
        judge(gate.fastFloorWithin(baseline, toleranceMicros));
    }

    private static void judge(List<GateVerdict> verdicts) {
        verdicts.forEach(v -> System.out.println(v.line()));
        System.out.flush();
        assertThat(verdicts).as("gate verdicts:%n%s", String.join("\n", verdicts.stream()
                .filter(v -> !v.pass()).map(GateVerdict::line).toList())).allMatch(GateVerdict::pass);
    }
}
