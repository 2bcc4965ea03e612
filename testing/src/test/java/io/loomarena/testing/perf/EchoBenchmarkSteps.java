package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.Combination;
import io.loomarena.harness.ClientModel;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoBenchmarks.Server;

/** Thin steps for one echo benchmark combination: they hand the work to {@link Combination}. */
public final class EchoBenchmarkSteps {

    private final BenchmarkContext context;

    public EchoBenchmarkSteps(BenchmarkContext context) {
        this.context = context;
    }

    @Given("an echo benchmark workload of {int} clients x {int} messages x {int} bytes")
    public void anEchoBenchmarkWorkload(int clients, int messages, int size) {
        context.workload = EchoBenchmarks.Workload.of(clients, messages, size);
    }

    @When("the echo benchmark runs the {word} server against the {word} client in fresh JVMs")
    public void theEchoBenchmarkRuns(String server, String client) {
        context.plan = EchoBenchmarks.plan(Server.of(server), ClientModel.of(client), context.workload);
        Combination.Measured measured = Combination.measureAndSave(context.plan, context.settings, context.store);
        context.summary = measured.summary();
        context.summaryFile = measured.file();
    }

    @Then("the benchmark summary {word} is saved with every measured iteration free of errors")
    public void theBenchmarkSummaryIsSaved(String combination) {
        assertThat(context.summary.combination()).isEqualTo(combination);
        assertThat(context.summaryFile).exists().hasFileName(combination + ".json");
        assertThat(context.summary.runs().measured())
                .hasSize(context.settings.forks() * context.settings.iterations()).allSatisfy(run -> {
            assertThat(run.operations()).isEqualTo(context.workload.expectedMessages());
            assertThat(run.totalErrors()).isZero();
        });
    }

    @Then("every fork of the benchmark ran its iterations in one fresh client JVM against one fresh server JVM")
    public void everyForkRanInFreshJvms() {
        ForkAssertions.assertFreshJvmsPerFork(context.summary);
    }
}
