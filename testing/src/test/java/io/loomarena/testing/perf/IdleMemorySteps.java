package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.idle.IdleConnections;
import io.loomarena.harness.idle.IdleMemoryStore;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.report.HtmlReport;

/** Thin steps that hold idle connections to a fresh echo server and record its memory per connection. */
public final class IdleMemorySteps {

    private final HarnessSettings settings = RunOptions.ofThisJvm().harness();
    private final IdleMemoryStore store = new IdleMemoryStore(settings.resultsDir());
    private IdleConnections idle;

    @Given("a fresh {word} echo server JVM with no connection")
    public void aFreshEchoServer(String server) {
        idle = IdleConnections.start(ServerModel.named(server), settings);
    }

    @Given("a fresh {word} echo server JVM with no connection, its figures saved as {word}")
    public void aFreshEchoServerSavedAs(String server, String variant) {
        idle = IdleConnections.start(ServerModel.named(server), settings, variant);
    }

    @When("{int} connections each echo one byte and are then held open to it")
    public void connectionsEchoOnceAndAreHeldOpen(int connections) {
        idle.openUpTo(connections, true);
    }

    @When("{int} idle connections are held open to it")
    public void idleConnectionsAreHeldOpen(int connections) {
        idle.openUpTo(connections);
    }

    @Then("the server counts {int} of them open and is still running")
    public void theServerCountsThemOpen(int open) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> idle.serverActive() >= open);
        assertThat(idle.serverActive()).as("connections the server counts open").isEqualTo(open);
        assertThat(idle.serverAlive()).as("server JVM alive").isTrue();
        assertThat(idle.held()).as("connections this JVM holds").isPositive();
    }

    @Then("its memory per connection is printed and saved")
    public void itsMemoryIsPrintedAndSaved() {
        var step = idle.measure();
        var result = idle.result();
        System.out.println(IdleMemoryStore.line(result, step));
        assertThat(store.write(result)).isRegularFile();
        assertThat(step.connections()).isEqualTo(idle.held());
    }

    @After("@Performance and @Echo")
    public void closeAndRegenerateTheReport() {
        if (idle != null) {
            idle.close();
            HtmlReport.writeQuietly(settings.resultsDir());
        }
    }
}
