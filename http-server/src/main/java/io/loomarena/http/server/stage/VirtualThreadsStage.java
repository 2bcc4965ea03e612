package io.loomarena.http.server.stage;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.function.UnaryOperator;

import io.loomarena.measure.ModelThreads;

/**
 * What the two virtual-thread stages share: a new virtual thread per connection, named after the stage, and
 * downstream calls on virtual threads too.
 */
abstract class VirtualThreadsStage implements ConcurrencyStage {

    private final ThreadFactory threads = ModelThreads.factory(stage().threadPrefix(), true);

    @Override
    public final void dispatch(Runnable connection) {
        threads.newThread(connection).start();
    }

    @Override
    public final ExecutorService downstreamCalls(UnaryOperator<ThreadFactory> counted) {
        return Executors.newThreadPerTaskExecutor(counted.apply(
                ModelThreads.factory(stage().threadPrefix() + "-downstream", true)));
    }
}
