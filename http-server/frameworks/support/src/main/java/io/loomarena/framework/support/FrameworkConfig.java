package io.loomarena.framework.support;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.db.DatabaseConfig;

/**
 * What a framework application is started with ({@code serve}'s options, checked); the frameworks' defaults live here
 * and nowhere else. Immutable.
 *
 * @param threads           the framework's thread model ({@code --threads})
 * @param host              the address to listen on
 * @param port              the port, 0 for a free one
 * @param poolSize          the most platform threads of the framework's pool ({@code --pool-size}, default
 *                          {@value #DEFAULT_POOL_SIZE}, the default of Tomcat's {@code threads.max} and of Jetty's
 *                          {@code QueuedThreadPool}); with {@link FrameworkThreads#VIRTUAL}, where a framework bounds
 *                          its virtual threads (Jetty's {@code VirtualThreadPool}), the most at once, 0 for no bound
 * @param poolSizeGiven     whether {@code --pool-size} was on the command line (a framework with no use for it
 *                          refuses it, {@link Framework#check})
 * @param downstream        what {@code /fanout} calls, or null for this server's own {@code /io}
 * @param downstreamTimeout what a {@code /fanout} call may take beyond the {@code ms} it asks for
 * @param database          what {@code /db} reads ({@code --db-url} and the other database options; without a URL
 *                          {@code /db} answers 503)
 * @param idleTimeout       how long a kept-alive connection may wait for its next request ({@code --idle-timeout}),
 *                          or null for the framework's own default (Tomcat's keep-alive timeout, Jetty's connector
 *                          idle timeout, Helidon's idle connection timeout), as its users get it
 */
public record FrameworkConfig(FrameworkThreads threads, String host, int port, int poolSize, boolean poolSizeGiven,
                              URI downstream, Duration downstreamTimeout, DatabaseConfig database,
                              Duration idleTimeout) {

    /** Platform threads of a framework's pool unless told otherwise: Tomcat's and Jetty's own default. */
    public static final int DEFAULT_POOL_SIZE = 200;
    /** The most threads {@code --pool-size} may ask for. */
    public static final int MAX_POOL_SIZE = 10_000;
    public static final String DEFAULT_HOST = ServerConfig.DEFAULT_HOST;
    /** A free port: the harness reads the real one from the {@code listening on} line. */
    public static final int DEFAULT_PORT = 0;
    public static final Duration DEFAULT_DOWNSTREAM_TIMEOUT = ServerConfig.DEFAULT_DOWNSTREAM_TIMEOUT;
    /** How long a stop waits for requests in progress (the arena's {@code serve} default grace). */
    public static final Duration GRACE = ServerConfig.DEFAULT_GRACE;

    public FrameworkConfig {
        Objects.requireNonNull(threads, "threads");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(downstreamTimeout, "downstreamTimeout");
        Objects.requireNonNull(database, "database");
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port must be 0..65535: " + port);
        }
        if (poolSize < 0 || poolSize > MAX_POOL_SIZE) {
            throw new IllegalArgumentException("pool size must be 0.." + MAX_POOL_SIZE + ": " + poolSize);
        }
        if (downstream != null && !"http".equalsIgnoreCase(downstream.getScheme())) {
            throw new IllegalArgumentException("downstream must be an http:// URL: " + downstream);
        }
        if (downstreamTimeout.isNegative() || downstreamTimeout.isZero()) {
            throw new IllegalArgumentException("downstream timeout must be positive: " + downstreamTimeout);
        }
        if (idleTimeout != null && (idleTimeout.isNegative() || idleTimeout.isZero())) {
            throw new IllegalArgumentException("idle timeout must be positive: " + idleTimeout);
        }
    }

    /** Without {@code --idle-timeout}: the framework keeps its own keep-alive timeout. */
    public FrameworkConfig(FrameworkThreads threads, String host, int port, int poolSize, boolean poolSizeGiven,
                           URI downstream, Duration downstreamTimeout, DatabaseConfig database) {
        this(threads, host, port, poolSize, poolSizeGiven, downstream, downstreamTimeout, database, null);
    }

    /** Every default, with this thread model (no database). */
    public static FrameworkConfig defaults(FrameworkThreads threads) {
        return new FrameworkConfig(threads, DEFAULT_HOST, DEFAULT_PORT, threads == FrameworkThreads.VIRTUAL ? 0
                : DEFAULT_POOL_SIZE, false, null, DEFAULT_DOWNSTREAM_TIMEOUT, DatabaseConfig.none());
    }

    /** This configuration reading {@code database} at {@code /db}. */
    public FrameworkConfig withDatabase(DatabaseConfig value) {
        return new FrameworkConfig(threads, host, port, poolSize, poolSizeGiven, downstream, downstreamTimeout, value,
                idleTimeout);
    }

    /** This configuration with {@code value} as the keep-alive idle timeout (null: the framework's own). */
    public FrameworkConfig withIdleTimeout(Duration value) {
        return new FrameworkConfig(threads, host, port, poolSize, poolSizeGiven, downstream, downstreamTimeout,
                database, value);
    }

    /**
     * Refuses {@code --pool-size} with {@code --threads virtual} for a framework whose virtual threads have no bound
     * to set: the option would be silently ignored.
     */
    public void refusePoolSizeWithVirtualThreads(String framework) {
        if (threads == FrameworkThreads.VIRTUAL && poolSizeGiven) {
            throw BadArgumentException.invalid("--pool-size", String.valueOf(poolSize), framework
                    + " runs a virtual thread per request with no pool to size", "--pool-size only with --threads "
                    + FrameworkThreads.PLATFORM.cliName());
        }
    }
}
