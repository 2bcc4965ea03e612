package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.flood.FloodOutcome;
import io.loomarena.harness.flood.FloodPlan;
import io.loomarena.harness.flood.FloodTarget;
import io.loomarena.harness.flood.ServerSnapshot;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.testing.perf.Skipping;

/** Steps of the connection floods (echo and HTTP): thin, the work is in {@code io.loomarena.harness.flood}. */
public final class FloodSteps {

    private static final long MIB = 1024 * 1024;

    private final FloodScenario scenario;
    private final ReliabilityRecord record;

    public FloodSteps(FloodScenario scenario, ReliabilityRecord record) {
        this.scenario = scenario;
        this.record = record;
    }

    @Given("a fresh {word} echo server JVM, warmed up and measured at rest")
    public void aFreshEchoServerJvm(String model) {
        scenario.start(FloodTarget.echo(model));
    }

    /** An arena model or a framework row; a framework module that is not built skips the scenario with its line. */
    @Given("a fresh {word} HTTP server JVM, warmed up and measured at rest")
    public void aFreshHttpServerJvm(String setup) {
        Skipping.unlessNotBuilt(() -> scenario.start(FloodTarget.http(setup)));
    }

    @Given("the server JVM may open at most {int} files")
    public void theServerJvmMayOpenAtMostFiles(int limit) {
        scenario.flood().limitServerOpenFiles(limit);
        record.figure("server open-files limit", limit);
    }

    @When("{int} connections open at once, each is served one request, and all stay open until every one is served")
    public void connectionsOpenAndStayOpen(int connections) {
        scenario.flood(connections, FloodPlan.Mode.HOLD);
        scenario.recordFigures(record);
    }

    @When("{int} connections open at once, and each is served one request and then closes")
    public void connectionsOpenAndCloseWhenServed(int connections) {
        scenario.flood(connections, FloodPlan.Mode.CLOSE_WHEN_SERVED);
        scenario.recordFigures(record);
    }

    @Then("all {int} connections were served correctly")
    public void allConnectionsWereServedCorrectly(int connections) {
        FloodOutcome outcome = scenario.flood().outcome();
        assertThat(outcome.served()).as("connections served; failures %s, first: %s; server: %s",
                outcome.failuresText(), outcome.firstFailure(), scenario.flood().serverDetails())
                .isEqualTo(connections);
    }

    @Then("the server held all {int} connections open at once")
    public void theServerHeldAllConnections(int connections) {
        assertThat(scenario.flood().held()).as("figures taken while the connections were held").isNotNull();
        assertThat(scenario.flood().held().activeConnections()).as("connections the server counted open")
                .isEqualTo(connections);
    }

    /**
     * Counted from outside, so that it holds for any server: each connection the server holds is one open socket of
     * its JVM. (Its open files beyond those at rest would not do: a server may close a few files of its rest, such as
     * the warm-up's last sockets, during the flood.)
     */
    @Then("the server JVM held all {int} connections open at once, one socket each")
    public void theServerJvmHeldAllConnectionsAsSockets(int connections) {
        assertThat(scenario.flood().held()).as("figures taken while the connections were held").isNotNull();
        assertThat(scenario.flood().heldSockets())
                .as("open sockets of the server JVM while held (%s)", scenario.flood().held().describe())
                .isGreaterThanOrEqualTo(connections);
    }

    @Then("the server's platform threads grew by at most {int} during the flood")
    public void theServersThreadsGrewByAtMost(int threads) {
        int baseline = scenario.flood().baseline().liveThreads();
        assertThat(scenario.flood().peakThreads()).as("peak platform threads (baseline %d)", baseline)
                .isLessThanOrEqualTo(baseline + threads);
    }

    @Then("within {int} seconds after the flood the server is back to its baseline: threads within {int}, "
            + "file descriptors within {int}, heap after a GC within {int} MiB")
    public void backToBaseline(int seconds, int threads, int fds, int heapMib) {
        awaitBaseline(seconds, threads, fds, heapMib);
    }

    /** For a server whose pool keeps the threads a flood started (for 60 s, by design): its threads are not checked. */
    @Then("within {int} seconds after the flood the server is back to its baseline: "
            + "file descriptors within {int}, heap after a GC within {int} MiB")
    public void backToBaselineButItsPoolsThreads(int seconds, int fds, int heapMib) {
        awaitBaseline(seconds, null, fds, heapMib);
    }

    /** Polls until the server is back to its baseline within the margins; {@code threads} null: not checked. */
    private void awaitBaseline(int seconds, Integer threads, int fds, int heapMib) {
        ServerSnapshot baseline = scenario.flood().baseline();
        AtomicReference<ServerSnapshot> last = new AtomicReference<>();
        await("the server back to its baseline " + baseline.describe()).atMost(Duration.ofSeconds(seconds))
                .pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
                    ServerSnapshot after = scenario.flood().after();
                    last.set(after);
                    assertThat(after.activeConnections()).as("open connections").isZero();
                    if (threads != null) {
                        assertThat(after.liveThreads()).as("threads")
                                .isLessThanOrEqualTo(baseline.liveThreads() + threads);
                    }
                    assertThat(after.fileDescriptors()).as("file descriptors (changed since the baseline: %s)",
                                    scenario.flood().fileDescriptorChanges())
                            .isLessThanOrEqualTo(baseline.fileDescriptors() + fds);
                    assertThat(after.heapUsedBytes()).as("heap after a GC")
                            .isLessThanOrEqualTo(baseline.heapUsedBytes() + heapMib * MIB);
                });
        scenario.recordAfter(record, last.get());
        record.figure("fd kinds changed since the baseline", scenario.flood().fileDescriptorChanges());
    }

    @After(value = "@Reliability", order = 6000)
    public void closeFlood() {
        scenario.close();
    }
}
