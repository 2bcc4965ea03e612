package io.loomarena.harness.history;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The history's tables, one schema for SQLite and PostgreSQL in portable SQL, and its version, recorded in the
 * database ({@code schema_version}). {@link #migrate} creates it in an empty database, brings an older one up to
 * {@link #VERSION} (each step in {@link #STEPS}), and refuses a database whose version is newer than this code's or
 * that holds tables of something else. Times are epoch milliseconds, flags 0 or 1, so that both databases order and
 * compare them alike. Stateless.
 */
final class Schema {

    /** The version this code writes and reads. */
    static final int VERSION = 1;

    /** The statements that take a database from version {@code i} to {@code i + 1}; {@code {ID}} per dialect. */
    private static final List<List<String>> STEPS = List.of(List.of(
            "CREATE TABLE schema_version (version INTEGER NOT NULL, applied BIGINT NOT NULL)",
            "CREATE TABLE testbed (id VARCHAR(64) PRIMARY KEY, facts TEXT NOT NULL, first_seen BIGINT NOT NULL)",
            "CREATE TABLE run (id {ID}, commit_hash VARCHAR(64) NOT NULL, commit_time BIGINT NOT NULL,"
                    + " dirty INTEGER NOT NULL, branch TEXT, started BIGINT NOT NULL, ended BIGINT NOT NULL,"
                    + " suite VARCHAR(200) NOT NULL, testbed VARCHAR(64) NOT NULL REFERENCES testbed (id),"
                    + " options TEXT NOT NULL, seed BIGINT, content_key VARCHAR(64) NOT NULL UNIQUE,"
                    + " excluded_reason TEXT)",
            "CREATE TABLE summary (run BIGINT NOT NULL REFERENCES run (id), kind VARCHAR(20) NOT NULL,"
                    + " combination VARCHAR(300) NOT NULL, json TEXT NOT NULL, PRIMARY KEY (run, kind, combination))",
            "CREATE TABLE iteration (run BIGINT NOT NULL REFERENCES run (id), combination VARCHAR(300) NOT NULL,"
                    + " metric VARCHAR(100) NOT NULL, unit VARCHAR(100) NOT NULL, lower_is_better INTEGER NOT NULL,"
                    + " fork INTEGER NOT NULL, iteration INTEGER NOT NULL, value DOUBLE PRECISION NOT NULL,"
                    + " judged INTEGER NOT NULL, PRIMARY KEY (run, combination, metric, fork, iteration))",
            "CREATE INDEX iteration_series ON iteration (combination, metric)",
            "CREATE TABLE verdict (run BIGINT NOT NULL REFERENCES run (id), kind VARCHAR(20) NOT NULL,"
                    + " combination VARCHAR(300) NOT NULL, metric VARCHAR(100) NOT NULL, verdict TEXT NOT NULL,"
                    + " value DOUBLE PRECISION, low DOUBLE PRECISION, high DOUBLE PRECISION)",
            "CREATE TABLE acknowledgement (series VARCHAR(600) NOT NULL, commit_hash VARCHAR(64) NOT NULL,"
                    + " reason TEXT NOT NULL, at BIGINT NOT NULL, PRIMARY KEY (series, commit_hash))"));

    private Schema() {
    }

    /**
     * Creates or migrates the schema in one transaction and returns the version found before (0: an empty database).
     *
     * @param where the file or database, for messages
     * @throws HistoryException when the database holds other tables or a newer schema
     */
    static int migrate(Connection connection, Dialect dialect, String where) throws SQLException {
        connection.setAutoCommit(false);
        try {
            dialect.lockSchema(connection);
            int found = version(connection, where);
            if (found > VERSION) {
                throw new HistoryException("the history " + where + " has schema version " + found + ", newer than"
                        + " version " + VERSION + " that this loom-arena reads: use a newer loom-arena, or another"
                        + " history (-Dloomarena.history)");
            }
            try (Statement statement = connection.createStatement()) {
                for (int step = found; step < VERSION; step++) {
                    for (String sql : STEPS.get(step)) {
                        statement.execute(sql.replace("{ID}", dialect.idColumn()));
                    }
                }
            }
            if (found < VERSION) {
                try (PreparedStatement insert = connection.prepareStatement(
                        "INSERT INTO schema_version (version, applied) VALUES (?, ?)")) {
                    insert.setInt(1, VERSION);
                    insert.setLong(2, Instant.now().toEpochMilli());
                    insert.executeUpdate();
                }
            }
            connection.commit();
            return found;
        } catch (SQLException | RuntimeException e) {
            connection.rollback();
            throw e;
        } finally {
            connection.setAutoCommit(true);
        }
    }

    /** The recorded version; 0 for an empty database. */
    private static int version(Connection connection, String where) throws SQLException {
        List<String> tables = tables(connection);
        if (!tables.contains("schema_version")) {
            if (!tables.isEmpty()) {
                throw new HistoryException("the history " + where + " holds tables that are not a loom-arena history ("
                        + String.join(", ", tables.subList(0, Math.min(5, tables.size()))) + "): left as it is;"
                        + " name an empty or new one (-Dloomarena.history)");
            }
            return 0;
        }
        try (Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT MAX(version) FROM schema_version")) {
            return rows.next() ? rows.getInt(1) : 0;
        }
    }

    /** The tables of the connection's schema, lower case. */
    private static List<String> tables(Connection connection) throws SQLException {
        DatabaseMetaData meta = connection.getMetaData();
        List<String> names = new ArrayList<>();
        try (ResultSet rows = meta.getTables(null, connection.getSchema(), "%", new String[] {"TABLE"})) {
            while (rows.next()) {
                String name = rows.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
                if (!name.startsWith("sqlite_")) {
                    names.add(name);
                }
            }
        }
        return names;
    }

    /** The version recorded in a database this code opened (for tests and the command's listing). */
    static int recorded(Connection connection) throws SQLException {
        return version(connection, "");
    }
}
