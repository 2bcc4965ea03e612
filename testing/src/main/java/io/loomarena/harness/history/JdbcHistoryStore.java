package io.loomarena.harness.history;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.sqlite.SQLiteConfig;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ResultFiles;

/**
 * The history in a database through JDBC: an SQLite file or a PostgreSQL database, the same SQL for both
 * ({@link Schema}; where they differ, {@link Dialect}). Each write is one transaction. Holds one connection; its
 * methods take turns on it, so one store may be shared by threads, and two stores (two processes) may write at once.
 */
public final class JdbcHistoryStore implements HistoryStore {

    /** How long an SQLite writer waits for another's transaction to end before it gives up. */
    static final int BUSY_TIMEOUT_MILLIS = 30_000;
    /** How long opening a PostgreSQL connection may take, in seconds: an unreachable server costs no more. */
    static final int CONNECT_TIMEOUT_SECONDS = 5;

    /** Compact JSON for the facts and options columns. */
    static final ObjectMapper COMPACT = new ObjectMapper();

    /** Guards the one connection: a JDBC connection is not for two threads at once. */
    private final Object lock = new Object();
    private final Connection connection;
    private final Dialect dialect;
    private final String where;

    private JdbcHistoryStore(Connection connection, Dialect dialect, String where) {
        this.connection = connection;
        this.dialect = dialect;
        this.where = where;
    }

    /**
     * Opens (creating it and its folder when absent) the SQLite file, in WAL mode with a busy timeout, and creates or
     * migrates its schema.
     *
     * @throws HistoryException naming the file when it is not an SQLite database, not a history, or newer
     */
    public static JdbcHistoryStore sqlite(Path file) {
        Path absolute = file.toAbsolutePath().normalize();
        String where = "SQLite file " + absolute;
        try {
            Path folder = absolute.getParent();
            if (folder != null) {
                java.nio.file.Files.createDirectories(folder);
            }
        } catch (java.io.IOException e) {
            throw new HistoryException("cannot create the folder of the history " + where + ": " + e.getMessage());
        }
        // WAL is switched on after the schema check (Dialect.afterMigrate): switching it rewrites the file's header,
        // which a foreign database must not get.
        SQLiteConfig config = new SQLiteConfig();
        config.setBusyTimeout(BUSY_TIMEOUT_MILLIS);
        // Immediate: a transaction takes the write lock when it begins, so two writers queue on the busy timeout
        // instead of both reading and then failing to upgrade to write.
        config.setTransactionMode(SQLiteConfig.TransactionMode.IMMEDIATE);
        config.setSynchronous(SQLiteConfig.SynchronousMode.NORMAL);
        config.enforceForeignKeys(true);
        return open(() -> DriverManager.getConnection("jdbc:sqlite:" + absolute, config.toProperties()),
                Dialect.SQLITE, where);
    }

    /**
     * Connects to a PostgreSQL database and creates or migrates its schema.
     *
     * @param url      a {@code jdbc:postgresql:} URL
     * @param user     the user, or null for the driver's default
     * @param password the password, or null
     * @throws HistoryException naming the database (never the credentials) when it cannot be reached or used
     */
    public static JdbcHistoryStore postgres(String url, String user, String password) {
        Properties properties = new Properties();
        if (user != null) {
            properties.setProperty("user", user);
        }
        if (password != null) {
            properties.setProperty("password", password);
        }
        properties.setProperty("connectTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
        properties.setProperty("loginTimeout", String.valueOf(CONNECT_TIMEOUT_SECONDS));
        return open(() -> DriverManager.getConnection(url, properties), Dialect.POSTGRES,
                "PostgreSQL database " + Histories.withoutCredentials(url));
    }

    private interface Connect {
        Connection get() throws SQLException;
    }

    private static JdbcHistoryStore open(Connect connect, Dialect dialect, String where) {
        Connection connection = null;
        try {
            connection = connect.get();
            Schema.migrate(connection, dialect, where);
            dialect.afterMigrate(connection);
            return new JdbcHistoryStore(connection, dialect, where);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(connection);
            if (e instanceof HistoryException history) {
                throw history;
            }
            throw new HistoryException("cannot open the history " + where + ": " + Histories.oneLine(e)
                    + (dialect == Dialect.SQLITE ? " (the file is left as it is)" : ""));
        }
    }

    /** The schema version the database records. */
    public int schemaVersion() {
        return read(() -> Schema.recorded(connection));
    }

    @Override
    public String describe() {
        return where;
    }

    @Override
    public long record(RecordedRun run) {
        return write(() -> new RunWriter(connection).write(run));
    }

    @Override
    public Optional<Long> recorded(String contentKey) {
        return read(() -> RunWriter.existing(connection, contentKey));
    }

    @Override
    public List<RunRow> runs() {
        return read(() -> {
            List<RunRow> runs = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement("SELECT id, commit_hash, dirty, branch,"
                    + " started, ended, suite, testbed, excluded_reason FROM run ORDER BY id");
                 ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    runs.add(new RunRow(rows.getLong(1), rows.getString(2), rows.getInt(3) != 0,
                            Optional.ofNullable(rows.getString(4)), Instant.ofEpochMilli(rows.getLong(5)),
                            Instant.ofEpochMilli(rows.getLong(6)), rows.getString(7), rows.getString(8),
                            Optional.ofNullable(rows.getString(9))));
                }
            }
            return runs;
        });
    }

    @Override
    public List<TestbedRow> testbeds() {
        return read(() -> {
            List<TestbedRow> testbeds = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT id, facts, first_seen FROM testbed ORDER BY first_seen, id");
                 ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    testbeds.add(new TestbedRow(rows.getString(1), facts(rows.getString(2)),
                            Instant.ofEpochMilli(rows.getLong(3))));
                }
            }
            return testbeds;
        });
    }

    @Override
    public List<SeriesKey> series() {
        return read(() -> {
            List<SeriesKey> series = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement("SELECT DISTINCT r.testbed, r.suite,"
                    + " i.combination, i.metric, i.lower_is_better, i.unit FROM iteration i JOIN run r ON r.id = i.run"
                    + " WHERE i.judged = 1 ORDER BY r.testbed, r.suite, i.combination, i.metric");
                 ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    series.add(new SeriesKey(rows.getString(1), rows.getString(2), rows.getString(3),
                            rows.getString(4), Direction.of(rows.getInt(5) != 0), rows.getString(6)));
                }
            }
            return series;
        });
    }

    /** A fork's point is the mean of its judged iterations; excluded runs are left out; commit order. */
    @Override
    public List<SeriesPoint> points(SeriesKey key) {
        return read(() -> {
            List<SeriesPoint> points = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement("SELECT r.id, r.commit_hash, r.commit_time,"
                    + " r.started, i.fork, AVG(i.value) FROM iteration i JOIN run r ON r.id = i.run"
                    + " WHERE r.testbed = ? AND r.suite = ? AND i.combination = ? AND i.metric = ? AND i.judged = 1"
                    + " AND r.excluded_reason IS NULL"
                    + " GROUP BY r.id, r.commit_hash, r.commit_time, r.started, i.fork"
                    + " ORDER BY r.commit_time, r.started, r.id, i.fork")) {
                query.setString(1, key.testbed());
                query.setString(2, key.suite());
                query.setString(3, key.combination());
                query.setString(4, key.metric());
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        points.add(new SeriesPoint(rows.getLong(1), rows.getString(2),
                                Instant.ofEpochMilli(rows.getLong(3)), Instant.ofEpochMilli(rows.getLong(4)),
                                rows.getInt(5), rows.getDouble(6)));
                    }
                }
            }
            return points;
        });
    }

    @Override
    public List<BenchmarkSummary> summaries(long runId) {
        return read(() -> {
            List<BenchmarkSummary> summaries = new ArrayList<>();
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT json FROM summary WHERE run = ? AND kind = ? ORDER BY combination")) {
                query.setLong(1, runId);
                query.setString(2, RecordedRun.StoredSummary.BENCHMARK);
                try (ResultSet rows = query.executeQuery()) {
                    while (rows.next()) {
                        summaries.add(parse(rows.getString(1)));
                    }
                }
            }
            return summaries;
        });
    }

    @Override
    public void exclude(long runId, String reason) {
        int changed = write(() -> {
            try (PreparedStatement update = connection.prepareStatement(
                    "UPDATE run SET excluded_reason = ? WHERE id = ?")) {
                update.setString(1, reason);
                update.setLong(2, runId);
                return update.executeUpdate();
            }
        });
        if (changed == 0) {
            throw new IllegalArgumentException("no run " + runId + " in the history " + where);
        }
    }

    @Override
    public void acknowledge(SeriesKey key, String firstCommitAfter, String reason) {
        write(() -> {
            try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO acknowledgement (series,"
                    + " commit_hash, reason, at) VALUES (?, ?, ?, ?) ON CONFLICT (series, commit_hash)"
                    + " DO UPDATE SET reason = excluded.reason, at = excluded.at")) {
                upsert.setString(1, key.name());
                upsert.setString(2, firstCommitAfter);
                upsert.setString(3, reason);
                upsert.setLong(4, Instant.now().toEpochMilli());
                return upsert.executeUpdate();
            }
        });
    }

    @Override
    public boolean acknowledged(SeriesKey key, String firstCommitAfter) {
        return read(() -> {
            try (PreparedStatement query = connection.prepareStatement(
                    "SELECT 1 FROM acknowledgement WHERE series = ? AND commit_hash = ?")) {
                query.setString(1, key.name());
                query.setString(2, firstCommitAfter);
                try (ResultSet rows = query.executeQuery()) {
                    return rows.next();
                }
            }
        });
    }

    @Override
    public int pruneSummaries(int keepLast) {
        if (keepLast < 0) {
            throw new IllegalArgumentException("the runs to keep whole must be 0 or more, got " + keepLast);
        }
        int pruned = write(() -> {
            // Run ids grow in recording order: the newest keepLast runs are those above the (keepLast+1)-th largest.
            long newestPruned;
            try (PreparedStatement query = connection.prepareStatement("SELECT id FROM run ORDER BY id DESC")) {
                try (ResultSet rows = query.executeQuery()) {
                    int seen = 0;
                    while (seen < keepLast && rows.next()) {
                        seen++;
                    }
                    if (!rows.next()) {
                        return 0;
                    }
                    newestPruned = rows.getLong(1);
                }
            }
            try (PreparedStatement runs = connection.prepareStatement(
                    "SELECT COUNT(DISTINCT run) FROM summary WHERE run <= ?");
                 PreparedStatement delete = connection.prepareStatement("DELETE FROM summary WHERE run <= ?")) {
                runs.setLong(1, newestPruned);
                int count;
                try (ResultSet rows = runs.executeQuery()) {
                    rows.next();
                    count = rows.getInt(1);
                }
                delete.setLong(1, newestPruned);
                delete.executeUpdate();
                return count;
            }
        });
        if (pruned > 0) {
            read(() -> {
                dialect.reclaim(connection);
                return null;
            });
        }
        return pruned;
    }

    @Override
    public void close() {
        synchronized (lock) {
            closeQuietly(connection);
        }
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    private <T> T read(Work<T> work) {
        synchronized (lock) {
            return readLocked(work);
        }
    }

    private <T> T readLocked(Work<T> work) {
        try {
            return work.run();
        } catch (SQLException e) {
            throw new HistoryException("cannot read the history " + where + ": " + Histories.oneLine(e));
        }
    }

    /** Runs {@code work} in one transaction: all of it or, on any failure, nothing. */
    private <T> T write(Work<T> work) {
        synchronized (lock) {
            return writeLocked(work);
        }
    }

    private <T> T writeLocked(Work<T> work) {
        try {
            connection.setAutoCommit(false);
            try {
                T result = work.run();
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                connection.rollback();
                throw e;
            } finally {
                connection.setAutoCommit(true);
            }
        } catch (SQLException e) {
            throw new HistoryException("cannot write to the history " + where + ": " + Histories.oneLine(e));
        }
    }

    private static Map<String, String> facts(String json) throws SQLException {
        try {
            return COMPACT.readValue(json, new TypeReference<Map<String, String>>() { });
        } catch (JsonProcessingException e) {
            throw new SQLException("a testbed's facts are not JSON: " + e.getOriginalMessage(), e);
        }
    }

    private static BenchmarkSummary parse(String json) throws SQLException {
        try {
            return ResultFiles.JSON.readValue(json, BenchmarkSummary.class);
        } catch (JsonProcessingException e) {
            throw new SQLException("a recorded summary is not one: " + e.getOriginalMessage(), e);
        }
    }

    private static void closeQuietly(Connection connection) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            // Closing a connection that failed: nothing more to release, and the first error is the one to say.
        }
    }
}
