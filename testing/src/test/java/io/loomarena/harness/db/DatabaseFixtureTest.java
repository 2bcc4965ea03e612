package io.loomarena.harness.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import io.loomarena.harness.HarnessException;
import io.loomarena.http.server.db.DbTable;

/**
 * The fixture on a real PostgreSQL: only what holds on any machine with the binaries (started, seeded, killed and back
 * on the same port and data, nothing left behind after a close or after the harness itself is killed). Skipped, with
 * the fixture's one line, where no binaries exist.
 */
// Five throwaway clusters (about 18 s): tagged "process", left out of the default build's time budget (root pom,
// excludedGroups) and run with -DexcludedGroups=none; the @Database scenarios use the same fixture.
@Tag("process")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DatabaseFixtureTest {

    /** How long a killed harness's leftovers may take to go: it tells "removed" from "left behind", not speed. */
    private static final Duration GONE_WITHIN = Duration.ofSeconds(30);

    @BeforeAll
    static void binaries() {
        DatabaseFixture.unavailable().ifPresent(line -> Assumptions.abort(line));
    }

    @Test
    void startsSeededWithEveryRowAndAPostmaster() {
        try (DatabaseFixture fixture = DatabaseFixture.start()) {
            assertThat(fixture.rowCount()).isEqualTo(DbTable.ROWS).isEqualTo(10_000);
            assertThat(fixture.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + fixture.port() + "/arena");
            assertThat(fixture.postmasterPid()).isPresent();
            assertThat(fixture.serverOptions(10).words())
                    .containsExactly("--db-url", fixture.jdbcUrl(), "--db-pool-size", "10");
        }
    }

    @Test
    void aKilledDatabaseRefusesConnectionsAndComesBackOnTheSamePortWithItsData() {
        try (DatabaseFixture fixture = DatabaseFixture.start()) {
            long before = fixture.postmasterPid().orElseThrow();
            int port = fixture.port();

            fixture.kill();

            assertThat(ProcessHandle.of(before)).isEmpty();
            assertThat(fixture.accepting()).isFalse();
            assertThatThrownBy(fixture::rowCount).isInstanceOf(HarnessException.class);

            fixture.restart();

            assertThat(fixture.accepting()).isTrue();
            assertThat(fixture.port()).isEqualTo(port);
            assertThat(fixture.rowCount()).isEqualTo(DbTable.ROWS);
            assertThat(fixture.postmasterPid()).isPresent().get().isNotEqualTo(before);
        }
    }

    @Test
    void aRestartWithoutAKillIsRefusedInOneLine() {
        try (DatabaseFixture fixture = DatabaseFixture.start()) {
            assertThatThrownBy(fixture::restart).isInstanceOf(HarnessException.class)
                    .hasMessage("[DB] restart without a kill: the database on port " + fixture.port() + " runs");
        }
    }

    @Test
    void closingLeavesNoProcessAndNoFolder() {
        DatabaseFixture fixture = DatabaseFixture.start();
        Path folder = fixture.folder();
        long postmaster = fixture.postmasterPid().orElseThrow();
        fixture.kill();
        fixture.restart();
        long restarted = fixture.postmasterPid().orElseThrow();

        fixture.close();

        assertThat(folder).doesNotExist();
        assertThat(List.of(postmaster, restarted)).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
        assertThat(ProcessHandle.allProcesses().filter(process -> process.info().commandLine()
                .map(line -> line.contains(folder.toString())).orElse(false))).as("a process of " + folder).isEmpty();
    }

    @Test
    void aHarnessKilledOutrightLeavesNoProcessAndNoFolder() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                DatabaseFixtureChild.class.getName()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = CompletableFuture.supplyAsync(() -> {
                try {
                    return out.readLine();
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(120, TimeUnit.SECONDS);
            assertThat(line).as("the child's folder and postmaster").isNotNull().contains(" ");
            Path folder = Path.of(line.substring(0, line.lastIndexOf(' ')));
            long postmaster = Long.parseLong(line.substring(line.lastIndexOf(' ') + 1));
            assertThat(folder).isDirectory();
            assertThat(ProcessHandle.of(postmaster)).isPresent();

            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();

            await().atMost(GONE_WITHIN).untilAsserted(() -> {
                assertThat(ProcessHandle.of(postmaster)).isEmpty();
                assertThat(Files.exists(folder)).as(folder + " exists").isFalse();
            });
        } finally {
            child.destroyForcibly();
        }
    }
}
