package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.Combination;
import io.loomarena.harness.ClientModel;
import io.loomarena.harness.http.HttpBenchmarks;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;

/** Thin steps for one HTTP benchmark combination: they hand the work to {@link Combination}. */
public final class HttpBenchmarkSteps {

    private final HttpBenchmarkContext context;

    public HttpBenchmarkSteps(HttpBenchmarkContext context) {
        this.context = context;
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} keep-alive connections")
    public void keepAliveRequests(String suite, long requests, String path, int connections) {
        context.suite = HttpSuite.of(suite);
        context.workload = HttpWorkload.closed(path, connections, requests, true);
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} connections, one connection per request")
    public void oneConnectionPerRequest(String suite, long requests, String path, int connections) {
        context.suite = HttpSuite.of(suite);
        context.workload = HttpWorkload.closed(path, connections, requests, false);
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} connections with keep-alive {word},"
            + " counting failed requests")
    public void sweepLevel(String suite, long requests, String path, int connections, String keepAlive) {
        context.suite = HttpSuite.of(suite);
        context.workload = HttpWorkload.closed(path, connections, requests, onOrOff(keepAlive)).toleratingErrors();
    }

    @Given("the HTTP {word} suite ramps up {int} users over {int} ms, each sending one request to {string},"
            + " counting failed requests")
    public void userRamp(String suite, int users, int millis, String path) {
        context.suite = HttpSuite.of(suite);
        context.workload = HttpWorkload.ramp(path, users, Duration.ofMillis(millis)).toleratingErrors();
    }

    @When("the {word} stage is measured against the {word} client")
    public void theStageIsMeasured(String stage, String client) {
        HttpWorkload workload = context.workload();
        BenchmarkPlan plan = HttpBenchmarks.plan(context.suite.cliName(), HttpServerSetup.parse(stage),
                ClientModel.of(client), workload, context.suite.variant(workload.parameters()));
        var settings = context.settings.withTimeouts(
                context.settings.serverStartTimeout(),
                context.settings.clientRunTimeout(0).plus(HttpBenchmarks.extraClientTime(workload)));
        Combination.Measured measured = Combination.measureAndSave(plan, settings, context.store);
        context.summary = measured.summary();
        context.summaryFile = measured.file();
    }

    @When("the thread-pool stage with 2 x CPUs threads is measured against the {word} client")
    public void theSmallPoolIsMeasured(String client) {
        theStageIsMeasured("thread-pool-" + HttpServerSetup.threadPoolAtTwiceTheCpus().poolSize(), client);
    }

    @Then("its summary is saved in the suite's folder and every measured iteration answered every request without"
            + " error")
    public void everyRequestAnswered() {
        assertSaved();
        assertThat(context.summary().runs().measured()).allSatisfy(run -> {
            assertThat(run.errors()).as("errors by kind in measured iteration %d", run.run()).isEmpty();
            assertThat(run.operations()).as("answered requests in measured iteration %d", run.run())
                    .isEqualTo(context.workload().expectedOperations());
        });
    }

    @Then("its summary is saved in the suite's folder and every request of every measured iteration was answered or"
            + " counted as an error")
    public void everyRequestAccountedFor() {
        assertSaved();
        assertThat(context.summary().runs().measured()).allSatisfy(run -> assertThat(run.operations()
                + run.totalErrors()).as("answered plus failed requests in measured iteration %d", run.run())
                .isEqualTo(context.workload().expectedOperations()));
    }

    @Then("every fork ran its iterations in one fresh client JVM against one fresh server JVM")
    public void everyForkRanInFreshJvms() {
        ForkAssertions.assertFreshJvmsPerFork(context.summary());
    }

    @Then("the summary records the downstream JVM and where it ran, exactly when the path calls one")
    public void theSummaryRecordsTheDownstream() {
        if (context.workload().needsDownstream()) {
            assertThat(context.summary().workload()).containsKeys("downstream", "downstreamCpu");
            assertThat(String.valueOf(context.summary().workload().get("downstream"))).contains("serve --stage virtual");
        } else {
            assertThat(context.summary().workload()).doesNotContainKeys("downstream", "downstreamCpu");
        }
    }

    private void assertSaved() {
        assertThat(context.summaryFile).isRegularFile()
                .hasParent(context.store.suiteDir(context.suite.folder()))
                .hasFileName(context.summary().combination() + ".json");
        assertThat(context.summary().unit()).isEqualTo(HttpBenchmarks.UNIT);
    }

    private static boolean onOrOff(String word) {
        return switch (word) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("keep-alive must be on or off, got '" + word + "'");
        };
    }
}
