package io.loomarena.http.server.stage;

import java.util.concurrent.RejectedExecutionException;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;

/**
 * How one stage runs connections: the acceptor thread hands each accepted connection to {@link #dispatch}, and the
 * stage decides on which thread it is served. Everything else (parser, router, response writer) is shared.
 * Implementations are thread-safe; {@code dispatch} is called by the acceptor thread only.
 */
public interface ConcurrencyStage extends AutoCloseable {

    Stage stage();

    /**
     * Serves one connection on this stage's threads. {@code single-threaded} runs it right here, on the acceptor.
     *
     * @throws RejectedExecutionException when the stage cannot take another connection
     */
    void dispatch(Runnable connection);

    /** Whether {@code /data.json} and {@code /files/} come from memory (loaded once) rather than from disk. */
    default boolean cachesContent() {
        return false;
    }

    /** Takes no new connection; connections already dispatched (or queued) still run. */
    default void shutdown() {
    }

    /** Stops the stage's threads that are left, after a shutdown. */
    @Override
    default void close() {
    }

    /** The stage of a configuration, as one object: the only place that chooses between them. */
    static ConcurrencyStage of(ServerConfig config) {
        return switch (config.stage()) {
            case SINGLE_THREADED -> new SingleThreadedStage();
            case THREAD_PER_REQUEST -> new ThreadPerRequestStage();
            case THREAD_POOL -> new ThreadPoolStage(config.poolSize());
            case VIRTUAL -> new VirtualStage();
            case VIRTUAL_CACHED -> new VirtualCachedStage();
        };
    }
}
