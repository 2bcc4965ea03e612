package io.loomarena.http.server.stage;

import java.util.concurrent.ThreadFactory;

import io.loomarena.model.ServerModel;

/**
 * A new platform thread per connection ({@code http-platform-N}), which serves every request of that connection and
 * ends with it. Unbounded: each connection costs a platform thread and its stack.
 */
public final class PlatformStage implements ConcurrencyStage {

    private final ThreadFactory threads = ServerModel.PLATFORM.threads(THREAD_NAMES);

    @Override
    public ServerModel model() {
        return ServerModel.PLATFORM;
    }

    @Override
    public void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }
}
