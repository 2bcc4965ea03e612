package io.loomarena.http.server.db;

import java.time.Duration;
import java.util.function.UnaryOperator;

import io.loomarena.cli.BadArgumentException;
import io.loomarena.http.server.Durations;
import picocli.CommandLine.Option;

/**
 * The database options of every {@code serve} (the arena's and each framework's), written once as a picocli mixin:
 * {@code @Mixin DatabaseOptions database;} then {@link #config()}. Every value arrives as text and is checked here, so
 * a bad one is a {@link BadArgumentException} naming the option and what it allows. The password is read from the
 * environment variable {@value DatabaseConfig#PASSWORD_ENV} only. Not thread-safe (filled by picocli, read once).
 */
public final class DatabaseOptions {

    @Option(names = "--db-url", paramLabel = "URL",
            description = "the database /db reads, jdbc:postgresql://HOST:PORT/DB (default: none, /db answers 503);"
                    + " password from the environment variable " + DatabaseConfig.PASSWORD_ENV)
    String url;
    @Option(names = "--db-user", paramLabel = "NAME", description = "database user (default "
            + DatabaseConfig.DEFAULT_USER + ")")
    String user = DatabaseConfig.DEFAULT_USER;
    @Option(names = "--db-pool-size", paramLabel = "N",
            description = "connections of the pool, all kept open, 1.." + DatabaseConfig.MAX_POOL_SIZE + " (default "
                    + DatabaseConfig.DEFAULT_POOL_SIZE + ")")
    String poolSize = String.valueOf(DatabaseConfig.DEFAULT_POOL_SIZE);
    @Option(names = "--db-wait", paramLabel = "DURATION",
            description = "longest wait for a pool connection before 503 (default 5s, at least 250ms)")
    String waitFor = "5s";
    @Option(names = "--db-query-timeout", paramLabel = "DURATION",
            description = "longest query before it is cancelled and answered 504 (default 5s)")
    String queryTimeout = "5s";

    /** The configuration the options and the environment describe; {@link BadArgumentException} names a bad one. */
    public DatabaseConfig config() {
        return config(System::getenv);
    }

    /** {@link #config()} with the environment given (tests). */
    DatabaseConfig config(UnaryOperator<String> environment) {
        if (url != null && !DatabaseConfig.validUrl(url)) {
            throw BadArgumentException.invalid("--db-url", url, null, DatabaseConfig.URL_PREFIX + "HOST:PORT/DB");
        }
        if (user.isBlank()) {
            throw BadArgumentException.invalid("--db-user", user, "empty", "a database user name");
        }
        int pool = BadArgumentException.wholeNumber("--db-pool-size", poolSize, 1, DatabaseConfig.MAX_POOL_SIZE);
        Duration wait = duration("--db-wait", waitFor, DatabaseConfig.MIN_WAIT);
        Duration timeout = duration("--db-query-timeout", queryTimeout, Duration.ofMillis(1));
        String password = environment.apply(DatabaseConfig.PASSWORD_ENV);
        return new DatabaseConfig(url, user, password == null || password.isEmpty() ? null : password, pool, wait,
                timeout);
    }

    /** Whether {@code --db-url} was given: a model that serves no {@code /db} refuses it. */
    public boolean given() {
        return url != null;
    }

    private static Duration duration(String option, String text, Duration min) {
        String allowed = Durations.FORMS + ", " + min.toMillis() + "ms.." + DatabaseConfig.MAX_DURATION.toMinutes()
                + "m";
        Duration value;
        try {
            value = Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw BadArgumentException.invalid(option, text, null, allowed);
        }
        if (value.compareTo(min) < 0 || value.compareTo(DatabaseConfig.MAX_DURATION) > 0) {
            throw BadArgumentException.invalid(option, text, "out of range", allowed);
        }
        return value;
    }
}
