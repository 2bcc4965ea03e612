package io.loomarena.echo.client;

import java.io.IOException;
import java.net.Socket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
import io.loomarena.measure.ModelThreads;
import io.loomarena.measure.RunResult;
import org.HdrHistogram.Histogram;

/**
 * The echo load client: runs {@code clients} sessions at once, one thread of its model per session, and returns what
 * they measured as a {@link RunResult} (tool {@value #TOOL}). All sessions connect first and then start together on
 * one latch, so the elapsed time covers the echo work only. The run is bounded: every session sends a fixed number of
 * messages, every connect and read has a timeout, and the run's overall timeout closes whatever is still open.
 * {@link #run()} may be called from any thread; one call at a time per instance.
 */
public final class EchoClient {

    public static final String TOOL = "echo-client";

    private final EchoClientConfig config;

    public EchoClient(EchoClientConfig config) {
        this.config = config;
    }

    /** Runs the sessions and returns the result; never throws for I/O failures, which become errors by kind. */
    public RunResult run() {
        int clients = config.clients();
        CountDownLatch connected = new CountDownLatch(clients);
        CountDownLatch start = new CountDownLatch(1);
        Set<Socket> openSockets = ConcurrentHashMap.newKeySet();
        AtomicBoolean timedOut = new AtomicBoolean();
        long deadline = System.nanoTime() + config.overallTimeout().toNanos();
        List<Future<SessionResult>> sessions = new ArrayList<>(clients);
        try (ExecutorService threads = Executors.newThreadPerTaskExecutor(
                ModelThreads.factory(config.model().threadPrefix(), config.model().virtualThreads()))) {
            for (int i = 0; i < clients; i++) {
                EchoSession session = new EchoSession(i, config, connected, start, openSockets, timedOut);
                sessions.add(threads.submit(session::run));
            }
            awaitUntil(connected, deadline);
            Instant startedAt = Instant.now();
            long startNanos = System.nanoTime();
            start.countDown();
            List<SessionResult> results = collect(sessions, deadline, openSockets, timedOut);
            long elapsedNanos = System.nanoTime() - startNanos;
            return result(results, startedAt, elapsedNanos);
        }
    }

    private static List<SessionResult> collect(List<Future<SessionResult>> sessions, long deadline,
                                               Set<Socket> openSockets, AtomicBoolean timedOut) {
        List<SessionResult> results = new ArrayList<>(sessions.size());
        for (Future<SessionResult> session : sessions) {
            results.add(await(session, deadline, openSockets, timedOut));
        }
        return results;
    }

    private static SessionResult await(Future<SessionResult> session, long deadline, Set<Socket> openSockets,
                                       AtomicBoolean timedOut) {
        try {
            try {
                return session.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                // The overall timeout has passed: close every open socket so that each session ends now, as a timeout.
                timedOut.set(true);
                openSockets.forEach(EchoClient::closeQuietly);
                return session.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            timedOut.set(true);
            openSockets.forEach(EchoClient::closeQuietly);
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

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Best effort: the session sees its socket fail either way.
        }
    }
}
