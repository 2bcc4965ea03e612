package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SQLite history's bad input and faults: what it refuses, what it leaves alone, two writers at once. */
class SqliteHistoryFaultsTest {

    @TempDir
    Path folder;

    @Test
    void aFreshFileGetsTheSchemaWithItsVersion() throws Exception {
        Path file = folder.resolve("new").resolve("history.sqlite");
        try (JdbcHistoryStore store = JdbcHistoryStore.sqlite(file)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.VERSION);
            assertThat(store.describe()).isEqualTo("SQLite file " + file.toAbsolutePath());
            assertThat(store.runs()).isEmpty();
        }
        assertThat(file).exists();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             var mode = statement.executeQuery("PRAGMA journal_mode")) {
            assertThat(mode.next()).isTrue();
            assertThat(mode.getString(1)).isEqualToIgnoringCase("wal");
        }
    }

    @Test
    void aCorruptFileIsOneErrorNamingItAndIsLeftAsItIs() throws Exception {
        Path file = folder.resolve("history.sqlite");
        byte[] junk = "this is no database, but someone's notes\n".repeat(200).getBytes(StandardCharsets.UTF_8);
        Files.write(file, junk);

        assertThatThrownBy(() -> JdbcHistoryStore.sqlite(file)).isInstanceOf(HistoryException.class)
                .hasMessageContaining(file.toAbsolutePath().toString()).hasMessageContaining("left as it is")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThat(java.util.Arrays.equals(Files.readAllBytes(file), junk)).as("the file is unchanged").isTrue();
    }

    @Test
    void aForeignDatabaseIsRefusedAndLeftAsItIs() throws Exception {
        Path file = folder.resolve("other.sqlite");
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE invoices (id INTEGER, total REAL)");
        }
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> JdbcHistoryStore.sqlite(file)).isInstanceOf(HistoryException.class)
                .hasMessageContaining(file.toAbsolutePath().toString()).hasMessageContaining("invoices")
                .hasMessageContaining("not a loom-arena history");
        assertThat(java.util.Arrays.equals(Files.readAllBytes(file), before)).as("the file is unchanged").isTrue();
    }

    @Test
    void aNewerSchemaIsRefusedNamingBothVersions() throws Exception {
        Path file = folder.resolve("history.sqlite");
        JdbcHistoryStore.sqlite(file).close();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO schema_version (version, applied) VALUES (7, 0)");
        }

        assertThatThrownBy(() -> JdbcHistoryStore.sqlite(file)).isInstanceOf(HistoryException.class)
                .hasMessageContaining(file.toAbsolutePath().toString())
                .hasMessageContaining("schema version 7, newer than version " + Schema.VERSION);
    }

    /** Two writers (two stores, as two processes would have) each record runs at once: none lost, none half-written. */
    @Test
    void twoWritersAtOnceLoseNothing() throws Exception {
        Path file = folder.resolve("history.sqlite");
        JdbcHistoryStore.sqlite(file).close();
        int perWriter = 15;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService writers = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                done.add(writers.submit(() -> {
                    try (HistoryStore store = JdbcHistoryStore.sqlite(file)) {
                        start.await();
                        for (int i = 0; i < perWriter; i++) {
                            int n = writer * 1000 + i;
                            store.record(HistoryFixtures.run(HistoryFixtures.commit(n),
                                    Instant.parse("2026-01-01T00:00:00Z").plusSeconds(n), n % 5));
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> writer : done) {
                writer.get(120, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }
        int figuresPerRun = HistoryFixtures.run(HistoryFixtures.commit(0), Instant.EPOCH, 0).figures().size();
        try (JdbcHistoryStore store = JdbcHistoryStore.sqlite(file);
             Connection connection = DriverManager.getConnection("jdbc:sqlite:" + file);
             Statement statement = connection.createStatement();
             var rows = statement.executeQuery("SELECT run, COUNT(*) FROM iteration GROUP BY run")) {
            assertThat(store.runs()).hasSize(2 * perWriter);
            int runs = 0;
            while (rows.next()) {
                assertThat(rows.getInt(2)).as("figures of run %d", rows.getLong(1)).isEqualTo(figuresPerRun);
                runs++;
            }
            assertThat(runs).isEqualTo(2 * perWriter);
        }
    }

    @Test
    void theRecorderSaysACorruptHistoryInOneLineAndGoesOn() throws Exception {
        Path results = folder.resolve("target-results");
        Files.createDirectories(results);
        Path file = results.resolve(Histories.DEFAULT_FILE);
        byte[] junk = "not sqlite".repeat(100).getBytes(StandardCharsets.UTF_8);
        Files.write(file, junk);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        new HistoryRecorder("", results, folder, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                HistoryRecorder.AfterRecording.NOTHING).record(() -> List.of(HistoryFixtures.run(HistoryFixtures.commit(1), Instant.EPOCH, 1)));

        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("[PERF][HISTORY] not recorded: ").contains(file.toAbsolutePath().toString());
        assertThat(java.util.Arrays.equals(Files.readAllBytes(file), junk)).as("the file is unchanged").isTrue();
    }

    @Test
    void theRecorderPrintsOneLinePerRunRecorded() {
        Path results = folder.resolve("target-results");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        HistoryRecorder recorder = new HistoryRecorder("", results, folder, Map.of(),
                new PrintStream(out, true, StandardCharsets.UTF_8), HistoryRecorder.AfterRecording.NOTHING);

        recorder.record(() -> List.of(HistoryFixtures.run(HistoryFixtures.commit(1), Instant.EPOCH, 1)));
        recorder.record(() -> List.of(HistoryFixtures.run(HistoryFixtures.commit(2), Instant.EPOCH, 2)));

        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).hasSize(2).last().asString()
                .matches("\\[PERF]\\[HISTORY] recorded run 2 \\(echo, 0000000\\) in SQLite file .*history\\.sqlite:"
                        + " 2 runs, 1 testbed, in \\d+ ms");
    }
}
