package io.loomarena.echo.server;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The models that hand each accepted connection to an executor ({@code platform}, {@code pool}, {@code virtual}): the
 * model chooses only the executor; the accept loop submits, close shuts the executor down. Each connection is served
 * on one executor thread from start to end.
 */
abstract class ExecutorEchoServer extends AbstractEchoServer {

    private final ExecutorService connections;

    protected ExecutorEchoServer(EchoServerConfig config, ExecutorService connections) {
        super(config);
        this.connections = connections;
    }

    @Override
    protected final void dispatch(Socket socket) {
        connections.execute(() -> serve(socket));
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
