package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.RawResponse;
import io.loomarena.testing.http.support.ServerProcess;

/** The HTTP server as its own process: a graceful stop on SIGTERM and its exit status. */
public class HttpProcessSteps {

    private final ServerProcess process;

    public HttpProcessSteps(ServerProcess process) {
        this.process = process;
    }

    @Given("the HTTP server process runs the {string} stage")
    public void theHttpServerProcessRuns(String stage) {
        process.start(stage);
    }

    @Given("a request to {string} is in progress on the HTTP server process")
    public void aRequestIsInProgress(String path) {
        process.requestInFlight(path);
    }

    @When("the HTTP server process receives SIGTERM")
    public void theHttpServerProcessReceivesSigterm() {
        process.sigterm();
    }

    @Then("the in-flight request was answered {int} with {string}")
    public void theInFlightRequestWasAnswered(int status, String field) {
        RawResponse response = process.inFlightResponse();
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.says(field)).as("response says %s", field).isTrue();
    }

    @Then("the HTTP server process exited with status {int}")
    public void theHttpServerProcessExitedWith(int status) {
        assertThat(process.exitValue()).as(process.describe()).isEqualTo(status);
    }

    @After("@Http")
    public void stopTheProcess() {
        process.close();
    }
}
