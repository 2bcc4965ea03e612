package io.loomarena.http.server.stage;

import java.util.concurrent.ThreadFactory;

import io.loomarena.http.server.Stage;
import io.loomarena.measure.ModelThreads;

/**
 * A new virtual thread per connection ({@code http-virtual-N}); blocking socket reads, sleeps and downstream calls
 * unmount it from its carrier, so the number of connections in progress is bounded by memory, not by threads.
 * Content is read from disk on every request, as in the platform stages.
 */
public final class VirtualStage implements ConcurrencyStage {

    private final ThreadFactory threads = ModelThreads.factory(Stage.VIRTUAL.threadPrefix(), true);

    @Override
    public Stage stage() {
        return Stage.VIRTUAL;
    }

    @Override
    public void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }
}
