package io.loomarena.testing.http;

import io.cucumber.java.After;
import io.loomarena.testing.http.support.ConcurrentClients;
import io.loomarena.testing.http.support.HttpExchanges;
import io.loomarena.testing.http.support.MisbehavingClients;
import io.loomarena.testing.http.support.RawExchanges;
import io.loomarena.testing.http.support.ServerUnderTest;

/** Closes what an @Http scenario opened: clients first, then the servers. */
public class HttpHooks {

    private final ServerUnderTest server;
    private final HttpExchanges http;
    private final RawExchanges raw;
    private final MisbehavingClients misbehaving;
    private final ConcurrentClients concurrent;

    public HttpHooks(ServerUnderTest server, HttpExchanges http, RawExchanges raw, MisbehavingClients misbehaving,
                     ConcurrentClients concurrent) {
        this.server = server;
        this.http = http;
        this.raw = raw;
        this.misbehaving = misbehaving;
        this.concurrent = concurrent;
    }

    @After("@Http")
    public void closeClientsThenServers() {
        http.close();
        raw.close();
        misbehaving.close();
        concurrent.close();
        server.close();
    }
}
