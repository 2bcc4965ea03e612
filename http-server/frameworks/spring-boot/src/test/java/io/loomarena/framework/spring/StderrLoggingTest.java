package io.loomarena.framework.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.core.ConsoleAppender;

/**
 * stdout is the harness's: Logback writes to stderr at WARN from the JVM's first log line, before Spring starts
 * (the support starts the /db pool first, and HikariCP logs as it starts).
 */
class StderrLoggingTest {

    @Test
    void everyLogLineGoesToStderrAtWarnBeforeSpringStarts() {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        assertThat(root.getAppender("STDERR")).isInstanceOfSatisfying(ConsoleAppender.class,
                appender -> assertThat(appender.getTarget()).isEqualTo("System.err"));
        assertThat(LoggerFactory.getLogger("com.zaxxer.hikari.HikariDataSource").isInfoEnabled()).isFalse();
    }
}
