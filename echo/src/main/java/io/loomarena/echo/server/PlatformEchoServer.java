package io.loomarena.echo.server;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.loomarena.measure.ModelThreads;

/**
 * The {@code platform} model: a new platform thread per connection, named {@code echo-platform-N}, ending with its
 * connection. Threads are not reused and not bounded in number: the operating system's limits are the model's limits.
 */
final class PlatformEchoServer extends AbstractEchoServer {

    private final ExecutorService connections;

    PlatformEchoServer(EchoServerConfig config) {
        super(config);
        connections = Executors.newThreadPerTaskExecutor(ModelThreads.factory(config.model().threadPrefix(), false));
    }

    @Override
    protected void dispatch(Socket socket) {
        connections.execute(() -> serve(socket));
    }

    @Override
    protected void stopConnectionThreads(Duration timeout) {
        shutdownAndAwait(connections, timeout);
    }
}
