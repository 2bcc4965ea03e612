package io.loomarena.http.server.stage;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.function.UnaryOperator;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.Stage;
import io.loomarena.http.server.endpoint.ContentSource;
import io.loomarena.http.server.endpoint.DiskContent;
import io.loomarena.http.server.endpoint.Docroot;
import io.loomarena.measure.ModelThreads;

/**
 * Everything that makes one stage differ from another, decided in the stage's own class: on which thread an accepted
 * connection is served ({@link #dispatch}), where content comes from, on which threads {@code /fanout} makes its
 * downstream calls, whether the acceptor must watch for a waiting client, and the stage's defaults. Everything else
 * (parser, router, response writer, the yield before an idle read) is shared, and {@code HttpServer} asks the stage
 * rather than testing which stage it is. Implementations are thread-safe; {@code dispatch} is called by the acceptor
 * thread only.
 */
public interface ConcurrencyStage extends AutoCloseable {

    /**
     * A stage's defaults for a connection's life. Immutable.
     *
     * @param idleTimeout              how long a kept-alive connection may wait for its next request
     * @param maxRequestsPerConnection requests served on one connection before it is closed (as nginx's
     *                                 {@code keepalive_requests})
     */
    record Defaults(Duration idleTimeout, int maxRequestsPerConnection) {

        /** The defaults of every stage that does not say otherwise. */
        public static final Defaults STANDARD = new Defaults(Duration.ofSeconds(30), 1000);
    }

    Stage stage();

    /**
     * Serves one connection on this stage's threads. {@code single-threaded} runs it right here, on the acceptor.
     *
     * @throws RejectedExecutionException when the stage cannot take another connection
     */
    void dispatch(Runnable connection);

    /** Where {@code /data.json} and {@code /files/} come from: the disk, on every request, unless the stage caches. */
    default ContentSource content(Path dataFile, Docroot docroot) throws IOException {
        return new DiskContent(dataFile, docroot);
    }

    /**
     * The threads on which {@code /fanout} makes its downstream calls: platform threads, named after the stage, unless
     * the stage's own threads are virtual. {@code counted} wraps the factory (the server counts virtual threads).
     */
    default ExecutorService downstreamCalls(UnaryOperator<ThreadFactory> counted) {
        return Executors.newCachedThreadPool(counted.apply(
                ModelThreads.factory(stage().threadPrefix() + "-downstream", false)));
    }

    /**
     * Whether connections are served on the acceptor thread, so that the listener must watch for a client waiting to
     * be accepted and a connection must hand the thread over when one does.
     */
    default boolean servesOnAcceptor() {
        return false;
    }

    /** Takes no new connection; connections already dispatched (or queued) still run. */
    default void shutdown() {
    }

    /** Stops the stage's threads that are left, after a shutdown. */
    @Override
    default void close() {
    }

    /** The defaults of a stage, before any stage object exists (a configuration is built from them). */
    static Defaults defaults(Stage stage) {
        return stage == Stage.SINGLE_THREADED ? SingleThreadedStage.DEFAULTS : Defaults.STANDARD;
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
