package io.loomarena.http.server.stage;

import io.loomarena.model.ServerModel;

/**
 * One thread does everything: the acceptor serves each connection itself, until it closes, before it accepts the
 * next. A kept-alive connection therefore holds the whole server; the per-connection request limit and the idle
 * timeout (shorter for this model, see {@code ServerConfig}) are what hand it over to the next client.
 */
public final class SingleStage implements ConcurrencyStage {

    @Override
    public ServerModel model() {
        return ServerModel.SINGLE;
    }

    @Override
    public void dispatch(Runnable connection) {
        connection.run();
    }
}
