package io.loomarena.testing.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.jvm.HttpCpuStarvation;
import io.loomarena.harness.jvm.PollerModePing;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.model.ServerModel;
import io.loomarena.testing.perf.Skipping;

/**
 * Thin steps over the HTTP halves of the pitfalls ({@code PollerModePing}, {@code HttpCpuStarvation}): the HTTP
 * server in its own JVM of the JDK under test, load clients on the default one. A JDK that is not installed skips its
 * half of a scenario with the harness's one line.
 */
public final class HttpPitfallSteps {

    private static final Map<String, ServerModel> MODELS = Map.of("virtual", ServerModel.VIRTUAL,
            "pool", ServerModel.POOL);
    private static final long CPU_ROUNDS = 200_000_000L;
    private static final int PING_RATE = 100;
    private static final Duration PING_WINDOW = Duration.ofSeconds(2);

    private final RunOptions options = RunOptions.ofThisJvm();
    private final Path folder = options.harness().resultsDir().resolve("jvm");
    private int connections;
    private int requests;
    private PollerModePing.Result pollerResult;
    private ServerModel model;
    private int parallelism;
    private HttpCpuStarvation.Result cpuResult;

    @Given("the HTTP server on virtual threads and a load client sending {int} \\/ping requests over {int} connections")
    public void pingOverConnections(int requestCount, int connectionCount) {
        requests = requestCount;
        connections = connectionCount;
    }

    @When("the server runs on JDK {word} with jdk.pollerMode set to {int}")
    public void theServerRunsWithPollerMode(String jdkLabel, int mode) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        pollerResult = new PollerModePing(connections, requests, mode).runOn(jdk, options.harness(), folder);
        System.out.println(pollerResult.line());
    }

    @Then("the JDK {word} the mode, and the server answers every \\/ping when it runs with it")
    public void theJdkTakesOrRefusesTheMode(String verdict) {
        assertThat(verdict).as("a poller-mode verdict").isIn("takes", "refuses");
        assertThat(pollerResult.accepted()).as(pollerResult.line()).isEqualTo(verdict.equals("takes"));
        assertThat(pollerResult.departures()).as(pollerResult.line()).isEmpty();
    }

    @Given("the HTTP server on {word} threads with the virtual-thread scheduler's parallelism set to {int}")
    public void theServerOn(String modelWord, int carriers) {
        assertThat(MODELS).as("server models of this scenario").containsKey(modelWord);
        model = MODELS.get(modelWord);
        parallelism = carriers;
    }

    @When("{int} \\/cpu requests of 200 million rounds stay in progress while \\/ping arrives 100 times a second for 2 s, on JDK {word}")
    public void cpuWhilePing(int cpuConnections, String jdkLabel) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        cpuResult = new HttpCpuStarvation(model, parallelism, cpuConnections, CPU_ROUNDS, PING_RATE, PING_WINDOW)
                .runOn(jdk, options.harness(), folder);
        System.out.println(cpuResult.line());
    }

    @Then("\\/ping waits behind \\/cpu: its p99 is at least half a \\/cpu request")
    public void pingWaitsBehindCpu() {
        assertThat(cpuResult.pitfall().holdsEveryCarrier()).as("/cpu holds every carrier in this row").isTrue();
        assertThat(cpuResult.departures()).as(cpuResult.line()).isEmpty();
    }

    @Then("\\/ping gets a turn: its p99 is under a quarter of a \\/cpu request")
    public void pingGetsATurn() {
        assertThat(cpuResult.pitfall().holdsEveryCarrier()).as("/cpu cannot hold every thread in this row").isFalse();
        assertThat(cpuResult.departures()).as(cpuResult.line()).isEmpty();
    }
}
