package io.loomarena.http.server.db;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;

/**
 * What {@link Database} is started with; the database options' defaults and limits live here and nowhere else
 * ({@link DatabaseOptions} parses the command line into this). Immutable; {@link #toString} never shows the password.
 *
 * @param url          {@code jdbc:postgresql://HOST:PORT/DB}, or null when no database is configured ({@code /db}
 *                     answers 503 then)
 * @param user         the database user ({@value #DEFAULT_USER})
 * @param password     the user's password, from {@value #PASSWORD_ENV} only; null for none
 * @param poolSize     connections of the pool, 1..{@value #MAX_POOL_SIZE}, all kept open ({@value #DEFAULT_POOL_SIZE})
 * @param connectionWait         the longest wait for a pool connection, {@link #MIN_WAIT}..{@link #MAX_DURATION} (5 s)
 * @param queryTimeout the longest a query may run before it is cancelled, up to {@link #MAX_DURATION} (5 s)
 */
public record DatabaseConfig(String url, String user, String password, int poolSize, Duration connectionWait,
                             Duration queryTimeout) {

    /** The only form of {@code --db-url} accepted. */
    public static final String URL_PREFIX = "jdbc:postgresql://";
    public static final String DEFAULT_USER = "postgres";
    /** The environment variable the password comes from (never a command-line word: others can read those). */
    public static final String PASSWORD_ENV = "LOOMARENA_DB_PASSWORD";
    public static final int DEFAULT_POOL_SIZE = 10;
    public static final int MAX_POOL_SIZE = 1000;
    public static final Duration DEFAULT_WAIT = Duration.ofSeconds(5);
    public static final Duration DEFAULT_QUERY_TIMEOUT = Duration.ofSeconds(5);
    /** HikariCP refuses a connection timeout below 250 ms. */
    public static final Duration MIN_WAIT = Duration.ofMillis(250);
    /** The longest wait or query timeout accepted. */
    public static final Duration MAX_DURATION = Duration.ofMinutes(10);

    public DatabaseConfig {
        if (url != null && !validUrl(url)) {
            throw new IllegalArgumentException("database URL must be " + URL_PREFIX + "HOST:PORT/DB: " + url);
        }
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("database user must not be empty");
        }
        if (poolSize < 1 || poolSize > MAX_POOL_SIZE) {
            throw new IllegalArgumentException("database pool size must be 1.." + MAX_POOL_SIZE + ": " + poolSize);
        }
        if (connectionWait == null || connectionWait.compareTo(MIN_WAIT) < 0 || connectionWait.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("database wait must be " + MIN_WAIT.toMillis() + " ms.."
                    + MAX_DURATION.toMinutes() + " min: " + connectionWait);
        }
        if (queryTimeout == null || queryTimeout.isNegative() || queryTimeout.isZero()
                || queryTimeout.compareTo(MAX_DURATION) > 0) {
            throw new IllegalArgumentException("query timeout must be positive, at most " + MAX_DURATION.toMinutes()
                    + " min: " + queryTimeout);
        }
    }

    /** No database: {@code /db} answers 503 ({@code --db-url} not given). */
    public static DatabaseConfig none() {
        return new DatabaseConfig(null, DEFAULT_USER, null, DEFAULT_POOL_SIZE, DEFAULT_WAIT, DEFAULT_QUERY_TIMEOUT);
    }

    /** The database at {@code url} with every other default, no password. */
    public static DatabaseConfig of(String url) {
        return none().withUrl(url);
    }

    /** Whether a database is configured ({@code --db-url} given). */
    public boolean configured() {
        return url != null;
    }

    public DatabaseConfig withUrl(String value) {
        return new DatabaseConfig(value, user, password, poolSize, connectionWait, queryTimeout);
    }

    public DatabaseConfig withUser(String value, String secret) {
        return new DatabaseConfig(url, value, secret, poolSize, connectionWait, queryTimeout);
    }

    public DatabaseConfig withPoolSize(int value) {
        return new DatabaseConfig(url, user, password, value, connectionWait, queryTimeout);
    }

    public DatabaseConfig withConnectionWait(Duration value) {
        return new DatabaseConfig(url, user, password, poolSize, value, queryTimeout);
    }

    public DatabaseConfig withQueryTimeout(Duration value) {
        return new DatabaseConfig(url, user, password, poolSize, connectionWait, value);
    }

    /** Whether {@code url} is {@link #URL_PREFIX}{@code HOST[:PORT]/DB}, optionally with a query of driver settings. */
    public static boolean validUrl(String url) {
        if (!url.startsWith(URL_PREFIX)) {
            return false;
        }
        try {
            URI uri = new URI("postgresql://" + url.substring(URL_PREFIX.length()));
            return uri.getHost() != null && uri.getPath() != null && uri.getPath().length() > 1
                    && uri.getUserInfo() == null;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    @Override
    public String toString() {
        return "DatabaseConfig[url=" + url + ", user=" + user + ", password=" + (password == null ? "none" : "(set)")
                + ", poolSize=" + poolSize + ", connectionWait=" + connectionWait + ", queryTimeout=" + queryTimeout + "]";
    }
}
