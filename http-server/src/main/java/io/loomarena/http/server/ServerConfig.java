package io.loomarena.http.server;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import io.loomarena.http.server.db.DatabaseConfig;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.protocol.ParserLimits;
import io.loomarena.model.ServerModel;

/**
 * Everything a server is started with; the HTTP server's defaults live here and nowhere else (the pool's size is the
 * model's, {@link ServerModel#DEFAULT_POOL_SIZE}). Immutable.
 *
 * @param model                    the thread model
 * @param cacheContent             whether {@code /data.json} and {@code /files/} are served from memory (read once)
 *                                 rather than from disk on every request ({@code --cache-content}, any model)
 * @param host                     the address to listen on
 * @param port                     the port, 0 for a free one
 * @param poolSize                 threads of the {@code pool} model, 1..{@value ServerModel#MAX_POOL_SIZE}
 * @param backlog                  the listen backlog (the kernel caps it at {@code net.core.somaxconn})
 * @param dataFile                 the JSON of {@code /data.json}; null for the bundled 1,000 users
 * @param docroot                  the folder of {@code /files/}; null for the bundled pages
 * @param downstream               the URL {@code /fanout} calls (with {@code ?ms=N} appended); null for this server's {@code /io}
 * @param grace                    how long a graceful shutdown waits for in-flight requests
 * @param headerTimeout            the longest time to receive a request head, from its first byte (or from accept)
 * @param idleTimeout              the longest wait for the next request on a kept-alive connection (30 s;
 *                                 1 s for {@code single}, where it applies only while another client waits)
 * @param writeTimeout             the longest single socket write (a peer that stops reading is closed)
 * @param downstreamTimeout        the time a {@code /fanout} call may take beyond the {@code ms} it asked for
 * @param limits                   request parsing limits
 * @param maxRequestsPerConnection requests served on one connection before it closes (like nginx's
 *                                 {@code keepalive_requests}); it keeps the bounded models fair to waiting clients
 * @param loops                    event loops of the models that have them ({@link ServerModel#hasLoops()}),
 *                                 1..{@value ServerModel#MAX_LOOPS}; default one per processor of this JVM
 * @param staticMaxAge             the {@code Cache-Control: max-age} of static content in seconds, 0..{@value
 *                                 #MAX_STATIC_MAX_AGE} ({@code --max-age}; default {@value CacheControl#DEFAULT_STATIC_MAX_AGE})
 * @param database                 the database {@code /db} reads ({@code --db-*}; its defaults are {@link DatabaseConfig}'s)
 */
public record ServerConfig(ServerModel model, boolean cacheContent, String host, int port, int poolSize, int backlog, Path dataFile, Path docroot,
                           URI downstream, Duration grace, Duration headerTimeout, Duration idleTimeout,
                           Duration writeTimeout, Duration downstreamTimeout, ParserLimits limits,
                           int maxRequestsPerConnection, int loops, int staticMaxAge, DatabaseConfig database) {

    /** The longest {@code max-age} accepted: one year, as RFC 9111 section 5.2.2.1 suggests for "never expires". */
    public static final int MAX_STATIC_MAX_AGE = 31_536_000;

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8010;
    public static final int DEFAULT_BACKLOG = 4096;
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    public static final Duration DEFAULT_HEADER_TIMEOUT = Duration.ofSeconds(10);
    public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_DOWNSTREAM_TIMEOUT = Duration.ofSeconds(5);
    /** How long a kept-alive connection may wait for its next request, unless one thread serves everything. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);
    /** Requests on one connection before it closes, unless one thread serves everything. */
    public static final int DEFAULT_MAX_REQUESTS_PER_CONNECTION = 1000;
    /**
     * Where the acceptor serves every connection itself ({@link ServerModel#servesOnAcceptor()}, {@code single}), an
     * idle kept-alive connection holds the only thread, so it is let go after 1 s once another client waits (one that
     * nobody waits for may stay idle longer). Most hand-overs do not need it: a response that begins while another
     * client waits closes its connection after it, announced with {@code Connection: close}. An idle close,
     * unannounced, can race with a request the client sends just then; 1 s rather than less keeps that unlikely for a
     * benchmark client that is only slow to be scheduled.
     */
    public static final Duration ONE_THREAD_IDLE_TIMEOUT = Duration.ofSeconds(1);
    /** 100 requests per connection rather than 1,000 on one thread, so that a busy connection hands over in under a
     * second. */
    public static final int ONE_THREAD_MAX_REQUESTS_PER_CONNECTION = 100;

    public ServerConfig {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(database, "database");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535: " + port);
        }
        if (poolSize < 1 || poolSize > ServerModel.MAX_POOL_SIZE) {
            throw new IllegalArgumentException("pool size must be 1.." + ServerModel.MAX_POOL_SIZE + ": " + poolSize);
        }
        if (backlog < 1) {
            throw new IllegalArgumentException("backlog must be >= 1: " + backlog);
        }
        if (downstream != null && !"http".equalsIgnoreCase(downstream.getScheme())) {
            throw new IllegalArgumentException("downstream must be an http:// URL: " + downstream);
        }
        for (Duration d : new Duration[] {grace, headerTimeout, idleTimeout, writeTimeout, downstreamTimeout}) {
            if (d == null || d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeouts and grace must be positive");
            }
        }
        if (maxRequestsPerConnection < 1) {
            throw new IllegalArgumentException("maxRequestsPerConnection must be >= 1: " + maxRequestsPerConnection);
        }
        if (staticMaxAge < 0 || staticMaxAge > MAX_STATIC_MAX_AGE) {
            throw new IllegalArgumentException("max-age must be 0.." + MAX_STATIC_MAX_AGE + ": " + staticMaxAge);
        }
        if (loops < 1 || loops > ServerModel.MAX_LOOPS) {
            throw new IllegalArgumentException("loops must be 1.." + ServerModel.MAX_LOOPS + ": " + loops);
        }
    }

    /** A builder with every default of this model. */
    public static Builder builder(ServerModel model) {
        return new Builder(model);
    }

    /** Defaults of {@link ServerConfig}, changed one at a time. Not thread-safe. */
    public static final class Builder {
        private final ServerModel model;
        private boolean cacheContent;
        private String host = DEFAULT_HOST;
        private int port = DEFAULT_PORT;
        private int poolSize = ServerModel.DEFAULT_POOL_SIZE;
        private int backlog = DEFAULT_BACKLOG;
        private Path dataFile;
        private Path docroot;
        private URI downstream;
        private Duration grace = DEFAULT_GRACE;
        private Duration headerTimeout = DEFAULT_HEADER_TIMEOUT;
        private Duration idleTimeout;
        private Duration writeTimeout = DEFAULT_WRITE_TIMEOUT;
        private Duration downstreamTimeout = DEFAULT_DOWNSTREAM_TIMEOUT;
        private ParserLimits limits = ParserLimits.DEFAULTS;
        private int maxRequestsPerConnection;
        private int loops = ServerModel.defaultLoops();
        private int staticMaxAge = CacheControl.DEFAULT_STATIC_MAX_AGE;
        private DatabaseConfig database = DatabaseConfig.none();

        private Builder(ServerModel model) {
            this.model = Objects.requireNonNull(model, "model");
            boolean oneThread = model.servesOnAcceptor();
            this.maxRequestsPerConnection = oneThread ? ONE_THREAD_MAX_REQUESTS_PER_CONNECTION
                    : DEFAULT_MAX_REQUESTS_PER_CONNECTION;
            this.idleTimeout = oneThread ? ONE_THREAD_IDLE_TIMEOUT : DEFAULT_IDLE_TIMEOUT;
        }

        public Builder cacheContent(boolean value) { cacheContent = value; return this; }

        public Builder host(String value) { host = value; return this; }
        public Builder port(int value) { port = value; return this; }
        public Builder poolSize(int value) { poolSize = value; return this; }
        public Builder backlog(int value) { backlog = value; return this; }
        public Builder dataFile(Path value) { dataFile = value; return this; }
        public Builder docroot(Path value) { docroot = value; return this; }
        public Builder downstream(URI value) { downstream = value; return this; }
        public Builder grace(Duration value) { grace = value; return this; }
        public Builder headerTimeout(Duration value) { headerTimeout = value; return this; }
        /** A null value keeps the model's default. */
        public Builder idleTimeout(Duration value) { idleTimeout = value != null ? value : idleTimeout; return this; }
        public Builder writeTimeout(Duration value) { writeTimeout = value; return this; }
        public Builder downstreamTimeout(Duration value) { downstreamTimeout = value; return this; }
        public Builder limits(ParserLimits value) { limits = value; return this; }
        public Builder maxRequestsPerConnection(int value) { maxRequestsPerConnection = value; return this; }
        public Builder loops(int value) { loops = value; return this; }
        public Builder staticMaxAge(int value) { staticMaxAge = value; return this; }
        public Builder database(DatabaseConfig value) { database = value; return this; }

        public ServerConfig build() {
            return new ServerConfig(model, cacheContent, host, port, poolSize, backlog, dataFile, docroot, downstream, grace,
                    headerTimeout, idleTimeout, writeTimeout, downstreamTimeout, limits, maxRequestsPerConnection,
                    loops, staticMaxAge, database);
        }
    }
}
