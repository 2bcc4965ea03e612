package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.awaitility.Awaitility;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.HttpForkedServer;
import io.loomarena.testing.http.support.HttpInFlightRequests;
import io.loomarena.testing.http.support.RawResponse;

/** The HTTP server as its own process, forked as a user starts it: a graceful stop on SIGTERM and its exit status. */
public class HttpProcessSteps {

    /** Longest wait for the process to exit after SIGTERM (its grace period is 10 s). */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

    private final HttpForkedServer server;
    private final HttpInFlightRequests inFlight;

    public HttpProcessSteps(HttpForkedServer server, HttpInFlightRequests inFlight) {
        this.server = server;
        this.inFlight = inFlight;
    }

    @Given("the HTTP server process runs the {string} stage")
    public void theHttpServerProcessRuns(String stage) {
        server.start(stage, "");
    }

    @Given("a request to {string} is in progress on the HTTP server process")
    public void aRequestIsInProgress(String path) {
        inFlight.open(server.port(), 1);
        inFlight.sendOnEach(path);
        Awaitility.await().atMost(STOP_TIMEOUT).until(() -> server.counter("requestsInProgress") >= 1);
    }

    @When("the HTTP server process receives SIGTERM")
    public void theHttpServerProcessReceivesSigterm() {
        server.sigterm();
    }

    @Then("the in-flight request was answered {int} with {string}")
    public void theInFlightRequestWasAnswered(int status, String field) {
        RawResponse response = inFlight.responses().get(0);
        assertThat(response).as("the in-flight request's response").isNotNull();
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.says(field)).as("response says %s", field).isTrue();
    }

    @Then("the HTTP server process exited with status {int}")
    public void theHttpServerProcessExitedWith(int status) {
        assertThat(server.awaitExit(STOP_TIMEOUT)).as("time from SIGTERM to exit; %s", server.describe()).isNotNull();
        assertThat(server.exitCode()).as(server.describe()).isEqualTo(status);
    }

    @After("@Http")
    public void stopTheProcess() {
        inFlight.close();
        server.close();
    }
}
