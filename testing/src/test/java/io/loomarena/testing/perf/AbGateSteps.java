package io.loomarena.testing.perf;

import java.util.Objects;

import io.cucumber.java.AfterAll;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.gate.AbGate;
import io.loomarena.harness.gate.GateFailure;
import io.loomarena.harness.gate.RegressionGate;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.change.HistoryLines;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.options.RunOptions;

/**
 * Thin steps of the A/B gate: {@link AbGate} builds both builds once per run, measures a combination on both with
 * forks alternating, and judges the ratio; each verdict is one {@code [PERF][GATE]} line.
 */
public final class AbGateSteps {

    /** Whether any scenario of this JVM measured both builds: only then is there a gate run to record. */
    private static volatile boolean measured;

    private final BenchmarkContext context;
    private AbGate.Compared compared;
    private BenchmarkPlan plan;

    public AbGateSteps(BenchmarkContext context) {
        this.context = context;
    }

    @When("{int} echo clients x {int} messages x {int} bytes run the {word} server against the {word} client on both"
            + " builds, forks alternating")
    public void echoOnBothBuilds(int clients, int messages, int size, String server, String client) {
        measure(EchoSuite.ECHO.plan(server, client, EchoBenchmarks.Workload.of(clients, messages, size)));
    }

    @When("the HTTP {word} suite's {long} requests to {string} over {int} keep-alive connections run {string}"
            + " against the {word} client on both builds, forks alternating")
    public void httpOnBothBuilds(String suite, long requests, String path, int connections, String server,
                                 String client) {
        measure(HttpSuite.of(suite).plan(server, client, HttpWorkload.closed(path, connections, requests, true)));
    }

    @Then("every measured iteration on both builds did all its work without an error")
    public void nothingLost() {
        RegressionGate.judge(gate().nothingLostOrCorrupted(compared, plan.expectedOperations()),
                context.options.noVerdict(), System.out);
    }

    @Then("the throughput of this build is at most the tolerance below the baseline's")
    public void throughputWithinTolerance() {
        gate().judgeThroughput(compared, System.out);
    }

    @Then("the server's CPU time per operation on this build is at most the tolerance above the baseline's")
    public void serverCpuWithinTolerance() {
        gate().judgeServerCpu(compared, System.out);
    }

    /** Records the gate's run in the history, then deletes both builds' jars, once every scenario has run. */
    @AfterAll
    public static void removeTheBuilds() {
        if (measured) {
            HistoryRecorder.of(RunOptions.ofThisJvm(), System.out, HistoryLines::afterRun).recordAbGate();
        }
        AbGate.closeShared();
    }

    private void measure(BenchmarkPlan chosen) {
        measured = true;
        plan = chosen;
        compared = gate().measure(chosen, context.settings, System.out);
    }

    /** The run's gate; a baseline that cannot be had fails the scenario with its one message, no stack trace. */
    private AbGate gate() {
        try {
            return AbGate.shared(Objects.requireNonNullElse(context.settings.resultsDir().getParent(),
                    context.settings.resultsDir()), context.settings, context.options.gate(),
                    context.options.remote().isRemote(), context.options.noVerdict(), System.out);
        } catch (HarnessException e) {
            throw new GateFailure("the A/B gate could not start: " + e.getMessage());
        }
    }
}
