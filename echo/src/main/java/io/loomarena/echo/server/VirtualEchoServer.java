package io.loomarena.echo.server;

import java.util.concurrent.Executors;

/**
 * The {@code virtual} model: a new virtual thread per connection, named {@code echo-virtual-N}. A blocked read or
 * write parks the virtual thread and frees its carrier, so thousands of mostly idle connections cost little.
 */
final class VirtualEchoServer extends ExecutorEchoServer {

    VirtualEchoServer(EchoServerConfig config) {
        super(config, Executors.newThreadPerTaskExecutor(config.model().threads(THREAD_NAMES)));
    }
}
