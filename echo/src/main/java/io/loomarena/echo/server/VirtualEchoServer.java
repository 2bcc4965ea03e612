package io.loomarena.echo.server;

import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.loomarena.measure.ModelThreads;

/**
 * The {@code virtual} model: a new virtual thread per connection, named {@code echo-virtual-N}. A blocked read or
 * write parks the virtual thread and frees its carrier, so thousands of mostly idle connections cost little.
 */
final class VirtualEchoServer extends AbstractEchoServer {

    private final ExecutorService connections;

    VirtualEchoServer(EchoServerConfig config) {
        super(config);
        connections = Executors.newThreadPerTaskExecutor(ModelThreads.factory(config.model().threadPrefix(), true));
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
