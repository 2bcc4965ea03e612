package io.loomarena.harness.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** {@code -Dloomarena.history}: unset by default, off, a file or a PostgreSQL URL; another JDBC URL refused. */
class HistoryOptionTest {

    private static RunOptions parse(Map<String, String> properties) {
        return RunOptions.parse(properties, RunOptions.thisJvm());
    }

    @Test
    void unsetIsTheDefaultFileAndTheOthersAreTakenAsGiven() {
        assertThat(parse(Map.of()).history()).isEmpty();
        assertThat(parse(Map.of("loomarena.history", " off ")).history()).isEqualTo("off");
        assertThat(parse(Map.of("loomarena.history", "/data/perf.sqlite")).history()).isEqualTo("/data/perf.sqlite");
        assertThat(parse(Map.of("loomarena.history", "jdbc:postgresql://db/perf")).history())
                .isEqualTo("jdbc:postgresql://db/perf");
    }

    @Test
    void anotherDatabaseIsRefusedWithoutPrintingItsUrl() {
        assertThatThrownBy(() -> parse(Map.of("loomarena.history", "jdbc:mysql://bob:secret@db/perf")))
                .isInstanceOf(BadRunOption.class).hasMessageStartingWith("-Dloomarena.history=jdbc:mysql:... is not"
                        + " allowed: off, an SQLite file's path, or a jdbc:postgresql:// URL")
                .hasMessageNotContaining("secret");
    }
}
