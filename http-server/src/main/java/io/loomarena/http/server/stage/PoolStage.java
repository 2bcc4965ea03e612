package io.loomarena.http.server.stage;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.loomarena.model.ServerModel;

/**
 * A fixed pool of platform threads ({@code http-pool-N}); a thread serves one connection until it closes.
 * Policy when every thread is busy: accepted connections wait in a queue of {@link #QUEUE_CAPACITY}; beyond it the
 * connection is rejected (the server answers 503 and closes it). Shutdown lets queued connections run.
 */
public final class PoolStage implements ConcurrencyStage {

    /** Connections that may wait for a free thread. */
    public static final int QUEUE_CAPACITY = 10_000;

    private final ThreadPoolExecutor pool;

    public PoolStage(int size) {
        pool = new ThreadPoolExecutor(size, size, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(QUEUE_CAPACITY),
                ServerModel.POOL.threads(THREAD_NAMES), new ThreadPoolExecutor.AbortPolicy());
        pool.prestartAllCoreThreads();
    }

    @Override
    public ServerModel model() {
        return ServerModel.POOL;
    }

    @Override
    public void dispatch(Runnable connection) {
        pool.execute(connection);
    }

    @Override
    public void shutdown() {
        pool.shutdown();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
