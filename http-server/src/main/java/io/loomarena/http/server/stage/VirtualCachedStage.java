package io.loomarena.http.server.stage;

import java.util.concurrent.ThreadFactory;

import io.loomarena.http.server.Stage;
import io.loomarena.measure.ModelThreads;

/**
 * {@link VirtualStage} plus memory: {@code /data.json} is loaded once at start and static files once at their first
 * request, each kept as a prepared response ({@code http-virtual-cached-N} threads).
 */
public final class VirtualCachedStage implements ConcurrencyStage {

    private final ThreadFactory threads = ModelThreads.factory(Stage.VIRTUAL_CACHED.threadPrefix(), true);

    @Override
    public Stage stage() {
        return Stage.VIRTUAL_CACHED;
    }

    @Override
    public void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }

    @Override
    public boolean cachesContent() {
        return true;
    }
}
