package io.loomarena.harness.db;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The database options a server under test is started with (the same words on the arena's {@code serve} and on every
 * framework's): the database's URL, the pool's size and, when a scenario needs it shorter than the server's default,
 * the query timeout and the wait for a connection. Immutable.
 *
 * @param url            {@code jdbc:postgresql://127.0.0.1:PORT/DB} of the {@link DatabaseFixture}
 * @param poolSize       the pool's connections, 1..{@value #LARGEST_POOL}
 * @param queryTimeout   the longest a query may run before the server answers 504; null for the server's default
 * @param connectionWait the longest a request waits for a pool connection before the server answers 503; null for
 *                       the server's default
 */
public record DbServerOptions(String url, int poolSize, Duration queryTimeout, Duration connectionWait) {

    /** The server's default pool: 10 connections, the ceiling of the known answer. */
    public static final int DEFAULT_POOL = 10;
    /**
     * The largest pool any scenario uses. The cluster accepts {@link io.loomarena.harness.postgres.PostgresCluster#MAX_CONNECTIONS}:
     * two servers' pools at once (a step's server still closing while the next one starts) plus the harness's own
     * connections fit below it ({@code DbServerOptionsTest}).
     */
    public static final int LARGEST_POOL = 100;

    public DbServerOptions {
        Objects.requireNonNull(url, "url");
        if (poolSize < 1 || poolSize > LARGEST_POOL) {
            throw new IllegalArgumentException("the database pool must be 1.." + LARGEST_POOL + " connections, got "
                    + poolSize);
        }
        if (queryTimeout != null && (queryTimeout.isNegative() || queryTimeout.isZero())) {
            throw new IllegalArgumentException("the query timeout must be positive, got " + queryTimeout);
        }
        if (connectionWait != null && (connectionWait.isNegative() || connectionWait.isZero())) {
            throw new IllegalArgumentException("the wait for a connection must be positive, got " + connectionWait);
        }
    }

    /** The server's default wait for a connection. */
    public DbServerOptions(String url, int poolSize, Duration queryTimeout) {
        this(url, poolSize, queryTimeout, null);
    }

    /** These options with the longest wait for a pool connection set to {@code wait}. */
    public DbServerOptions withConnectionWait(Duration wait) {
        return new DbServerOptions(url, poolSize, queryTimeout, wait);
    }

    /**
     * {@code --db-url URL --db-pool-size N [--db-query-timeout Nms] [--db-wait Nms]}: words after the server's own
     * options.
     */
    public List<String> words() {
        List<String> words = new ArrayList<>(List.of("--db-url", url, "--db-pool-size", String.valueOf(poolSize)));
        if (queryTimeout != null) {
            words.addAll(List.of("--db-query-timeout", queryTimeout.toMillis() + "ms"));
        }
        if (connectionWait != null) {
            words.addAll(List.of("--db-wait", connectionWait.toMillis() + "ms"));
        }
        return List.copyOf(words);
    }

    /** {@code DB_POOL_10}: what tells two searches of one path with other pools apart in their summaries' names. */
    public String label() {
        return "DB_POOL_" + poolSize;
    }
}
