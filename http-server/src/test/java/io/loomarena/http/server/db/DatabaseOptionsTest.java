package io.loomarena.http.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** The database options as a mixin: defaults, the password from the environment, and each bad value named. */
class DatabaseOptionsTest {

    @Command(name = "serve")
    static final class Serve {
        @Mixin
        DatabaseOptions database;
    }

    private static DatabaseConfig config(Map<String, String> environment, String... args) {
        Serve serve = new Serve();
        new CommandLine(serve).parseArgs(args);
        return serve.database.config(environment::get);
    }

    private static DatabaseConfig config(String... args) {
        return config(Map.of(), args);
    }

    @Test
    void withoutOptionsThereIsNoDatabaseAndEveryDefaultIsDatabaseConfigs() {
        DatabaseConfig config = config();
        assertThat(config).isEqualTo(DatabaseConfig.none());
        assertThat(config.configured()).isFalse();
        assertThat(config.user()).isEqualTo("postgres");
        assertThat(config.poolSize()).isEqualTo(10);
        assertThat(config.connectionWait()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.queryTimeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void everyOptionAndThePasswordFromTheEnvironmentOnly() {
        DatabaseConfig config = config(Map.of(DatabaseConfig.PASSWORD_ENV, "s3cret"),
                "--db-url", "jdbc:postgresql://127.0.0.1:5432/arena", "--db-user", "arena", "--db-pool-size", "100",
                "--db-wait", "500ms", "--db-query-timeout", "2s");
        assertThat(config).isEqualTo(new DatabaseConfig("jdbc:postgresql://127.0.0.1:5432/arena", "arena", "s3cret",
                100, Duration.ofMillis(500), Duration.ofSeconds(2)));
        assertThat(config.toString()).doesNotContain("s3cret").contains("password=(set)");
        assertThatThrownBy(() -> config("--db-password", "x")).hasMessageContaining("--db-password");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--db-url|http://127.0.0.1/arena|invalid --db-url 'http://127.0.0.1/arena' (allowed: jdbc:postgresql://HOST:PORT/DB)",
            "--db-url|jdbc:postgresql://127.0.0.1:5432|invalid --db-url 'jdbc:postgresql://127.0.0.1:5432' (allowed: jdbc:postgresql://HOST:PORT/DB)",
            "--db-pool-size|0|invalid --db-pool-size '0': out of range (allowed: 1..1000)",
            "--db-pool-size|1001|invalid --db-pool-size '1001': out of range (allowed: 1..1000)",
            "--db-pool-size|ten|invalid --db-pool-size 'ten': not a whole number (allowed: 1..1000)",
            "--db-wait|100ms|invalid --db-wait '100ms': out of range (allowed: a positive number with ms, s or m, e.g. 500ms, 10s, 1m, 250ms..10m)",
            "--db-wait|soon|invalid --db-wait 'soon' (allowed: a positive number with ms, s or m, e.g. 500ms, 10s, 1m, 250ms..10m)",
            "--db-query-timeout|11m|invalid --db-query-timeout '11m': out of range (allowed: a positive number with ms, s or m, e.g. 500ms, 10s, 1m, 1ms..10m)",
            "--db-user|' '|invalid --db-user ' ': empty (allowed: a database user name)"})
    void aBadValueNamesItsOptionAndWhatItAllows(String option, String value, String message) {
        assertThatThrownBy(() -> config(option, value)).hasMessage(message);
    }

    @Test
    void theRecordRefusesWhatHikariWouldRefuse() {
        assertThatThrownBy(() -> DatabaseConfig.none().withConnectionWait(Duration.ofMillis(249)))
                .hasMessageContaining("250 ms");
        assertThatThrownBy(() -> DatabaseConfig.none().withPoolSize(0)).hasMessageContaining("1..1000");
        assertThatThrownBy(() -> DatabaseConfig.of("jdbc:mysql://h/db")).hasMessageContaining("jdbc:postgresql://");
    }
}
