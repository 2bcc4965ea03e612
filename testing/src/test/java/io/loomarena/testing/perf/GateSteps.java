package io.loomarena.testing.perf;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;

import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.gate.Baseline;
import io.loomarena.harness.gate.EchoGate;
import io.loomarena.harness.gate.RegressionGate;

/**
 * Thin steps of the echo regression gate: {@link EchoGate} checks its inputs, {@link RegressionGate} applies one
 * rule and prints a {@code [PERF][GATE]} line per combination, once, failing on any FAIL.
 * {@code -Dloomarena.baseline.refresh=true} rewrites the baseline from the summaries first (see
 * docs/echo-benchmarks.md, "Regression gate").
 */
public final class GateSteps {

    private final BenchmarkContext context;
    private EchoGate gate;
    private Baseline baseline;

    public GateSteps(BenchmarkContext context) {
        this.context = context;
    }

    @Given("the echo benchmark summaries of {int} clients x {int} messages x {int} bytes")
    public void theEchoSummariesOf(int clients, int messages, int size) {
        gate = Skipping.unlessNothingToDo(() -> BenchmarkContext.LEDGER.summaryStep(
                context.store.suiteDir(EchoSuite.ECHO.folder()), () -> EchoGate.of(context.store,
                        EchoBenchmarks.Workload.of(clients, messages, size))));
    }

    @Given("the committed echo baseline")
    public void theCommittedEchoBaseline() {
        baseline = gate.baseline(context.settings.resultsDir(), context.options.baselineRefresh(),
                System.out);
    }

    @Then("no combination lost or corrupted a message")
    public void noCombinationLostOrCorruptedAMessage() {
        RegressionGate.judge(gate.rules().nothingLostOrCorrupted(gate.expectedOperations()), context.options.noVerdict(),
                System.out);
    }

    @Then("no combination's fastest 5% of messages take more than {int} µs longer than in the baseline")
    public void noCombinationsFastFloorRose(int toleranceMicros) {
        RegressionGate.judge(gate.rules().fastFloorWithin(baseline, toleranceMicros), context.options.noVerdict(),
                System.out);
    }
}
