package io.loomarena.http.server.stage;

import java.time.Duration;

import io.loomarena.http.server.Stage;

/**
 * One thread does everything: the acceptor serves each connection itself, until it closes, before it accepts the
 * next. A kept-alive connection therefore holds the whole server; the per-connection request limit and the idle
 * timeout are what hand it over to the next client.
 */
public final class SingleThreadedStage implements ConcurrencyStage {

    /**
     * An idle kept-alive connection holds the only thread, so it is let go after 1 s once another client waits (one
     * that nobody waits for may stay idle longer). Most hand-overs do not need it: a response that begins while
     * another client waits closes its connection after it, announced with {@code Connection: close}. An idle close,
     * unannounced, can race with a request the client sends just then; 1 s rather than less keeps that unlikely for a
     * benchmark client that is only slow to be scheduled. 100 requests per connection rather than 1,000, so that one
     * busy connection hands over to waiting ones in under a second.
     */
    static final Defaults DEFAULTS = new Defaults(Duration.ofSeconds(1), 100);

    @Override
    public Stage stage() {
        return Stage.SINGLE_THREADED;
    }

    @Override
    public void dispatch(Runnable connection) {
        connection.run();
    }

    @Override
    public boolean servesOnAcceptor() {
        return true;
    }
}
