package io.loomarena.http.server.stage;

import java.nio.channels.SocketChannel;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.function.UnaryOperator;

import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.connection.ConnectionContext;
import io.loomarena.http.server.connection.BlockingConnection;
import io.loomarena.http.server.loop.EventLoopStage;
import io.loomarena.measure.ModelThreads;
import io.loomarena.model.ServerModel;

/**
 * What makes one server model differ from another in the HTTP server, decided in the model's own class: on which
 * thread an accepted connection is served ({@link #dispatch}) and on which threads {@code /fanout} makes its
 * downstream calls. Everything else (parser, router, response writer, where content comes from, the yield before an
 * idle read) is shared, and {@code HttpServer} asks the stage rather than testing which model it is. Implementations
 * are thread-safe; {@code dispatch} is called by the acceptor thread only.
 */
public interface ConcurrencyStage extends AutoCloseable {

    /** What the HTTP server's thread names start with: {@code http-virtual-N}, {@code http-pool-acceptor}. */
    String THREAD_NAMES = "http";

    ServerModel model();

    /**
     * Serves one connection on this model's threads. {@code single} runs it right here, on the acceptor.
     *
     * @throws RejectedExecutionException when the stage cannot take another connection
     */
    void dispatch(Runnable connection);

    /**
     * The threads on which {@code /fanout} makes its downstream calls: platform threads, named after the model, unless
     * the model's own threads are virtual. {@code counted} wraps the factory (the server counts virtual threads).
     */
    default ExecutorService downstreamCalls(UnaryOperator<ThreadFactory> counted) {
        ThreadFactory threads = ModelThreads.factory(model().threadPrefix(THREAD_NAMES) + "-downstream",
                model().virtualThreads());
        return model().virtualThreads() ? Executors.newThreadPerTaskExecutor(counted.apply(threads))
                : Executors.newCachedThreadPool(counted.apply(threads));
    }

    /**
     * The threads on which {@code /db}'s blocking JDBC call runs when the serving thread must not block (the event
     * loop): one virtual thread per call, {@code http-<model>-db-N}, each waiting in the pool's queue as a blocking
     * model's serving thread does, so that the pool stays the ceiling on every model (a bounded executor would put a
     * second, smaller queue in front of it). There are never more than the connections waiting for a {@code /db}
     * answer, since a connection parses no next request before it is answered. Models whose serving threads may block
     * run {@code /db} on them and never use these. {@code counted} wraps the factory (the server counts virtual
     * threads).
     */
    default ExecutorService databaseCalls(UnaryOperator<ThreadFactory> counted) {
        return Executors.newThreadPerTaskExecutor(counted.apply(
                ModelThreads.factory(model().threadPrefix(THREAD_NAMES) + "-db", true)));
    }

    /**
     * Whether connections are served on the acceptor thread, so that the listener must watch for a client waiting to
     * be accepted and a connection must hand the thread over when one does.
     */
    default boolean servesOnAcceptor() {
        return model().servesOnAcceptor();
    }

    /**
     * Serves an accepted socket (called by the acceptor thread): by default a {@link BlockingConnection} run by
     * {@link #dispatch}, answered 503 when the stage cannot take it. The event loop registers the socket on a loop.
     */
    default void serve(SocketChannel socket, ConnectionContext context) {
        BlockingConnection connection = new BlockingConnection(socket.socket(), context);
        try {
            dispatch(connection);
        } catch (RejectedExecutionException e) {
            // The stage is full (pool queue) or stopping: 503 and close.
            connection.reject();
        } catch (OutOfMemoryError e) {
            // No native thread left for a new platform thread: refuse this one, keep serving the others.
            connection.reject();
        }
    }

    /**
     * Whether the stage must serve {@code /data.json} and files from memory, read before the first request (as
     * {@code --cache-content} does): a thread that must never block cannot read a file per request.
     */
    default boolean contentInMemory() {
        return false;
    }

    /** Takes no new connection; connections already dispatched (or queued) still run. */
    default void shutdown() {
    }

    /** Stops the stage's threads that are left, after a shutdown. */
    @Override
    default void close() {
    }

    /**
     * Whether the HTTP server has a stage for {@code model}, which serves every endpoint and runs every HTTP scenario.
     * {@code netty} has none: {@code serve --model netty} runs {@code NettyHttpServer}, Netty's own HTTP server and a
     * reference for {@code /ping} and {@code /data.json} only ({@code NettyHttpServer.ENDPOINTS}), measured in the
     * ping suite alone.
     */
    static boolean implemented(ServerModel model) {
        return model != ServerModel.NETTY;
    }

    /**
     * The stage of a configuration's model, as one object: the only place that chooses between them.
     *
     * @throws IllegalArgumentException for a model the HTTP server does not implement ({@link #implemented})
     */
    static ConcurrencyStage of(ServerConfig config) {
        return switch (config.model()) {
            case SINGLE -> new SingleStage();
            case PLATFORM -> new PlatformStage();
            case POOL -> new PoolStage(config.poolSize());
            case VIRTUAL -> new VirtualStage();
            case EVENT_LOOP -> new EventLoopStage(config.loops());
            case NETTY -> throw new IllegalArgumentException("the HTTP server has no " + config.model()
                    + " stage: NettyHttpServer serves it (RunningServer.start)");
        };
    }
}
