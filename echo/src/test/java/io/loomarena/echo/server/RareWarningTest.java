package io.loomarena.echo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

class RareWarningTest {

    @Test
    void countsEveryOccurrenceWithoutThrowing() {
        RareWarning warning = new RareWarning("echo test: accept failed");

        for (int i = 0; i < 1_000; i++) {
            warning.occurred("Too many open files");
        }
        assertThat(warning.total()).isEqualTo(1_000);
    }

    @Test
    void warningNeverThrows() {
        assertThatCode(() -> RareWarning.warn("echo test warning")).doesNotThrowAnyException();
    }
}
