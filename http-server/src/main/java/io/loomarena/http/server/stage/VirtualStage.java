package io.loomarena.http.server.stage;

import java.util.concurrent.ThreadFactory;

import io.loomarena.model.ServerModel;

/**
 * A new virtual thread per connection ({@code http-virtual-N}); blocking socket reads, sleeps and downstream calls
 * unmount it from its carrier, so the number of connections in progress is bounded by memory, not by threads.
 * Downstream calls run on virtual threads too. Whether content is cached is the server's option, not this class's.
 */
public final class VirtualStage implements ConcurrencyStage {

    private final ThreadFactory threads = ServerModel.VIRTUAL.threads(THREAD_NAMES);

    @Override
    public ServerModel model() {
        return ServerModel.VIRTUAL;
    }

    @Override
    public void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }
}
