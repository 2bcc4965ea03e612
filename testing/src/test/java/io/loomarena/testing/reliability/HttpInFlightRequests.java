package io.loomarena.testing.reliability;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.loomarena.testing.http.support.RawHttpConnection;
import io.loomarena.testing.http.support.RawResponse;

/**
 * Requests sent together, each on its own connection and virtual thread, whose outcomes are collected: the status of
 * the response, or 0 when the connection ended without one (a lost request). Closes what it opened.
 */
public final class HttpInFlightRequests implements AutoCloseable {

    /** The longest wait for any one response. */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(20);

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<RawHttpConnection> connections = new ArrayList<>();
    private final List<CompletableFuture<Integer>> outcomes = new ArrayList<>();

    /**
     * Opens {@code count} connections, then writes GET path on each from this thread (small writes that do not block,
     * so all are sent within milliseconds), then reads each response on its own virtual thread.
     */
    public void send(int port, int count, String path) {
        for (int i = 0; i < count; i++) {
            connections.add(RawHttpConnection.open(port));
        }
        String request = "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
        for (RawHttpConnection connection : connections) {
            connection.send(request);
        }
        for (RawHttpConnection connection : connections) {
            outcomes.add(CompletableFuture.supplyAsync(() -> {
                try {
                    RawResponse response = connection.read(false, RESPONSE_TIMEOUT);
                    return response.status();
                } catch (UncheckedIOException e) {
                    return 0;
                }
            }, executor));
        }
    }

    /** The status each request got (0: none), once all have ended or the response timeout has passed. */
    public List<Integer> statuses() {
        long deadline = System.nanoTime() + RESPONSE_TIMEOUT.plusSeconds(5).toNanos();
        List<Integer> statuses = new ArrayList<>();
        for (CompletableFuture<Integer> outcome : outcomes) {
            try {
                statuses.add(outcome.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                statuses.add(0);
            } catch (Exception e) {
                statuses.add(0);
            }
        }
        return statuses;
    }

    @Override
    public void close() {
        connections.forEach(RawHttpConnection::close);
        executor.shutdownNow();
    }
}
