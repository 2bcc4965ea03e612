package io.loomarena.testing.http.support;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

/**
 * Many clients at once, each on its own connection and virtual thread: the staircase, shutdown with requests in
 * flight, and the first/second client of a single server. One per scenario; closes what it opened.
 */
public final class ConcurrentClients implements AutoCloseable {

    /** Longest wait for a crowd of requests to be answered. */
    public static final Duration CROWD_TIMEOUT = Duration.ofSeconds(30);

    private final ServerUnderTest server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<RawHttpConnection> connections = new ArrayList<>();
    private final List<CompletableFuture<RawResponse>> crowd = new ArrayList<>();
    private RawHttpConnection first;
    private CompletableFuture<RawResponse> second;

    public ConcurrentClients(ServerUnderTest server) {
        this.server = server;
    }

    /**
     * Opens {@code clients} connections, then lets all of them send a GET of {@code path} at once; returns without
     * waiting for the answers. The requests say {@code Connection: close} so that a pool thread is free after each.
     */
    public void connectThenSendTogether(int clients, String path) {
        connectThenSendTogether(clients, path, "Connection: close\r\n");
    }

    private void connectThenSendTogether(int clients, String path, String extraField) {
        CountDownLatch go = new CountDownLatch(1);
        for (int i = 0; i < clients; i++) {
            RawHttpConnection connection = RawHttpConnection.open(server.port());
            connections.add(connection);
            crowd.add(CompletableFuture.supplyAsync(() -> {
                await(go);
                connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n" + extraField + "\r\n");
                return connection.read(false, CROWD_TIMEOUT);
            }, executor));
        }
        go.countDown();
    }

    /**
     * Sends {@code count} keep-alive requests (so that a {@code Connection: close} in the answers comes from the
     * server) and waits until the server has that many in progress.
     */
    public void inProgress(int count, String path) {
        connectThenSendTogether(count, path, "");
        Awaitility.await().atMost(CROWD_TIMEOUT).pollInterval(Duration.ofMillis(10))
                .until(() -> server.server().metrics().inProgress() >= count);
    }

    /** The crowd's responses, waiting for them all. */
    public List<RawResponse> crowdResponses() {
        CompletableFuture.allOf(crowd.toArray(CompletableFuture[]::new)).orTimeout(CROWD_TIMEOUT.toMillis(),
                TimeUnit.MILLISECONDS).join();
        return crowd.stream().map(CompletableFuture::join).toList();
    }

    /** A first client makes one request and keeps its connection open; fails unless it was answered 200. */
    public void firstClientHolds() {
        first = RawHttpConnection.open(server.port());
        connections.add(first);
        first.send("GET /ping HTTP/1.1\r\nHost: t\r\n\r\n");
        int status = first.read().status();
        if (status != 200) {
            throw new IllegalStateException("the first client was answered " + status);
        }
    }

    /** A second client sends a request in the background. */
    public void secondClientSends(String request) {
        RawHttpConnection connection = RawHttpConnection.open(server.port());
        connections.add(connection);
        second = CompletableFuture.supplyAsync(() -> {
            connection.send(request);
            return connection.read(false, CROWD_TIMEOUT);
        }, executor);
    }

    /** Whether the second client has its response within the time. */
    public boolean secondAnsweredWithin(Duration within) {
        try {
            second.get(within.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("the second client failed", e.getCause());
        }
    }

    /** {@code clients} clients each get {@code path} on a connection of their own and keep it open. */
    public void eachGetAndStay(int clients, String path) {
        for (int i = 0; i < clients; i++) {
            RawHttpConnection connection = RawHttpConnection.open(server.port());
            connections.add(connection);
            connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
            int status = connection.read().status();
            if (status != 200) {
                throw new IllegalStateException("client " + (i + 1) + " was answered " + status);
            }
        }
    }

    /** Closes every connection opened so far. */
    public void closeAll() {
        connections.forEach(RawHttpConnection::close);
        connections.clear();
    }

    public void firstClientCloses() {
        first.close();
    }

    public RawResponse secondResponse() {
        return second.orTimeout(CROWD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        connections.forEach(RawHttpConnection::close);
        executor.shutdownNow();
    }
}
