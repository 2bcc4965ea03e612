package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HttpServerLogTest {

    private final HttpServerLog log = new HttpServerLog();

    @AfterEach
    void stop() {
        log.stop();
    }

    @Test
    void seesALoggedErrorWithItsException() {
        log.start();
        System.getLogger("io.loomarena.http.server.connection.ConnectionHandler")
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
    }

    @Test
    void seesAStackTracePrintedToStandardError() {
        log.start();
        new RuntimeException("printed").printStackTrace();
        assertThat(log.problems()).anySatisfy(p -> assertThat(p).startsWith("stderr:").contains("at "));
    }

    @Test
    void ignoresInformationAndPlainErrorOutput() {
        log.start();
        System.getLogger("io.loomarena.test").log(System.Logger.Level.INFO, "all well");
        System.err.println("serve: invalid --port 'x' (allowed: an integer 0..65535)");
        assertThat(log.problems()).isEmpty();
    }
}
