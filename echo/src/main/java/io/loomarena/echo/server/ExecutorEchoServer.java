package io.loomarena.echo.server;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The models that hand each accepted connection to an executor ({@code platform}, {@code pool}, {@code virtual}): the
 * model chooses only the executor and, optionally, how many connections it admits at once (served or waiting); the
 * accept loop submits, close shuts the executor down. Each connection is served on one executor thread from start
 * to end.
 */
abstract class ExecutorEchoServer extends AbstractEchoServer {

    private final ExecutorService connections;
    /** Connections admitted and not finished (served or waiting for a thread); {@code null}: no limit. */
    private final Semaphore admitted;
    private final int admissionLimit;

    /** A model that admits every connection. */
    protected ExecutorEchoServer(EchoServerConfig config, ExecutorService connections) {
        this(config, connections, 0);
    }

    /**
     * A model that admits at most {@code admissionLimit} connections at once, counting those served and those waiting
     * for a thread; a connection beyond it is rejected (the accept loop closes it). 0 means no limit.
     */
    protected ExecutorEchoServer(EchoServerConfig config, ExecutorService connections, int admissionLimit) {
        super(config);
        this.connections = connections;
        this.admissionLimit = admissionLimit;
        this.admitted = admissionLimit > 0 ? new Semaphore(admissionLimit) : null;
    }

    @Override
    protected final void dispatch(Socket socket) {
        if (admitted == null) {
            connections.execute(() -> serve(socket));
            return;
        }
        // Counted here rather than by the executor's queue capacity: a queue counts a connection until a thread has
        // taken it, so a burst could be rejected while threads were still idle.
        if (!admitted.tryAcquire()) {
            throw new RejectedExecutionException(admissionLimit + " connections are already served or waiting");
        }
        try {
            connections.execute(() -> {
                try {
                    serve(socket);
                } finally {
                    admitted.release();
                }
            });
        } catch (RuntimeException | Error e) {
            admitted.release();
            throw e;
        }
    }

    @Override
    protected final void startConnectionThreads() {
        // A fixed pool has all its threads from the start, so its thread count does not depend on its history.
        if (connections instanceof ThreadPoolExecutor pool) {
            pool.prestartAllCoreThreads();
        }
    }

    @Override
    protected final void stopConnectionThreads(Duration timeout) {
        shutdownAndAwait(connections, timeout);
    }
}
