package io.loomarena.harness.db;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.measure.ServerStats;

/**
 * A server under test started with a database's options, in its own JVM ({@code serve} plus the {@code --db-*} words),
 * and the one-request probes the database scenarios make of it besides their load: {@code /ping} while the database is
 * down, {@code /db} to see its status and message, its thread count from {@code stats}. Each probe waits at most
 * {@link #PROBE_TIMEOUT}. Used by one thread; closing stops the server.
 */
public final class DbServer implements AutoCloseable {

    /** The longest one probe waits for its answer: more than the server's longest wait for a pool connection. */
    public static final Duration PROBE_TIMEOUT = Duration.ofSeconds(15);

    /** A status and a body, as one probe got them. */
    public record Reply(int status, String body) {

        /** {@code 503 "database unreachable: ..."}, for a line. */
        @Override
        public String toString() {
            String text = body.strip();
            return status + " \"" + (text.length() > 120 ? text.substring(0, 120) + "..." : text) + "\"";
        }
    }

    private final ForkedServer server;
    private final HttpClient client;

    private DbServer(ForkedServer server) {
        this.server = server;
        this.client = HttpClient.newBuilder().connectTimeout(PROBE_TIMEOUT).build();
    }

    /** Forks {@code setup} with {@code database}'s words on {@code fork}; returns once it listens. */
    public static DbServer start(HttpServerSetup setup, DbServerOptions database, JvmFork fork,
                                 HarnessSettings settings) {
        ForkedServer server = ForkedServer.start(fork, "HTTP server JVM " + setup.label() + " with a database pool of "
                + database.poolSize(), setup.launch(database.words()), settings);
        return new DbServer(server);
    }

    /** {@code http://HOST:PORT}. */
    public String origin() {
        ForkedServer.HostPort address = server.address();
        return "http://" + address.host() + ":" + address.port();
    }

    /** One GET of {@code path}, its status and body; a failure to get any answer is a {@link HarnessException}. */
    public Reply get(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(origin() + path)).timeout(PROBE_TIMEOUT).GET().build();
        try {
            HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new HarnessException("no answer to GET " + path + " from " + server.describe() + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while GET " + path + " waited", e);
        }
    }

    /** The server JVM's pid. */
    public long pid() {
        return server.pid();
    }

    /** The server's figures now: its live platform threads among them. */
    public ServerStats stats() {
        return server.stats();
    }

    /** Whether the server JVM still runs. */
    public boolean isAlive() {
        return server.isAlive();
    }

    @Override
    public void close() {
        server.close();
    }
}
