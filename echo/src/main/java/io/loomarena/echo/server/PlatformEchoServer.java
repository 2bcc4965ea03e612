package io.loomarena.echo.server;

import java.util.concurrent.Executors;

/**
 * The {@code platform} model: a new platform thread per connection, named {@code echo-platform-N}, ending with its
 * connection. Threads are not reused and not bounded in number: the operating system's limits are the model's limits.
 */
final class PlatformEchoServer extends ExecutorEchoServer {

    PlatformEchoServer(EchoServerConfig config) {
        super(config, Executors.newThreadPerTaskExecutor(config.model().threads(THREAD_NAMES)));
    }
}
