package io.loomarena.http.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Database#answer} without a running database: bad queries, no database configured, and a database that is
 * down when the pool starts. The answers from a real PostgreSQL are tested in the testing module
 * ({@code DatabaseEndpointTest}), where the cluster starter lives.
 */
class DatabaseTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''|/db takes exactly one of ms=N (0..60000) or rows=N (1..10000)",
            "x=1|/db takes exactly one of ms=N (0..60000) or rows=N (1..10000)",
            "ms=1&rows=1|/db takes exactly one of ms=N (0..60000) or rows=N (1..10000), not both",
            "ms=-1|query parameter 'ms' must be an integer 0..60000, was -1",
            "ms=60001|query parameter 'ms' must be an integer 0..60000, was 60001",
            "ms=abc|query parameter 'ms' must be an integer 0..60000, was 'abc'",
            "ms=1&ms=2|query parameter 'ms' given more than once",
            "rows=0|query parameter 'rows' must be an integer 1..10000, was 0",
            "rows=10001|query parameter 'rows' must be an integer 1..10000, was 10001",
            "rows=|query parameter 'rows' must be an integer 1..10000, was ''"})
    void aBadQueryIs400NamingTheProblem(String query, String message) {
        try (Database database = Database.start(DatabaseConfig.none())) {
            DbAnswer answer = database.answer(query);
            assertThat(answer.status()).isEqualTo(400);
            assertThat(answer.contentType()).isEqualTo(DbAnswer.TEXT);
            assertThat(answer.text()).isEqualTo(message + "\n");
        }
    }

    @Test
    void withoutAUrlEveryGoodQueryIs503AndThereIsNoPool() {
        try (Database database = Database.start(DatabaseConfig.none())) {
            assertThat(database.answer("ms=0").toString()).isEqualTo(DbAnswer.error(503,
                    "no database configured (--db-url)").toString());
            assertThat(database.answer(null).status()).isEqualTo(400);
            assertThat(database.figures()).isEmpty();
        }
    }

    @Test
    void aDatabaseDownAtStartDoesNotStopThePoolAndIs503NamingIt() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        DatabaseConfig config = DatabaseConfig.of("jdbc:postgresql://127.0.0.1:" + closedPort + "/arena")
                .withConnectionWait(Duration.ofMillis(250)).withPoolSize(2);
        try (Database database = Database.start(config)) {
            DbAnswer answer = database.answer("rows=3");
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.text()).startsWith("database unreachable: ").contains("refused").doesNotContain("\tat ");
            assertThat(database.figures()).hasValueSatisfying(pool -> {
                assertThat(pool.max()).isEqualTo(2);
                assertThat(pool.active()).isZero();
            });
            assertThat(Thread.getAllStackTraces().keySet()).extracting(Thread::getName)
                    .anySatisfy(name -> assertThat(name).startsWith(Database.POOL_NAME));
        }
    }
}
