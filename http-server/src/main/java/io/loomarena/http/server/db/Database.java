package io.loomarena.http.server.db;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.Optional;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.Json;
import org.postgresql.jdbc.PgStatement;

/**
 * {@code /db} as every server answers it (the arena's models and each framework alike): HikariCP in front of pgjdbc,
 * one blocking {@link #answer} per request. {@code ms=N} runs {@link DbTable#SLEEP} (the database waits, no CPU),
 * {@code rows=N} runs {@link DbTable#SELECT_ROWS}. Failures are answers, never exceptions: 400 for a bad query, 503
 * when no database is configured, none is reachable or no connection came within {@code --db-wait}, 504 when the
 * query ran past {@code --db-query-timeout} (it is cancelled and its connection goes back to the pool), 500 for any
 * other database error; each body is one line naming the problem.
 * <p>The pool is started without waiting for the database ({@code initializationFailTimeout} -1): a server starts
 * while its database is down, answers 503 until it is up, and the pool reconnects by itself, as it does after the
 * database restarts. Its threads are HikariCP's, named after {@link #POOL_NAME} ({@code db-pool:housekeeper}, ...).
 * <p>Thread-safe: {@link #answer} blocks the calling thread for the query, which must be a thread that may block
 * (an event loop hands it to workers).
 */
public final class Database implements AutoCloseable {

    /** HikariCP's pool name, which its threads and its log lines carry. */
    public static final String POOL_NAME = "db-pool";
    /** pgjdbc's SQLSTATE of a statement cancelled by its query timeout. */
    static final String QUERY_CANCELED = "57014";

    private final DatabaseConfig config;
    private final HikariDataSource pool;

    private Database(DatabaseConfig config, HikariDataSource pool) {
        this.config = config;
        this.pool = pool;
    }

    /** Starts the pool of {@code config} (none without a URL); returns at once, whether the database is up or not. */
    public static Database start(DatabaseConfig config) {
        return config.configured() ? new Database(config, new HikariDataSource(hikari(config)))
                : new Database(config, null);
    }

    /**
     * {@link #start(DatabaseConfig)} with the pool's own meters kept by {@code meters} (a framework's Micrometer
     * registry through HikariCP's {@code MicrometerMetricsTrackerFactory}), for a server whose {@code /metrics} is
     * that registry.
     */
    public static Database start(DatabaseConfig config, com.zaxxer.hikari.metrics.MetricsTrackerFactory meters) {
        if (!config.configured()) {
            return start(config);
        }
        HikariConfig hikari = hikari(config);
        // Only the meters are the framework's: every setting above is the contract's, the same for every row.
        hikari.setMetricsTrackerFactory(meters);
        return new Database(config, new HikariDataSource(hikari));
    }

    private static HikariConfig hikari(DatabaseConfig config) {
        HikariConfig hikari = new HikariConfig();
        hikari.setPoolName(POOL_NAME);
        hikari.setJdbcUrl(config.url());
        hikari.setUsername(config.user());
        hikari.setPassword(config.password());
        // A fixed pool: every connection open before the load comes, so the pool's size is the ceiling from the start.
        hikari.setMaximumPoolSize(config.poolSize());
        hikari.setMinimumIdle(config.poolSize());
        hikari.setConnectionTimeout(config.connectionWait().toMillis());
        hikari.setValidationTimeout(config.connectionWait().toMillis());
        // Start without a connection: the server serves /ping while the database is down, and /db answers 503.
        hikari.setInitializationFailTimeout(-1);
        hikari.setRegisterMbeans(false);
        // pgjdbc's own limits, in whole seconds: connecting may take --db-wait, and a database that stops answering
        // altogether (a cancel cannot reach it) still frees the connection once the query timeout and a wait passed.
        hikari.addDataSourceProperty("connectTimeout", seconds(config.connectionWait()));
        hikari.addDataSourceProperty("socketTimeout", seconds(config.queryTimeout().plus(config.connectionWait())));
        hikari.addDataSourceProperty("ApplicationName", "loomarena " + POOL_NAME);
        // The query timeout enforced by the database too: the statement's own timeout is a cancel sent by the client,
        // which does nothing when it reaches the server before the query started (under load, 7 of 500 one-second
        // queries ran to their end past a 200 ms timeout); statement_timeout is counted where the query runs.
        hikari.addDataSourceProperty("options", "-c statement_timeout=" + config.queryTimeout().toMillis());
        return hikari;
    }

    /** What the server was started with. */
    public DatabaseConfig config() {
        return config;
    }

    /**
     * Answers {@code /db} with the raw query of the request (null or empty when it has none). Blocks for the query.
     */
    public DbAnswer answer(String rawQuery) {
        DbQuery query;
        try {
            query = DbQuery.parse(rawQuery);
        } catch (HttpException e) {
            return DbAnswer.error(e.status(), e.getMessage());
        }
        if (pool == null) {
            return DbAnswer.error(503, "no database configured (--db-url)");
        }
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     query.isSleep() ? DbTable.SLEEP : DbTable.SELECT_ROWS)) {
            statement.unwrap(PgStatement.class).setQueryTimeoutMs(config.queryTimeout().toMillis());
            return query.isSleep() ? sleep(statement, query.millis()) : rows(statement, query.rows());
        } catch (SQLException e) {
            return failure(e);
        }
    }

    private static DbAnswer sleep(PreparedStatement statement, long millis) throws SQLException {
        statement.setDouble(1, millis / 1000.0);
        try (ResultSet result = statement.executeQuery()) {
            result.next();
        }
        return DbAnswer.json("{\"slept_ms\":" + millis + "}");
    }

    private static DbAnswer rows(PreparedStatement statement, int rows) throws SQLException {
        statement.setInt(1, rows);
        StringBuilder json = new StringBuilder(32 + rows * 48).append("{\"rows\":[");
        try (ResultSet result = statement.executeQuery()) {
            boolean first = true;
            while (result.next()) {
                json.append(first ? "" : ",").append("{\"id\":").append(result.getInt(1))
                        .append(",\"name\":").append(Json.quote(result.getString(2)))
                        .append(",\"amount\":").append(result.getInt(3)).append('}');
                first = false;
            }
        }
        return DbAnswer.json(json.append("]}").toString());
    }

    /** The answer of a failed call: which of 503, 504 or 500, with one line naming the problem. */
    private DbAnswer failure(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (e instanceof SQLTimeoutException || QUERY_CANCELED.equals(state)) {
            // Cancelled by the statement's timeout: the connection is sound and went back to the pool.
            return DbAnswer.error(504, "query ran past " + config.queryTimeout().toMillis()
                    + " ms (--db-query-timeout)");
        }
        if (e instanceof SQLTransientConnectionException && e.getCause() == null) {
            // HikariCP's timeout with every connection lent out: the pool is the ceiling.
            return DbAnswer.error(503, "no database connection within " + config.connectionWait().toMillis()
                    + " ms (--db-wait): all " + config.poolSize() + " of the pool busy");
        }
        if (e instanceof SQLTransientConnectionException || unreachable(state)) {
            // HikariCP's timeout while connections fail (its cause is the last failure), or a connection lost mid-query.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return DbAnswer.error(503, "database unreachable: " + firstLine(cause.getMessage()));
        }
        if (Thread.currentThread().isInterrupted()) {
            return DbAnswer.error(503, "server stopping");
        }
        return DbAnswer.error(500, "database error (SQLSTATE " + state + "): " + firstLine(e.getMessage()));
    }

    /** Connection exceptions (class 08) and the server shutting down or starting (57P01..57P03). */
    private static boolean unreachable(String state) {
        return state.startsWith("08") || state.startsWith("57P");
    }

    /**
     * The pool's figures now, or empty without a database (the {@code /metrics} endpoint shows them).
     */
    public Optional<PoolFigures> figures() {
        if (pool == null || pool.getHikariPoolMXBean() == null) {
            return Optional.empty();
        }
        var bean = pool.getHikariPoolMXBean();
        return Optional.of(new PoolFigures(bean.getActiveConnections(), bean.getIdleConnections(),
                bean.getThreadsAwaitingConnection(), config.poolSize()));
    }

    /** Closes every connection of the pool and stops its threads. */
    @Override
    public void close() {
        if (pool != null) {
            pool.close();
        }
    }

    private static String seconds(Duration duration) {
        return String.valueOf(Math.max(1, (duration.toMillis() + 999) / 1000));
    }

    private static String firstLine(String message) {
        String text = message == null ? "no detail" : message.strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }
}
