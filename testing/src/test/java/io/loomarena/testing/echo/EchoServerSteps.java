package io.loomarena.testing.echo;

import java.time.Duration;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import io.loomarena.model.ServerModel;

/** Steps that start, observe and stop the in-process echo server. Thin: the work is in {@link EchoScenario}. */
public final class EchoServerSteps {

    private final EchoScenario scenario;

    public EchoServerSteps(EchoScenario scenario) {
        this.scenario = scenario;
    }

    @Given("echo servers listen on {word} on a free port, and a test read gives up after {int} seconds")
    public void echoServersListenOnAndATestReadGivesUpAfter(String host, int seconds) {
        scenario.listenOnAndReadWithin(host, Duration.ofSeconds(seconds));
    }

    @Given("a {word} echo server")
    public void aEchoServer(String model) throws Exception {
        scenario.startServer(ServerModel.named(model));
    }

    @Given("a pool echo server with {int} threads")
    public void aPoolEchoServerWithThreads(int threads) throws Exception {
        scenario.startPoolServer(threads);
    }

    @Given("the echo server's active connection count is noted")
    public void theEchoServersActiveConnectionCountIsNoted() {
        scenario.noteActiveConnections();
    }

    @When("the echo server is stopped")
    public void theEchoServerIsStopped() {
        scenario.stopServer();
    }

    @When("the echo command line starts a {word} echo server on the same port")
    public void theEchoCommandLineStartsAServerOnTheSamePort(String model) throws Exception {
        scenario.runCommandLine("server", "--model", model, "--port", String.valueOf(scenario.server().port()));
    }
}
