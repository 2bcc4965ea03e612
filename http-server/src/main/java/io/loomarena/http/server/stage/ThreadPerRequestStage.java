package io.loomarena.http.server.stage;

import java.util.concurrent.ThreadFactory;

import io.loomarena.http.server.Stage;
import io.loomarena.measure.ModelThreads;

/**
 * A new platform thread per connection ({@code http-thread-per-request-N}), which serves every request of that
 * connection and ends with it. Unbounded: each connection costs a platform thread and its stack.
 */
public final class ThreadPerRequestStage implements ConcurrencyStage {

    private final ThreadFactory threads = ModelThreads.factory(Stage.THREAD_PER_REQUEST.threadPrefix(), false);

    @Override
    public Stage stage() {
        return Stage.THREAD_PER_REQUEST;
    }

    @Override
    public void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }
}
