package io.loomarena.echo.server;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.loomarena.measure.ModelThreads;

/**
 * The {@code pool} model: a fixed pool of {@code poolSize} platform threads named {@code echo-pool-N}, all started
 * with the server. A thread serves
 * one connection to its end, so connections beyond the pool size wait, accepted, in a queue of at most
 * {@code backlog} entries until a thread is free (a connection arriving when the queue is full is closed).
 */
final class PoolEchoServer extends ExecutorEchoServer {

    PoolEchoServer(EchoServerConfig config) {
        super(config, new ThreadPoolExecutor(config.poolSize(), config.poolSize(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(config.backlog()),
                ModelThreads.factory(config.model().threadPrefix(), false)));
    }
}
