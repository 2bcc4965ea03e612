package io.loomarena.http.server.stage;

import io.loomarena.http.server.Stage;

/**
 * One thread does everything: the acceptor serves each connection itself, until it closes, before it accepts the
 * next. A kept-alive connection therefore holds the whole server; the per-connection request limit and the idle
 * timeout are what hand it over to the next client.
 */
public final class SingleThreadedStage implements ConcurrencyStage {

    @Override
    public Stage stage() {
        return Stage.SINGLE_THREADED;
    }

    @Override
    public void dispatch(Runnable connection) {
        connection.run();
    }
}
