package io.loomarena.http.load;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import io.loomarena.measure.TimeoutWatchdog;
import io.loomarena.model.ClientModel;

/**
 * Runs one {@link LoadConfig}: {@code connections} client threads of the configured model, each owning one
 * {@link ClientConnection}, started together (closed or rate-driven); or, for a ramp, one thread per user started at
 * its due time. Latency is measured from the send time in the closed model and from the due time in the open models,
 * so that a server that falls behind shows it in the latency (coordinated omission corrected).
 * <p>
 * Threading: {@link #execute(Runnable)} runs on the calling thread, which starts the client threads, releases them
 * together, waits for all of them and returns; each client thread touches only its own connection and reader, the
 * shared countdown, and its lane of {@link Tallies}. Nothing is printed while the threads run.
 * <p>
 * One instance is one run: threads, connections, tallies and watchdog are its own. An
 * {@link io.loomarena.measure.IterationLoop iteration} of the {@code load} command is therefore a new {@code LoadRun},
 * and measures the same work as a lone run does, only with warm code.
 */
final class LoadRun {

    /** What the client's thread names start with: {@code http-load-virtual-N}. */
    static final String THREAD_NAMES = "http-load";

    /**
     * What a run measured.
     *
     * @param startedAt    when the client threads were released
     * @param elapsedNanos from the release to the end of the last client thread
     * @param total        successes, failures and latencies
     * @param unsent       requests not sent: of a {@code --requests} run because {@link LoadDefaults#MAX_RUN} passed,
     *                     of an open {@code --duration} run because the client fell too far behind its schedule
     * @param failure      why the run did not complete as configured (a client thread crashed, the run was
     *                     interrupted), or {@code null}; what was measured until then is still in {@code total}
     */
    record Outcome(Instant startedAt, long elapsedNanos, Tallies.Total total, long unsent, String failure) {

        /** A run that measured nothing, because it could not run: {@code failure} says why. */
        static Outcome nothing(String failure) {
            return new Outcome(Instant.now(), 0, Tallies.Total.none(), 0, failure);
        }
    }

    private final LoadConfig config;
    private final ThreadFactory threads;
    private final BodyCheck bodyCheck;
    private final Tallies tallies;
    private final TimeoutWatchdog watchdog;
    private final boolean yieldBeforeRead;
    private final AtomicLong remaining;
    private final AtomicLong unsent = new AtomicLong();
    private final AtomicReference<Throwable> crash = new AtomicReference<>();
    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    /**
     * Written by the calling thread before {@link #go} opens, read by the client threads after. The latch already
     * orders the two; volatile makes the write of this 64-bit value atomic and the publication plain to see.
     */
    private volatile long startNanos;
    /** Whether the run was given up before {@link #go} opened (the client threads then send nothing); as above. */
    private volatile boolean abandoned;

    LoadRun(LoadConfig config) {
        this.config = config;
        this.threads = config.client().threads(THREAD_NAMES);
        this.bodyCheck = BodyCheck.forPath(config.target().path());
        this.tallies = new Tallies(config.connections());
        this.watchdog = new TimeoutWatchdog("http-load-timeouts", TimeoutWatchdog.tickFor(config.timeout().toNanos()));
        this.yieldBeforeRead = config.client() == ClientModel.VIRTUAL && config.ramp() == null
                && config.connections() > Runtime.getRuntime().availableProcessors();
        this.remaining = new AtomicLong(config.requests());
        this.ready = new CountDownLatch(config.ramp() == null ? config.connections() : 0);
    }

    /** {@link #execute(Runnable)} with nothing to do before the timed work. */
    Outcome execute() throws InterruptedException {
        return execute(() -> {
        });
    }

    /**
     * Runs the load and returns what it measured, also when a client thread crashed or the calling thread was
     * interrupted once the threads were released ({@link Outcome#failure()} says so). Call once.
     *
     * @param start runs on the calling thread once every client thread is ready, right before the clock starts (the
     *              iteration pacer's hook, so that whatever it waits for is not timed). If it throws, or the calling
     *              thread is interrupted before the release, the client threads end without sending and the
     *              exception is rethrown
     */
    Outcome execute(Runnable start) throws InterruptedException {
        try (watchdog) {
            return runThreads(start);
        }
    }

    private Outcome runThreads(Runnable start) throws InterruptedException {
        List<Thread> started = new ArrayList<>();
        if (config.ramp() == null) {
            for (int k = 0; k < config.connections(); k++) {
                int connection = k;
                Thread thread = threads.newThread(() -> guarded(() -> connectionLoop(connection)));
                thread.start();
                started.add(thread);
            }
        }
        try {
            ready.await();
            start.run();
        } catch (Throwable t) {
            abandon(started);
            throw t;
        }
        startNanos = System.nanoTime();
        Instant startedAt = Instant.now();
        go.countDown();
        if (config.ramp() != null) {
            startUsers(started);
        }
        String failure = null;
        try {
            for (Thread thread : started) {
                thread.join(); // each thread ends by itself: its work is bounded by MAX_RUN plus one timeout
            }
        } catch (InterruptedException e) {
            // Stop the client threads and report what they measured until now: the summary is always written.
            failure = "interrupted before the run ended";
            started.forEach(Thread::interrupt);
            for (Thread thread : started) {
                thread.join(config.timeout().toMillis() + 1_000);
            }
            Thread.currentThread().interrupt();
        }
        long elapsed = System.nanoTime() - startNanos;
        if (failure == null && crash.get() != null) {
            failure = "a client thread failed: " + crash.get();
        }
        // closed --requests: each thread that stopped took one count it did not send; the rest is still counted down
        long neverTaken = config.rate() == 0 && config.ramp() == null && config.requests() > 0
                ? Math.max(0, remaining.get()) : 0;
        return new Outcome(startedAt, elapsed, tallies.total(), unsent.get() + neverTaken, failure);
    }

    /**
     * Lets the waiting client threads end without sending, and waits for them (as long as an interrupted run does),
     * so that a run given up before its release leaves no thread behind.
     */
    private void abandon(List<Thread> started) throws InterruptedException {
        boolean interrupted = Thread.interrupted();
        abandoned = true;
        go.countDown();
        try {
            for (Thread thread : started) {
                thread.join(config.timeout().toMillis() + 1_000);
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void connectionLoop(int connection) throws InterruptedException {
        ready.countDown();
        Tallies.Lane lane = tallies.lane(connection);
        try (ClientConnection conn = newConnection(config.reusesConnections())) {
            go.await();
            if (abandoned) {
                return;
            }
            if (config.rate() > 0) {
                openLoop(connection, conn, lane);
            } else {
                closedLoop(conn, lane);
            }
        }
    }

    private void closedLoop(ClientConnection conn, Tallies.Lane lane) {
        boolean counted = config.requests() > 0;
        long end = startNanos + (counted ? LoadDefaults.MAX_RUN.toNanos() : config.duration().toNanos());
        while (!counted || remaining.getAndDecrement() > 0) {
            long sent = System.nanoTime();
            if (sent - end >= 0) {
                if (counted) {
                    unsent.incrementAndGet();
                }
                return;
            }
            exchange(conn, lane, sent);
        }
    }

    /**
     * Sends each request of this connection at its due time, or as soon after as the connection is free, and records
     * how late it left (send lag: behind its due time, and the client's own part, behind the moment it was due and its
     * connection free). A request still unsent {@link #sendGrace()} after the window's end is not sent and counts as
     * {@value LoadReport#UNSENT}: the client fell that far behind its schedule, and the run stays bounded in time.
     */
    private void openLoop(int connection, ClientConnection conn, Tallies.Lane lane) {
        RateSchedule schedule = config.schedule();
        boolean counted = config.requests() > 0;
        long count = counted ? schedule.requestsOf(connection, config.requests()) : Long.MAX_VALUE;
        long end = startNanos + (counted ? LoadDefaults.MAX_RUN.toNanos() : config.duration().toNanos());
        long sendDeadline = end + sendGrace();
        long free = startNanos;
        for (long j = 0; j < count; j++) {
            long due = startNanos + schedule.dueNanos(connection, j);
            if (due - end >= 0) {
                if (counted) {
                    unsent.addAndGet(count - j);
                }
                return;
            }
            parkUntil(due);
            long sent = System.nanoTime();
            if (sent - sendDeadline >= 0) {
                unsent.addAndGet(Math.min(count - j, schedule.dueBefore(connection, j, end - startNanos)));
                return;
            }
            lane.sent(sent - due, sent - Math.max(due, free), sent - end < 0);
            free = exchange(conn, lane, due);
        }
    }

    /**
     * How long after the window's end a late request may still leave: one more window, at most one response timeout
     * (a counted run has no window: its bound, {@link LoadDefaults#MAX_RUN}, is already the end).
     */
    private long sendGrace() {
        return config.requests() > 0 ? 0 : Math.min(config.duration().toNanos(), config.timeout().toNanos());
    }

    private void startUsers(List<Thread> started) {
        Ramp ramp = config.ramp();
        for (int i = 0; i < ramp.users(); i++) {
            int user = i;
            long due = startNanos + ramp.dueNanos(user);
            parkUntil(due);
            Thread thread = threads.newThread(() -> guarded(() -> {
                try (ClientConnection conn = newConnection(false)) {
                    exchange(conn, tallies.lane(user), due);
                }
            }));
            thread.start();
            started.add(thread);
        }
    }

    /**
     * One request; latency counts from {@code since} (the send time, or the due time in an open model). Returns when
     * it ended ({@link System#nanoTime()}): its connection is free from then on.
     */
    private static long exchange(ClientConnection conn, Tallies.Lane lane, long since) {
        ErrorKind failed = conn.exchange();
        long ended = System.nanoTime();
        if (failed == null) {
            lane.success(ended - since);
        } else {
            lane.failure(failed, conn.status());
        }
        return ended;
    }

    private ClientConnection newConnection(boolean reuse) {
        return new ClientConnection(config.target(), reuse, config.timeout().toNanos(),
                new ResponseReader(ResponseReader.Limits.DEFAULT), bodyCheck, watchdog, yieldBeforeRead);
    }

    /** Parks until {@link System#nanoTime()} reaches {@code due} (returns at once if it has). */
    static void parkUntil(long due) {
        long wait;
        while ((wait = due - System.nanoTime()) > 0 && !Thread.currentThread().isInterrupted()) {
            LockSupport.parkNanos(wait);
        }
    }

    private interface Body {
        void run() throws Exception;
    }

    private void guarded(Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            // A bug in the client, not a failed request: remembered and reported after the run.
            crash.compareAndSet(null, t);
        }
    }
}
