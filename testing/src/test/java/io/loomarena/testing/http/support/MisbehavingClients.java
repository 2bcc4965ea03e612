package io.loomarena.testing.http.support;

import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Clients that misbehave on purpose (slow, silent, noisy, vanishing) and the well-behaved one served beside them.
 * Plain Java; one per scenario, closes what it opened.
 */
public final class MisbehavingClients implements AutoCloseable {

    /** What a client saw: the status of a response (0 when none) and whether the server then closed. */
    public record Outcome(int status, boolean closed) {
    }

    private final ServerUnderTest server;
    private final List<RawHttpConnection> connections = new ArrayList<>();
    private final java.util.concurrent.ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private RawHttpConnection misbehaving;
    private CompletableFuture<RawResponse> other;
    private Map<String, Double> baseline;

    public MisbehavingClients(ServerUnderTest server) {
        this.server = server;
    }

    private RawHttpConnection open(int receiveBuffer) {
        RawHttpConnection connection = RawHttpConnection.open(server.port(), receiveBuffer);
        connections.add(connection);
        return connection;
    }

    /** Connects and sends a partial request, then nothing more. */
    public void slowClient(String partial) {
        misbehaving = open(0);
        misbehaving.send(partial);
    }

    /** Connects and sends nothing at all. */
    public void silentClient() {
        misbehaving = open(0);
    }

    /** Connects and sends random bytes. */
    public void randomBytes(int count) {
        byte[] noise = new byte[count];
        new Random(42).nextBytes(noise);
        misbehaving = open(0);
        misbehaving.sendTolerant(noise);
    }

    /** The response the misbehaving client got, if any, and whether the server closed the connection after it. */
    public Outcome misbehavingOutcome(Duration within) {
        int status;
        try {
            status = misbehaving.read(false, within).status();
        } catch (UncheckedIOException e) {
            // No response: closed or reset without one, or nothing within the time.
            status = 0;
        }
        return new Outcome(status, misbehaving.peerState(within) == RawHttpConnection.PeerState.CLOSED);
    }

    /** A well-behaved client requests the path on a new connection, in the background. */
    public void otherClientRequests(String path) {
        RawHttpConnection connection = open(0);
        other = CompletableFuture.supplyAsync(() -> {
            connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
            return connection.read();
        }, executor);
    }

    /** The well-behaved client's response; fails if none came within the time. */
    public RawResponse otherResponse(Duration within) {
        try {
            return other.get(within.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the other client got no response within " + within, e);
        }
    }

    /** Notes active connections and handlers as /metrics reports them (its own request included). */
    public void noteBaseline(String metricsPath) {
        baseline = counts(metricsPath);
    }

    public Map<String, Double> baseline() {
        return baseline;
    }

    /** Active connections and handlers as /metrics reports them now. */
    public Map<String, Double> counts(String metricsPath) {
        Map<String, Double> all = server.scrape(metricsPath);
        return Map.of("loomarena_http_active_connections", all.get("loomarena_http_active_connections"),
                "loomarena_http_handlers", all.get("loomarena_http_handlers"));
    }

    /** Sends half a request, then resets the connection. */
    public void resetMidRequest() {
        RawHttpConnection connection = open(0);
        connection.send("GET /data.json HTTP/1.1\r\nHo");
        connection.reset();
    }

    /** Requests a large body with a tiny receive window, reads a little of it, then resets the connection. */
    public void resetMidResponse(String path, int readBytes) {
        RawHttpConnection connection = open(1024);
        connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
        connection.readBytes(readBytes);
        connection.reset();
    }

    @Override
    public void close() {
        connections.forEach(RawHttpConnection::close);
        executor.shutdownNow();
    }
}
