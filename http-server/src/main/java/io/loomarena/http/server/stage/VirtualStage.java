package io.loomarena.http.server.stage;

import io.loomarena.http.server.Stage;

/**
 * A new virtual thread per connection ({@code http-virtual-N}); blocking socket reads, sleeps and downstream calls
 * unmount it from its carrier, so the number of connections in progress is bounded by memory, not by threads.
 * Content is read from disk on every request, as in the platform stages.
 */
public final class VirtualStage extends VirtualThreadsStage {

    @Override
    public Stage stage() {
        return Stage.VIRTUAL;
    }
}
