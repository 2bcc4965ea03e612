package io.loomarena.testing.perf;

import java.time.Duration;
import java.util.Set;

import io.cucumber.java.Before;
import io.cucumber.java.Scenario;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.session.Combination;
import io.loomarena.harness.http.HttpBenchmarks;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.http.HttpSuite;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.testing.RowTags;

/**
 * Thin steps for one HTTP benchmark combination: they hand the work to {@link Combination}, or, when the run selects
 * other rows of the same suite and workload, to {@link io.loomarena.harness.session.InterleavedForks} through
 * {@link BenchmarkContext}.
 */
public final class HttpBenchmarkSteps {

    private final BenchmarkContext context;

    public HttpBenchmarkSteps(BenchmarkContext context) {
        this.context = context;
    }

    /**
     * The row's tags (its own and its row's model tags, {@link RowTags}) tell which other rows of the suite share its
     * workload: the first of them measures them all, interleaved, as the echo matrix's first row does.
     */
    @Before("@Http and @Performance")
    public void rememberTags(Scenario scenario) {
        context.scenarioTags = Set.copyOf(RowTags.effective(scenario.getSourceTagNames(), scenario.getUri(),
                scenario.getLine()));
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} keep-alive connections")
    public void keepAliveRequests(String suite, long requests, String path, int connections) {
        given(suite, HttpWorkload.closed(path, connections, requests, true));
    }

    @Given("the HTTP {word} suite revalidates {string} {long} times over {int} keep-alive connections, each answered"
            + " 304")
    public void conditionalRequests(String suite, String path, long requests, int connections) {
        given(suite, HttpWorkload.closed(path, connections, requests, true).revalidating());
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} connections, one connection per request")
    public void oneConnectionPerRequest(String suite, long requests, String path, int connections) {
        given(suite, HttpWorkload.closed(path, connections, requests, false));
    }

    @Given("the HTTP {word} suite sends {long} requests to {string} over {int} connections with keep-alive {word},"
            + " counting failed requests")
    public void sweepLevel(String suite, long requests, String path, int connections, String keepAlive) {
        given(suite, HttpWorkload.closed(path, connections, requests, HttpWorkload.onOrOff(keepAlive))
                .toleratingErrors());
    }

    @Given("the HTTP {word} suite ramps up {int} users over {int} ms, each sending one request to {string},"
            + " counting failed requests")
    public void userRamp(String suite, int users, int millis, String path) {
        given(suite, HttpWorkload.ramp(path, users, Duration.ofMillis(millis)).toleratingErrors());
    }

    @When("{string} is measured against the {word} client")
    public void theServerIsMeasured(String server, String client) {
        // A framework row whose module is not built is skipped with its line (and is a gap in the ranking).
        Skipping.unlessNotBuilt(() -> context.measure(server, client));
    }

    @Then("its summary is saved in the suite's folder and every measured iteration answered every request without"
            + " error")
    public void everyRequestAnswered() {
        SummaryAssertions.assertSaved(context, context.measured().summary().combination());
        SummaryAssertions.assertEveryOperationAnswered(context);
    }

    @Then("its summary is saved in the suite's folder and every request of every measured iteration was answered or"
            + " counted as an error")
    public void everyRequestAccountedFor() {
        SummaryAssertions.assertSaved(context, context.measured().summary().combination());
        SummaryAssertions.assertEveryOperationAccountedFor(context);
    }

    @Then("every fork ran its iterations in one fresh client JVM against one fresh server JVM")
    public void everyForkRanInFreshJvms() {
        SummaryAssertions.assertFreshJvmsPerFork(context.measured().summary());
    }

    @Then("the summary records the downstream JVM and where it ran, exactly when the path calls one")
    public void theSummaryRecordsTheDownstream() {
        SummaryAssertions.assertDownstreamRecorded(context);
    }

    private void given(String suite, HttpWorkload workload) {
        HttpSuite chosen = HttpSuite.of(suite);
        context.use(chosen, (server, client) -> chosen.plan(server, client, workload));
        context.candidates = chosen.combinations().stream()
                .map(entry -> new BenchmarkContext.Candidate(entry.tags(), HttpBenchmarks.plan(chosen, entry, workload)))
                .toList();
    }
}
