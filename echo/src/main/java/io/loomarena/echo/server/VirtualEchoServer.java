package io.loomarena.echo.server;

import java.util.concurrent.Executors;

import io.loomarena.measure.ModelThreads;

/**
 * The {@code virtual} model: a new virtual thread per connection, named {@code echo-virtual-N}. A blocked read or
 * write parks the virtual thread and frees its carrier, so thousands of mostly idle connections cost little.
 */
final class VirtualEchoServer extends ExecutorEchoServer {

    VirtualEchoServer(EchoServerConfig config) {
        super(config, Executors.newThreadPerTaskExecutor(ModelThreads.factory(config.model().threadPrefix(), true)));
    }
}
