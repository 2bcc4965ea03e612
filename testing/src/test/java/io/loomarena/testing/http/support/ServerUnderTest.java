package io.loomarena.testing.http.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.testing.perf.Skipping;
import io.loomarena.http.server.HttpServer;
import io.loomarena.http.server.ServerConfig;

/**
 * The HTTP server of a scenario, started in this JVM on a free port with short timeouts, and the fake downstreams
 * and docroots some scenarios need; a framework row ({@code spring-boot-virtual}) cannot run in this JVM and is
 * started in its own ({@link HttpForkedServer}), so that the clients' steps reach it the same way, by its port.
 * {@link #close()} stops everything it started. One per scenario (picocontainer).
 */
public final class ServerUnderTest implements AutoCloseable {

    /** Header timeout of test servers: slow clients are closed after it. */
    public static final Duration HEADER_TIMEOUT = Duration.ofSeconds(1);
    /** Time a /fanout call may take beyond its ms. */
    public static final Duration DOWNSTREAM_ALLOWANCE = Duration.ofSeconds(1);
    /** Idle keep-alive timeout of test servers. */
    public static final Duration IDLE_TIMEOUT = Duration.ofSeconds(10);
    /** The text of the file placed beside a docroot; no response may ever contain it. */
    public static final String SECRET = "TOP-SECRET-beside-the-docroot";

    private final List<HttpServer> servers = new ArrayList<>();
    private final List<AutoCloseable> extras = new ArrayList<>();
    private HttpServer current;
    /** A framework row's server JVM, when the scenario runs one. */
    private HttpForkedServer forked;
    private Path tempDir;
    private Duration shutdownTook;
    private boolean shutdownClean;

    /** Starts the server written {@code setup} ({@code pool --pool-size 4}) with the test defaults. */
    public void start(String setup) {
        if (HttpServerSetup.parse(setup).isFramework()) {
            forked = new HttpForkedServer();
            Skipping.unlessNotBuilt(() -> forked.start(setup, ""));
            return;
        }
        start(builder(setup));
    }

    /** Starts a server whose docroot has a secret file beside it (and a hidden file and a subfolder inside). */
    public void startWithSecretBesideDocroot(String setup) {
        try {
            tempDir = Files.createTempDirectory("loom-arena-docroot-test-");
            Path docroot = Files.createDirectories(tempDir.resolve("docroot/sub"));
            Files.writeString(tempDir.resolve("secret.txt"), SECRET);
            Files.writeString(tempDir.resolve("docroot/index.html"), "<!DOCTYPE html><p>inside</p>");
            Files.writeString(tempDir.resolve("docroot/.hidden"), SECRET);
            Files.writeString(docroot.resolve("a.txt"), "a");
            start(builder(setup).docroot(tempDir.resolve("docroot")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts a server whose downstream port has nothing listening. */
    public void startWithRefusingDownstream(String setup) {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start(builder(setup).downstream(URI.create("http://127.0.0.1:" + port + "/io")));
    }

    /** Starts a server whose downstream accepts connections (in its backlog) and never answers. */
    public void startWithSilentDownstream(String setup) {
        try {
            ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
            extras.add(silent);
            start(builder(setup).downstream(URI.create("http://127.0.0.1:" + silent.getLocalPort() + "/io")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server written {@code server} ({@code pool --pool-size 4}, {@code virtual --cache-content}), in this JVM. */
    private static ServerConfig.Builder builder(String server) {
        HttpServerSetup setup = HttpServerSetup.parse(server);
        if (setup.isFramework()) {
            throw new IllegalArgumentException(setup + " is a framework row: it runs in its own JVM with its own"
                    + " options only (\"the HTTP server runs\"), not with this scenario's docroot or downstream");
        }
        ServerConfig.Builder builder = ServerConfig.builder(setup.model()).cacheContent(setup.cachedContent());
        if (setup.pool() != null) {
            builder.poolSize(setup.pool().resolveHere());
        }
        return builder.port(0).headerTimeout(HEADER_TIMEOUT).idleTimeout(IDLE_TIMEOUT)
                .downstreamTimeout(DOWNSTREAM_ALLOWANCE);
    }

    private void start(ServerConfig.Builder builder) {
        try {
            current = HttpServer.start(builder.build());
            servers.add(current);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the HTTP server", e);
        }
    }

    /** The server started last. */
    public HttpServer server() {
        if (current == null) {
            throw new IllegalStateException("no HTTP server was started in this scenario");
        }
        return current;
    }

    public int port() {
        return forked != null ? forked.port() : server().port();
    }

    /** Shuts the current server down gracefully and notes how long it took. */
    public void shutdown(Duration grace) {
        long started = System.nanoTime();
        shutdownClean = server().shutdown(grace);
        shutdownTook = Duration.ofNanos(System.nanoTime() - started);
    }

    public Duration shutdownTook() {
        return shutdownTook;
    }

    public boolean shutdownClean() {
        return shutdownClean;
    }

    /** Whether a new connection to the server's port is refused. */
    public boolean refusesConnections() {
        return RawHttpConnection.refused(port());
    }

    /** GET of the metrics path on a new connection, as name (labels dropped when only the model) to value. */
    public Map<String, Double> scrape(String path) {
        try (RawHttpConnection connection = RawHttpConnection.open(port())) {
            connection.send("GET " + path + " HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n");
            Map<String, Double> values = new LinkedHashMap<>();
            for (String line : connection.read().bodyText().split("\n")) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                int space = line.lastIndexOf(' ');
                String key = line.substring(0, space).replaceFirst("\\{model=\"[a-z-]+\"}$", "");
                values.put(key, Double.parseDouble(line.substring(space + 1)));
            }
            return values;
        }
    }

    @Override
    public void close() {
        if (forked != null) {
            forked.close();
        }
        for (HttpServer server : servers) {
            server.shutdown(Duration.ofSeconds(2));
        }
        for (AutoCloseable extra : extras) {
            try {
                extra.close();
            } catch (Exception e) {
                // Best effort: the scenario is over.
            }
        }
        if (tempDir != null) {
            try (Stream<Path> files = Files.walk(tempDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                // A temp folder left behind is harmless.
            }
        }
    }
}
