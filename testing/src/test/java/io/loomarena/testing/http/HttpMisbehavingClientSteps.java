package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.MisbehavingClients;
import io.loomarena.testing.http.support.MisbehavingClients.Outcome;
import org.awaitility.Awaitility;

/** Slow, silent, noisy and vanishing HTTP clients, and the well-behaved client served beside them. */
public class HttpMisbehavingClientSteps {

    private final MisbehavingClients clients;

    public HttpMisbehavingClientSteps(MisbehavingClients clients) {
        this.clients = clients;
    }

    /** The request line of a GET of {@code target} and the start of its first header field, and nothing more. */
    @Given("a slow HTTP client has sent the start of a request for {string} and stalls")
    public void aSlowHttpClientStallsInItsHeaders(String target) {
        clients.slowClient("GET " + target + " HTTP/1.1\r\nHo");
    }

    @Given("a slow HTTP client has sent the first word of a request line and stalls")
    public void aSlowHttpClientStallsInItsRequestLine() {
        clients.slowClient("GET ");
    }

    @When("another HTTP client requests {string} on a new connection")
    public void anotherHttpClientRequests(String path) {
        clients.otherClientRequests(path);
    }

    @Then("the other HTTP client is answered {int} within {int} s")
    public void theOtherHttpClientIsAnswered(int status, int seconds) {
        assertThat(clients.otherResponse(Duration.ofSeconds(seconds)).status()).isEqualTo(status);
    }

    @Then("the slow HTTP client got a {int} response and was closed within {int} s")
    public void theSlowHttpClientWasClosed(int status, int seconds) {
        assertThat(clients.misbehavingOutcome(Duration.ofSeconds(seconds))).isEqualTo(new Outcome(status, true));
    }

    @When("an HTTP client connects and sends nothing")
    public void anHttpClientSendsNothing() {
        clients.silentClient();
    }

    @Then("the silent HTTP client got a {int} response and was closed within {int} s")
    public void theSilentHttpClientWasClosed(int status, int seconds) {
        assertThat(clients.misbehavingOutcome(Duration.ofSeconds(seconds))).isEqualTo(new Outcome(status, true));
    }

    @When("an HTTP client sends {int} KiB of random bytes on a new connection")
    public void anHttpClientSendsRandomBytes(int kibibytes) {
        clients.randomBytes(kibibytes * 1024);
    }

    @Then("that HTTP connection got a 4xx response or was closed within {int} s")
    public void thatHttpConnectionGotAnErrorOrClosed(int seconds) {
        Outcome outcome = clients.misbehavingOutcome(Duration.ofSeconds(seconds));
        assertThat(outcome.closed() || (outcome.status() >= 400 && outcome.status() < 500)).as(outcome.toString()).isTrue();
    }

    @Given("the HTTP server's connection and handler counts are noted from {string}")
    public void theHttpServerCountsAreNoted(String metricsPath) {
        clients.noteBaseline(metricsPath);
    }

    @When("an HTTP client resets its connection after sending half a request")
    public void anHttpClientResetsMidRequest() {
        clients.resetMidRequest();
    }

    @When("an HTTP client with a tiny receive window resets its connection after reading {int} bytes of {string}")
    public void anHttpClientResetsMidResponse(int bytes, String path) {
        clients.resetMidResponse(path, bytes);
    }

    @Then("the HTTP server's connection and handler counts in {string} return to the noted baseline within {int} s")
    public void theHttpServerCountsReturnToBaseline(String metricsPath, int seconds) {
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertThat(clients.counts(metricsPath)).isEqualTo(clients.baseline()));
    }
}
