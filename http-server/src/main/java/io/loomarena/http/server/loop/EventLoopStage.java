package io.loomarena.http.server.loop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.connection.ConnectionContext;
import io.loomarena.http.server.stage.ConcurrencyStage;
import io.loomarena.measure.ModelThreads;
import io.loomarena.model.ServerModel;

/**
 * The {@code event-loop} model of the HTTP server: {@code --loops} event loops ({@link HttpLoop}, threads
 * {@code http-event-loop-N}), each a selector serving its share of the connections (handed out round-robin by the
 * acceptor) with non-blocking sockets, through the same parser, limits, router and response writer as the blocking
 * models ({@link LoopConnection}). The loops never block:
 * <ul>
 * <li>{@code /io?ms=N} completes on its loop's timer, N ms later;</li>
 * <li>{@code /fanout} calls its downstream with the JDK HTTP client's {@code sendAsync}, each call sent when the
 *     last answered; the answer comes back to the loop as a task;</li>
 * <li>{@code /db} runs its JDBC call off the loops on {@code databaseCalls} (one virtual thread per call,
 *     {@code http-event-loop-db-N}), which queue in the connection pool as every model's serving threads do: pgjdbc
 *     blocks its thread, and a bounded executor would be a second queue in front of the pool, the ceiling in its
 *     place;</li>
 * <li>{@code /cpu?n=N} runs on {@link #compute}, a fixed pool of one platform thread per loop
 *     ({@code http-event-loop-cpu-N}) with a bounded queue (503 when full): up to a second of computing on a loop
 *     would stall every other connection of that loop, and one thread per loop is as much CPU as the loops
 *     themselves may use;</li>
 * <li>{@code /data.json} and {@code /files/} are read at start ({@link #contentInMemory()}), because a loop must
 *     not wait for a disk: files up to 8 MiB into memory, as {@code --cache-content} does, larger ones mapped
 *     read-only and loaded into the page cache ({@code CachedContent.preloaded}). A mapped file costs no heap and
 *     leaves as it is: the connection queues the mapping (no copy) and the loop writes it to the non-blocking socket
 *     as far as the socket takes it, so a slow reader holds a view of the mapping, not a buffer. Chosen over
 *     {@code transferTo} per request (it would open and stat the file on the loop, and sendfile may wait for the
 *     disk when a page is not cached) and over reading on first request off the loop (a first request would wait,
 *     and the content would be copied into the heap).</li>
 * </ul>
 * Thread-safe: {@link #serve} is called by the acceptor thread, the rest by the server's owner.
 */
public final class EventLoopStage implements ConcurrencyStage {

    /** {@code /cpu} requests waiting for a thread before more are answered 503. */
    static final int CPU_QUEUE = 10_000;

    private final List<HttpLoop> loops = new ArrayList<>();
    private final ThreadPoolExecutor cpu;
    private int next;

    /** Starts {@code loopCount} loops and the {@code /cpu} threads. */
    public EventLoopStage(int loopCount) {
        String prefix = model().threadPrefix(THREAD_NAMES);
        try {
            for (int i = 0; i < loopCount; i++) {
                loops.add(new HttpLoop(prefix + "-" + i, this));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open a selector", e);
        }
        this.cpu = new ThreadPoolExecutor(loopCount, loopCount, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(CPU_QUEUE), ModelThreads.factory(prefix + "-cpu", false));
        loops.forEach(HttpLoop::start);
    }

    @Override
    public ServerModel model() {
        return ServerModel.EVENT_LOOP;
    }

    /** Registers the accepted socket on the next loop, round-robin. */
    @Override
    public void serve(SocketChannel socket, ConnectionContext context) {
        HttpLoop loop = loops.get(next);
        next = (next + 1) % loops.size();
        loop.adopt(socket, context);
    }

    /** Runs a task on one of the loops (tests; the server hands connections over with {@link #serve}). */
    @Override
    public void dispatch(Runnable connection) {
        loops.get(0).execute(connection);
    }

    @Override
    public boolean contentInMemory() {
        return true;
    }

    /** Runs {@code work} on a {@code /cpu} thread. @throws RejectedExecutionException when the queue is full */
    void compute(Runnable work) {
        cpu.execute(work);
    }

    @Override
    public void close() {
        cpu.shutdownNow();
        for (HttpLoop loop : loops) {
            try {
                loop.stop(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
