package io.loomarena.framework.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * stdout is the harness's: in a fresh JVM on the application's class path, Logback writes to stderr at WARN from the
 * first log line, before any Spring start (the support starts the /db pool first, and HikariCP logs as it starts).
 */
class StderrLoggingTest {

    /** Logs as HikariCP does when its pool starts, and warns, with no Spring in the JVM. */
    public static final class LogBeforeSpring {
        public static void main(String[] args) {
            LoggerFactory.getLogger("com.zaxxer.hikari.HikariDataSource").info("db-pool - Starting...");
            LoggerFactory.getLogger("com.zaxxer.hikari.HikariDataSource").warn("db-pool - a warning");
        }
    }

    @Test
    void logLinesGoToStderrAtWarnBeforeSpringStarts() throws Exception {
        String classPath = Path.of("target", "test-classes").toAbsolutePath() + ":"
                + Files.readString(Path.of("target", "classpath.txt")).strip();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", classPath, LogBeforeSpring.class.getName()).start();
        CompletableFuture<String> stdout = CompletableFuture.supplyAsync(() -> read(child, true));
        CompletableFuture<String> stderr = CompletableFuture.supplyAsync(() -> read(child, false));

        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the child ended").isTrue();
        assertThat(stdout.get(60, TimeUnit.SECONDS)).isEmpty();
        assertThat(stderr.get(60, TimeUnit.SECONDS)).contains("WARN", "db-pool - a warning")
                .doesNotContain("Starting...");
    }

    private static String read(Process child, boolean out) {
        try (var in = out ? child.getInputStream() : child.getErrorStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
