package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.loomarena.http.server.connection.ConnectionContext;
import io.loomarena.measure.ModelThreads;

/**
 * One event loop of the HTTP server: one platform thread, one {@link Selector}, and the connections registered on
 * it. The thread never blocks except in {@code select}: it reads what a socket has, answers what is complete, writes
 * what the socket takes, runs the tasks other threads hand it ({@link #execute}: a connection to adopt, a
 * {@code /cpu} or {@code /fanout} answer that is ready) and its timers ({@link #schedule}: {@code /io}), and every
 * {@link #SWEEP_NANOS} looks at its connections' deadlines (header, idle, body and write timeouts, as late as the
 * blocking models' watchdog).
 * <p>Threading: {@link #execute} and {@link #stop} from any thread; everything else on the loop's thread.
 */
final class HttpLoop implements Runnable {

    private static final System.Logger LOG = System.getLogger(HttpLoop.class.getName());

    /** How often deadlines are checked, as often as the blocking models' watchdog. */
    static final long SWEEP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** A task due at a time ({@link System#nanoTime()}); ties run in the order they were scheduled. */
    private record Timer(long due, long sequence, Runnable task) implements Comparable<Timer> {
        @Override
        public int compareTo(Timer other) {
            int byTime = Long.compare(due - other.due, 0);
            return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
        }
    }

    private final Selector selector;
    private final Thread thread;
    private final EventLoopStage stage;
    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<Timer> timers = new PriorityQueue<>();
    private final Set<LoopConnection> connections = new HashSet<>();
    /** What the selector does with each ready key: made once, not per select. */
    private final Consumer<SelectionKey> onReady = this::ready;
    private volatile boolean stopped;
    private long sequence;

    HttpLoop(String name, EventLoopStage stage) throws IOException {
        this.selector = Selector.open();
        this.stage = stage;
        this.thread = ModelThreads.platform(name, this);
    }

    void start() {
        thread.start();
    }

    EventLoopStage stage() {
        return stage;
    }

    /** Runs {@code task} on the loop's thread, soon (any thread). */
    void execute(Runnable task) {
        tasks.add(task);
        if (Thread.currentThread() != thread) {
            selector.wakeup();
        }
    }

    /** Runs {@code task} on the loop's thread after {@code delayNanos} (loop thread only). */
    void schedule(long delayNanos, Runnable task) {
        timers.add(new Timer(System.nanoTime() + delayNanos, sequence++, task));
    }

    /** Takes an accepted socket: the loop registers it and serves it from now on (any thread). */
    void adopt(SocketChannel socket, ConnectionContext context) {
        LoopConnection connection = new LoopConnection(this, socket, context);
        execute(() -> {
            try {
                socket.configureBlocking(false);
                SelectionKey key = socket.register(selector, SelectionKey.OP_READ, connection);
                connections.add(connection);
                connection.registered(key);
            } catch (IOException | RuntimeException e) {
                // Closed before it was registered (a forced stop, a reset): nothing to serve.
                connection.close();
            }
        });
    }

    /** Forgets a closed connection. */
    void closed(LoopConnection connection) {
        connections.remove(connection);
    }

    /** Ends the loop: its connections are closed (any thread); returns once the thread has ended or time ran out. */
    void stop(long timeoutMillis) throws InterruptedException {
        stopped = true;
        selector.wakeup();
        if (Thread.currentThread() != thread && thread.isAlive()) {
            thread.join(timeoutMillis);
        }
    }

    @Override
    public void run() {
        long nextSweep = System.nanoTime() + SWEEP_NANOS;
        try {
            while (!stopped) {
                select(Math.min(nextSweep, timers.isEmpty() ? Long.MAX_VALUE : timers.peek().due()));
                runTasks();
                long now = System.nanoTime();
                runTimers(now);
                if (now - nextSweep >= 0) {
                    for (LoopConnection connection : new ArrayList<>(connections)) {
                        try {
                            connection.checkDeadlines(now);
                        } catch (RuntimeException e) {
                            failed(connection, e);
                        }
                    }
                    nextSweep = now + SWEEP_NANOS;
                }
            }
        } catch (IOException e) {
            LOG.log(System.Logger.Level.ERROR, "event loop failed", e);
        } finally {
            for (LoopConnection connection : new ArrayList<>(connections)) {
                connection.close();
            }
            runTasks(); // adoptions and hand-overs that came in late: they find their connection closed
            try {
                selector.close();
            } catch (IOException e) {
                // Nothing left to release.
            }
        }
    }

    /**
     * Waits for ready sockets (not past {@code dueNanos}) and serves each one as the selector finds it: the action form
     * of select keeps no selected-key set, so a ready socket costs no set entry and no iterator.
     */
    private void select(long dueNanos) throws IOException {
        if (!tasks.isEmpty()) {
            selector.selectNow(onReady);
            return;
        }
        long waitNanos = dueNanos - System.nanoTime();
        if (waitNanos <= 0) {
            selector.selectNow(onReady);
        } else {
            selector.select(onReady, Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos + 999_999)));
        }
    }

    private void ready(SelectionKey key) {
        LoopConnection connection = (LoopConnection) key.attachment();
        if (!key.isValid()) {
            connection.close();
            return;
        }
        try {
            connection.ready(key.readyOps());
        } catch (RuntimeException e) {
            failed(connection, e);
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "event loop task failed", e);
            }
        }
    }

    private void runTimers(long now) {
        while (!timers.isEmpty() && now - timers.peek().due() >= 0) {
            Runnable task = timers.poll().task();
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.ERROR, "event loop timer failed", e);
            }
        }
    }

    /** A bug in a connection's work: it answers 500 and closes that connection, never the loop's others. */
    private static void failed(LoopConnection connection, RuntimeException e) {
        LOG.log(System.Logger.Level.ERROR, "request failed", e);
        connection.failed();
    }
}
