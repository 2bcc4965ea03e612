package io.loomarena.testing.perf;

import java.util.Set;

import io.cucumber.java.Before;
import io.cucumber.java.Scenario;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.testing.RowTags;

/** Thin steps for one echo benchmark combination: they hand the work to {@link Combination}. */
public final class EchoBenchmarkSteps {

    private final BenchmarkContext context;

    public EchoBenchmarkSteps(BenchmarkContext context) {
        this.context = context;
    }

    /**
     * The row's tags (its own and its row's model tags) tell which other rows of the matrix share its workload (the
     * first row measures them all).
     */
    @Before("@Echo and @Performance")
    public void rememberTags(Scenario scenario) {
        context.scenarioTags = Set.copyOf(RowTags.effective(scenario.getSourceTagNames(), scenario.getUri(),
                scenario.getLine()));
    }

    @Given("an echo benchmark workload of {int} clients x {int} messages x {int} bytes")
    public void anEchoBenchmarkWorkload(int clients, int messages, int size) {
        EchoBenchmarks.Workload workload = EchoBenchmarks.Workload.of(clients, messages, size);
        context.use(EchoSuite.ECHO, (server, client) -> EchoSuite.ECHO.plan(server, client, workload));
        context.candidates = EchoSuite.ECHO.combinations().stream()
                .map(entry -> new BenchmarkContext.Candidate(Set.of(entry.server().tag(), entry.client().tag()),
                        EchoBenchmarks.plan(entry.server(), entry.client(), workload)))
                .toList();
    }

    @When("the echo benchmark runs the {word} server against the {word} client in fresh JVMs")
    public void theEchoBenchmarkRuns(String server, String client) {
        context.measure(server, client);
    }

    @Then("the benchmark summary {word} is saved with every measured iteration free of errors")
    public void theBenchmarkSummaryIsSaved(String combination) {
        SummaryAssertions.assertSaved(context, combination);
        SummaryAssertions.assertEveryOperationAnswered(context);
    }

    @Then("every fork of the benchmark ran its iterations in one fresh client JVM against one fresh server JVM")
    public void everyForkRanInFreshJvms() {
        SummaryAssertions.assertFreshJvmsPerFork(context.measured().summary());
    }
}
