package io.loomarena.testing.http.support;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;


/**
 * Requests sent together, each on its own connection and virtual thread, whose outcomes are collected: the status of
 * the response, or none when the connection ended without one (a lost request). Closes what it opened.
 */
public final class HttpInFlightRequests implements AutoCloseable {

    /** The longest wait for any one response. */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(20);

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<RawHttpConnection> connections = new ArrayList<>();
    private final List<CompletableFuture<RawResponse>> outcomes = new ArrayList<>();

    /** Opens {@code count} connections (no request yet). */
    public void open(int port, int count) {
        for (int i = 0; i < count; i++) {
            connections.add(RawHttpConnection.open(port));
        }
    }

    /**
     * One quick request on every open connection, all answered before this returns: the server's request path is
     * then compiled and its threads awake, so that the next round starts within milliseconds on a crowded machine.
     */
    public void warmUp(String path) {
        String request = "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
        for (RawHttpConnection connection : connections) {
            connection.send(request);
        }
        for (RawHttpConnection connection : connections) {
            int status = connection.read(false, RESPONSE_TIMEOUT).status();
            if (status != 200) {
                throw new IllegalStateException("warm-up request " + path + " got " + status);
            }
        }
    }

    /**
     * Writes GET path on every open connection from this thread (small writes that do not block, so all are sent
     * within milliseconds), then reads each response on its own virtual thread.
     */
    public void sendOnEach(String path) {
        String request = "GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n";
        for (RawHttpConnection connection : connections) {
            connection.send(request);
        }
        for (RawHttpConnection connection : connections) {
            outcomes.add(CompletableFuture.supplyAsync(() -> {
                try {
                    return connection.read(false, RESPONSE_TIMEOUT);
                } catch (UncheckedIOException e) {
                    return null;
                }
            }, executor));
        }
    }

    /** The response each request got (null: none, a lost request), once all have ended or the timeout has passed. */
    public List<RawResponse> responses() {
        long deadline = System.nanoTime() + RESPONSE_TIMEOUT.plusSeconds(5).toNanos();
        List<RawResponse> responses = new ArrayList<>();
        for (CompletableFuture<RawResponse> outcome : outcomes) {
            try {
                responses.add(outcome.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                responses.add(null);
            } catch (Exception e) {
                responses.add(null);
            }
        }
        return responses;
    }

    @Override
    public void close() {
        connections.forEach(RawHttpConnection::close);
        executor.shutdownNow();
    }
}
