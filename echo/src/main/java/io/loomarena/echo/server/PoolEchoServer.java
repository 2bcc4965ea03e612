package io.loomarena.echo.server;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The {@code pool} model: a fixed pool of {@code poolSize} platform threads named {@code echo-pool-N}, all started
 * with the server. A thread serves one connection to its end, so connections beyond the pool size wait, accepted, in
 * a queue of at most {@code backlog} connections until a thread is free; a connection arriving when
 * {@code poolSize + backlog} connections are already served or waiting is closed at once.
 */
final class PoolEchoServer extends ExecutorEchoServer {

    PoolEchoServer(EchoServerConfig config) {
        super(config, new ThreadPoolExecutor(config.poolSize(), config.poolSize(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), config.model().threads(THREAD_NAMES)),
                config.poolSize() + config.backlog());
    }
}
