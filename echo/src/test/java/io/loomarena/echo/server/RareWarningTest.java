package io.loomarena.echo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The warnings are caught here instead of reaching the console: a passing build should not print "Too many open
 * files", and what the warning writes is part of what is checked.
 */
class RareWarningTest {

    /** Held strongly: java.util.logging keeps loggers only weakly, and the capture lives on this one. */
    private final Logger logger = Logger.getLogger(RareWarning.class.getName());
    private final List<LogRecord> written = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            written.add(record);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void captureTheLog() {
        logger.setUseParentHandlers(false);
        logger.addHandler(capture);
    }

    @AfterEach
    void restoreTheLog() {
        logger.removeHandler(capture);
        logger.setUseParentHandlers(true);
    }

    @Test
    void countsEveryOccurrenceAndWritesOneLineForABurst() {
        RareWarning warning = new RareWarning("echo test: accept failed");

        for (int i = 0; i < 1_000; i++) {
            warning.occurred("Too many open files");
        }
        assertThat(warning.total()).isEqualTo(1_000);
        assertThat(written).singleElement().satisfies(record -> {
            assertThat(record.getLevel()).isEqualTo(Level.WARNING);
            assertThat(record.getMessage()).isEqualTo("echo test: accept failed: Too many open files");
        });
    }

    @Test
    void warningNeverThrows() {
        assertThatCode(() -> RareWarning.warn("echo test warning")).doesNotThrowAnyException();
        assertThat(written).extracting(LogRecord::getMessage).containsExactly("echo test warning");
    }
}
