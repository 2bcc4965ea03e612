package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code -Dloomarena.history} names, and how an unreachable database is said. */
class HistoriesTest {

    /** A loopback port nothing listens on: the connection is refused at once. */
    private static final String UNREACHABLE = "jdbc:postgresql://127.0.0.1:1/history?user=alice&password=s3cret";

    @TempDir
    Path results;

    @Test
    void offOpensNothing() {
        assertThat(Histories.open("off", results)).isEmpty();
        assertThat(results.resolve(Histories.DEFAULT_FILE)).doesNotExist();
    }

    @Test
    void unsetOpensTheFileInTheResultsFolder() {
        Optional<HistoryStore> store = Histories.open("", results);
        assertThat(store).isPresent();
        store.get().close();
        assertThat(results.resolve(Histories.DEFAULT_FILE)).exists();
    }

    @Test
    void aPathOpensThatFile() {
        Path file = results.resolve("elsewhere").resolve("team.db");
        Histories.open(file.toString(), results).orElseThrow().close();
        assertThat(file).exists();
    }

    @Test
    void anotherJdbcUrlIsRefused() {
        assertThatThrownBy(() -> Histories.open("jdbc:mysql://u:pw@db/x", results))
                .isInstanceOf(HistoryException.class).hasMessageNotContaining("pw");
    }

    @Test
    void anUnreachableDatabaseIsOneLineWithoutItsCredentials() {
        assertThatThrownBy(() -> Histories.open(UNREACHABLE, results, Map.of(Histories.PASSWORD, "env-secret")))
                .isInstanceOf(HistoryException.class)
                .hasMessageStartingWith("cannot open the history PostgreSQL database jdbc:postgresql://127.0.0.1:1/history:")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n", "s3cret", "env-secret", "alice"));
    }

    @Test
    void theRecorderSaysAnUnreachableDatabaseInOneLineAndNoExceptionEscapes() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new HistoryRecorder(UNREACHABLE, results, results, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
                HistoryRecorder.AfterRecording.NOTHING)
                .record(() -> List.of(HistoryFixtures.run(HistoryFixtures.commit(1), Instant.EPOCH, 1)));

        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList()).singleElement().asString()
                .startsWith("[PERF][HISTORY] not recorded: cannot open the history PostgreSQL database")
                .doesNotContain("s3cret");
    }

    @Test
    void describingAUrlDropsItsCredentials() {
        assertThat(Histories.withoutCredentials("jdbc:postgresql://bob:pw@db.example:5432/perf?sslmode=require"))
                .isEqualTo("jdbc:postgresql://db.example:5432/perf");
    }
}
