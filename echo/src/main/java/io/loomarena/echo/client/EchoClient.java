package io.loomarena.echo.client;

import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.TimeoutWatchdog;
import org.HdrHistogram.Histogram;

/**
 * The echo load client: runs {@code clients} sessions at once, one thread of its model per session, and returns what
 * they measured as a {@link RunResult} (tool {@value #TOOL}). All sessions connect first and then start together on
 * one latch, so the elapsed time covers the echo work only. The run is bounded: every session sends a fixed number of
 * messages, every connect and echo has a deadline (enforced by one {@link TimeoutWatchdog} per run, see
 * {@link EchoSession}), and the run's overall timeout closes whatever is still open.
 * <p>
 * {@link #run()} and {@link #run(Runnable)} may be called from any thread; one call at a time per instance.
 */
public final class EchoClient {

    public static final String TOOL = "echo-client";

    private final EchoClientConfig config;

    public EchoClient(EchoClientConfig config) {
        this.config = config;
    }

    /** Runs the sessions once and returns the result; never throws for I/O failures, which become errors by kind. */
    public RunResult run() {
        return run(() -> {
        });
    }

    /**
     * Runs the sessions once, as one iteration of an {@link io.loomarena.measure.IterationLoop}: calls
     * {@code start.run()} once all sessions are connected (or failed to), right before the timed work starts, and
     * returns what the timed work measured. Time spent in {@code start} does not count against the overall timeout.
     * If {@code start} throws, every session is closed and the exception is rethrown.
     */
    public RunResult run(Runnable start) {
        int clients = config.clients();
        CountDownLatch connected = new CountDownLatch(clients);
        CountDownLatch go = new CountDownLatch(1);
        AtomicBoolean timedOut = new AtomicBoolean();
        long deadline = System.nanoTime() + config.overallTimeoutNanos();
        List<EchoSession> sessions = new ArrayList<>(clients);
        List<Future<SessionResult>> results = new ArrayList<>(clients);
        try (TimeoutWatchdog watchdog = new TimeoutWatchdog(config.model().threadPrefix(TOOL) + "-timeouts",
                TimeoutWatchdog.tickFor(config.readTimeoutNanos()));
             ExecutorService threads = Executors.newThreadPerTaskExecutor(
                     config.model().threads(TOOL))) {
            for (int i = 0; i < clients; i++) {
                EchoSession session = new EchoSession(i, config, connected, go, timedOut);
                sessions.add(session);
                watchdog.watch(session);
                results.add(threads.submit(session::run));
            }
            awaitUntil(connected, deadline);
            long paused = System.nanoTime();
            try {
                start.run();
            } catch (RuntimeException | Error e) {
                // The harness is gone or failed: end every session now (they fail on their closed channels).
                timedOut.set(true);
                sessions.forEach(EchoSession::abort);
                go.countDown();
                throw e;
            }
            Instant startedAt = Instant.now();
            long startNanos = System.nanoTime();
            deadline += startNanos - paused;
            go.countDown();
            List<SessionResult> ended = collect(results, deadline, sessions, timedOut);
            long elapsedNanos = System.nanoTime() - startNanos;
            return result(ended, startedAt, elapsedNanos);
        }
    }

    private static List<SessionResult> collect(List<Future<SessionResult>> results, long deadline,
                                               List<EchoSession> sessions, AtomicBoolean timedOut) {
        List<SessionResult> ended = new ArrayList<>(results.size());
        for (Future<SessionResult> result : results) {
            ended.add(await(result, deadline, sessions, timedOut));
        }
        return ended;
    }

    private static SessionResult await(Future<SessionResult> session, long deadline, List<EchoSession> sessions,
                                       AtomicBoolean timedOut) {
        try {
            try {
                return session.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // The overall timeout has passed: close every channel so that each session ends now, as a timeout.
                timedOut.set(true);
                sessions.forEach(EchoSession::abort);
                return session.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            timedOut.set(true);
            sessions.forEach(EchoSession::abort);
            return new SessionResult(0, LatencyHistograms.newHistogram(), ErrorKind.TIMEOUT);
        } catch (ExecutionException e) {
            // A session failed in a way it does not classify itself (a bug): count it, keep the other results.
            return new SessionResult(0, LatencyHistograms.newHistogram(), ErrorKind.OTHER);
        }
    }

    private RunResult result(List<SessionResult> results, Instant startedAt, long elapsedNanos) {
        Histogram latency = LatencyHistograms.newHistogram();
        Map<ErrorKind, Long> byKind = new EnumMap<>(ErrorKind.class);
        long echoed = 0;
        for (SessionResult session : results) {
            latency.add(session.latency());
            echoed += session.echoed();
            if (session.error() != null) {
                byKind.merge(session.error(), 1L, Long::sum);
            }
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        for (ErrorKind kind : ErrorKind.values()) {
            errors.put(kind.key(), byKind.getOrDefault(kind, 0L));
        }
        return new RunResult(TOOL, config.model().cliName(), config.workload(), ProcessHandle.current().pid(),
                startedAt.toString(), elapsedNanos, echoed, RunResult.throughput(echoed, elapsedNanos), errors,
                LatencyStats.of(latency), LatencyHistograms.encode(latency));
    }

    private static void awaitUntil(CountDownLatch latch, long deadline) {
        try {
            latch.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
