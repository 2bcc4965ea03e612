package io.loomarena.testing.reliability;

import io.cucumber.java.After;
import io.cucumber.java.Before;
import io.loomarena.testing.http.support.HttpForkedServer;
import io.loomarena.testing.http.support.HttpInFlightRequests;

/**
 * Listens to the HTTP server's log for the whole of an {@code @Http @Reliability} scenario: from before its first step
 * until after the server has been stopped (this After hook runs last, after HttpHooks closes the servers); closes
 * the clients and the server JVM of the scenario.
 */
public final class HttpReliabilityHooks {

    private final HttpServerLog log;
    private final HttpForkedServer forked;
    private final HttpInFlightRequests inFlight;
    private final HttpSlowClients slowClients;

    public HttpReliabilityHooks(HttpServerLog log, HttpForkedServer forked, HttpInFlightRequests inFlight,
                                HttpSlowClients slowClients) {
        this.log = log;
        this.forked = forked;
        this.inFlight = inFlight;
        this.slowClients = slowClients;
    }

    @Before("@Http and @Reliability")
    public void listenToTheServerLog() {
        log.start();
    }

    /**
     * Clients first, then the server JVM (before HttpHooks, which closes the in-process servers); of every @Http
     * scenario, since http.feature's process scenario forks a server JVM too.
     */
    @After(value = "@Http", order = 20000)
    public void closeClientsThenServerJvm() {
        inFlight.close();
        slowClients.close();
        forked.close();
    }

    @After(value = "@Http and @Reliability", order = 1)
    public void stopListening() {
        log.stop();
    }
}
