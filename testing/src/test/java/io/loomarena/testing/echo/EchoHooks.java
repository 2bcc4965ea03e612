package io.loomarena.testing.echo;

import io.cucumber.java.After;

/** Closes the scenario's echo server, connections and client runs after every scenario, passed or failed. */
public final class EchoHooks {

    private final EchoScenario scenario;

    public EchoHooks(EchoScenario scenario) {
        this.scenario = scenario;
    }

    @After
    public void closeEchoScenario() throws Exception {
        scenario.close();
    }
}
