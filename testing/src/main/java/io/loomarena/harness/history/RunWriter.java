package io.loomarena.harness.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;

/**
 * Writes one {@link RecordedRun} inside the transaction its store opened: the testbed (once), the run, its summaries,
 * its figures and its verdicts, in batches. A run whose content key is recorded already is not written again.
 */
final class RunWriter {

    private final Connection connection;

    RunWriter(Connection connection) {
        this.connection = connection;
    }

    /** The id of the run recorded with {@code contentKey}, if any. */
    static Optional<Long> existing(Connection connection, String contentKey) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT id FROM run WHERE content_key = ?")) {
            query.setString(1, contentKey);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? Optional.of(rows.getLong(1)) : Optional.empty();
            }
        }
    }

    /** Writes the run and returns its id, or the id of the same run recorded before. */
    long write(RecordedRun run) throws SQLException {
        Optional<Long> before = existing(connection, run.contentKey());
        if (before.isPresent()) {
            return before.get();
        }
        testbed(run.testbed());
        long id = run(run);
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO summary (run, kind, combination, json) VALUES (?, ?, ?, ?)")) {
            for (RecordedRun.StoredSummary summary : run.summaries()) {
                insert.setLong(1, id);
                insert.setString(2, summary.kind());
                insert.setString(3, summary.combination());
                insert.setString(4, summary.json());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO iteration (run, combination, metric,"
                + " unit, lower_is_better, fork, iteration, value, judged) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RecordedRun.Figure figure : run.figures()) {
                insert.setLong(1, id);
                insert.setString(2, figure.combination());
                insert.setString(3, figure.metric());
                insert.setString(4, figure.unit());
                insert.setInt(5, figure.lowerIsBetter() ? 1 : 0);
                insert.setInt(6, figure.fork());
                insert.setInt(7, figure.iteration());
                insert.setDouble(8, figure.value());
                insert.setInt(9, figure.judged() ? 1 : 0);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO verdict (run, kind, combination,"
                + " metric, verdict, value, low, high) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RecordedRun.VerdictRow verdict : run.verdicts()) {
                insert.setLong(1, id);
                insert.setString(2, verdict.kind());
                insert.setString(3, verdict.combination());
                insert.setString(4, verdict.metric());
                insert.setString(5, verdict.verdict());
                number(insert, 6, verdict.value());
                number(insert, 7, verdict.low());
                number(insert, 8, verdict.high());
                insert.addBatch();
            }
            insert.executeBatch();
        }
        return id;
    }

    private void testbed(TestbedRow testbed) throws SQLException {
        // Two writers recording on one new testbed at once: the second's insert does nothing.
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO testbed (id, facts, first_seen)"
                + " VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING")) {
            insert.setString(1, testbed.id());
            insert.setString(2, json(testbed.facts()));
            insert.setLong(3, testbed.firstSeen().toEpochMilli());
            insert.executeUpdate();
        }
    }

    private long run(RecordedRun run) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO run (commit_hash, commit_time, dirty,"
                + " branch, started, ended, suite, testbed, options, seed, content_key)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id")) {
            insert.setString(1, run.commit());
            insert.setLong(2, run.commitTime().toEpochMilli());
            insert.setInt(3, run.dirty() ? 1 : 0);
            insert.setString(4, run.branch().orElse(null));
            insert.setLong(5, run.start().toEpochMilli());
            insert.setLong(6, run.end().toEpochMilli());
            insert.setString(7, run.suite());
            insert.setString(8, run.testbed().id());
            insert.setString(9, json(run.options()));
            if (run.seed().isPresent()) {
                insert.setLong(10, run.seed().get());
            } else {
                insert.setNull(10, Types.BIGINT);
            }
            insert.setString(11, run.contentKey());
            try (ResultSet rows = insert.executeQuery()) {
                if (!rows.next()) {
                    throw new SQLException("the database returned no id for the new run");
                }
                return rows.getLong(1);
            }
        }
    }

    private static void number(PreparedStatement statement, int index, double value) throws SQLException {
        if (Double.isFinite(value)) {
            statement.setDouble(index, value);
        } else {
            statement.setNull(index, Types.DOUBLE);
        }
    }

    private static String json(Object value) throws SQLException {
        try {
            return JdbcHistoryStore.COMPACT.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new SQLException("cannot write as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
