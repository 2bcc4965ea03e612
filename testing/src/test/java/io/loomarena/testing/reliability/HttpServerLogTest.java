package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.logging.Logger;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each test provokes a problem on purpose: what it writes to standard error and to the console log is caught in
 * {@link #stderr} instead of reaching the build's output, where a stack trace would read as a failure.
 */
class HttpServerLogTest {

    /** Held strongly: java.util.logging keeps loggers only weakly, and its console setting lives on this one. */
    private static final Logger PROJECT_LOGGER = Logger.getLogger("io.loomarena");

    private final HttpServerLog log = new HttpServerLog();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    private PrintStream realErr;

    @BeforeEach
    void catchStandardError() {
        realErr = System.err;
        System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
        // The console handler of java.util.logging holds the real stderr; records stay with HttpServerLog's handler.
        PROJECT_LOGGER.setUseParentHandlers(false);
    }

    @AfterEach
    void stop() {
        log.stop();
        PROJECT_LOGGER.setUseParentHandlers(true);
        System.setErr(realErr);
    }

    private String stderr() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    @Test
    void seesALoggedErrorWithItsException() {
        log.start();
        System.getLogger("io.loomarena.http.server.connection.BlockingConnection")
                .log(System.Logger.Level.ERROR, "request failed", new IllegalStateException("boom"));
        assertThat(log.problems()).anySatisfy(p -> assertThat(p).contains("request failed").contains("boom"));
    }

    @Test
    void seesAnExceptionThatEscapesAThread() throws InterruptedException {
        log.start();
        Thread thread = Thread.ofVirtual().start(() -> {
            throw new IllegalArgumentException("escaped");
        });
        thread.join(Duration.ofSeconds(5));
        Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> !log.problems().isEmpty());
        assertThat(log.problems()).anySatisfy(p -> assertThat(p).contains("uncaught").contains("escaped"));
        assertThat(stderr()).as("still printed where it would have been").contains("escaped");
    }

    @Test
    void seesAStackTracePrintedToStandardError() {
        log.start();
        new RuntimeException("printed").printStackTrace();
        assertThat(log.problems()).anySatisfy(p -> assertThat(p).startsWith("stderr:").contains("at "));
        assertThat(stderr()).as("passed on unchanged").startsWith("java.lang.RuntimeException: printed");
    }

    @Test
    void ignoresInformationAndPlainErrorOutput() {
        log.start();
        System.getLogger("io.loomarena.test").log(System.Logger.Level.INFO, "all well");
        System.err.println("http-server serve: invalid --port 'x': not a whole number (allowed: 0..65535)");
        assertThat(log.problems()).isEmpty();
        assertThat(stderr()).contains("invalid --port 'x'");
    }
}
