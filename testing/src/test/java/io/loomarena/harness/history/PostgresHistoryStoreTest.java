package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.loomarena.harness.postgres.PostgresCluster;

/**
 * The store's contract on a real PostgreSQL server ({@link PostgresCluster}), a fresh schema per test; skipped, with
 * one line saying why, where no PostgreSQL binaries exist. Afterwards no server process and no folder is left.
 */
class PostgresHistoryStoreTest extends HistoryStoreContract {

    private static PostgresCluster cluster;
    private static final List<HistoryStore> OPENED = new ArrayList<>();
    private int schema;

    @BeforeAll
    static void startPostgres() {
        PostgresCluster.unavailable().ifPresent(why -> {
            System.out.println("[PERF][HISTORY] PostgreSQL store tests skipped: " + why);
            Assumptions.abort(why);
        });
        cluster = PostgresCluster.start("history");
    }

    @AfterAll
    static void stopPostgres() {
        if (cluster == null) {
            return;
        }
        Path folder = cluster.folder();
        long pid = postmasterPid(folder);
        cluster.close();
        assertThat(folder).doesNotExist();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("postgres %d", pid).isFalse();
    }

    /** Each test gets a schema of its own in the one database: a fresh, empty history. */
    @Override
    HistoryStore fresh() {
        String name = "t" + System.nanoTime() + "_" + (++schema);
        String url = cluster.jdbcUrl() + "?currentSchema=" + name;
        try (var connection = java.sql.DriverManager.getConnection(cluster.jdbcUrl(), PostgresCluster.USER, null);
             var statement = connection.createStatement()) {
            statement.execute("CREATE SCHEMA " + name);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return JdbcHistoryStore.postgres(url, PostgresCluster.USER, null);
    }

    @Test
    void aNewDatabaseGetsTheSchemaAndItsVersion() {
        try (JdbcHistoryStore store = (JdbcHistoryStore) fresh()) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.VERSION);
            assertThat(store.describe()).startsWith("PostgreSQL database jdbc:postgresql://127.0.0.1:")
                    .doesNotContain("?");
        }
    }

    private static long postmasterPid(Path folder) {
        try {
            return Long.parseLong(Files.readAllLines(folder.resolve("data").resolve("postmaster.pid")).get(0).strip());
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
