package io.loomarena.testing.reliability;

import io.cucumber.java.After;
import io.cucumber.java.Before;

/**
 * Listens to the HTTP server's log for the whole of an {@code @Http @Reliability} scenario: from before its first step
 * until after the server has been stopped (this After hook runs last, after HttpHooks closes the servers).
 */
public final class HttpReliabilityHooks {

    private final HttpServerLog log;

    public HttpReliabilityHooks(HttpServerLog log) {
        this.log = log;
    }

    @Before("@Http and @Reliability")
    public void listenToTheServerLog() {
        log.start();
    }

    @After(value = "@Http and @Reliability", order = 1)
    public void stopListening() {
        log.stop();
    }
}
