package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.RawExchanges;
import io.loomarena.testing.http.support.ServerUnderTest;

/** Starting, observing and stopping the HTTP server of a scenario. */
public class HttpServerSteps {

    private final ServerUnderTest server;
    private final RawExchanges raw;

    public HttpServerSteps(ServerUnderTest server, RawExchanges raw) {
        this.server = server;
        this.raw = raw;
    }

    @Given("the HTTP server runs {string}")
    public void theHttpServerRuns(String setup) {
        server.start(setup);
    }

    @Given("the HTTP server runs {string} with a docroot that has a secret file beside it")
    public void theHttpServerRunsWithASecretBesideTheDocroot(String setup) {
        server.startWithSecretBesideDocroot(setup);
    }

    @Given("the HTTP server runs {string} with a downstream that refuses connections")
    public void theHttpServerRunsWithARefusingDownstream(String setup) {
        server.startWithRefusingDownstream(setup);
    }

    @Given("the HTTP server runs {string} with a downstream that accepts and never answers")
    public void theHttpServerRunsWithASilentDownstream(String setup) {
        server.startWithSilentDownstream(setup);
    }

    @When("the HTTP server shuts down gracefully with a grace period of {int} s")
    public void theHttpServerShutsDown(int seconds) {
        server.shutdown(Duration.ofSeconds(seconds));
    }

    @Then("the HTTP server stopped within the grace period")
    public void theHttpServerStoppedWithinGrace() {
        assertThat(server.shutdownClean()).as("every connection ended within the grace period").isTrue();
        assertThat(server.shutdownTook()).isLessThan(server.server().config().grace());
    }

    @Then("new HTTP connections to the server are refused")
    public void newHttpConnectionsAreRefused() {
        assertThat(server.refusesConnections()).isTrue();
    }

    @Then("the HTTP server accepted {int} connection(s)")
    public void theHttpServerAccepted(int connections) {
        assertThat(server.server().metrics().accepted()).isEqualTo(connections);
    }

    @Then("the HTTP server still answers {string} with {int}")
    public void theHttpServerStillAnswers(String path, int status) {
        assertThat(raw.statusOf(path)).isEqualTo(status);
    }
}
