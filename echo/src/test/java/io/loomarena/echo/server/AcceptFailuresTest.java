package io.loomarena.echo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;

import org.junit.jupiter.api.Test;

class AcceptFailuresTest {

    @Test
    void countsFailuresWithoutThrowing() {
        AcceptFailures failures = new AcceptFailures("echo test");

        for (int i = 0; i < 1_000; i++) {
            failures.failed(new IOException("Too many open files"));
        }
        assertThat(failures.total()).isEqualTo(1_000);
    }

    @Test
    void warningNeverThrows() {
        assertThatCode(() -> AcceptFailures.warn("echo test warning")).doesNotThrowAnyException();
    }
}
