package io.loomarena.http.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;

import io.loomarena.http.server.ConformanceModels.Model;
import io.loomarena.http.server.db.DatabaseConfig;
import io.loomarena.model.ServerModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code /db} on every model of the arena's server, over real sockets and without a database: routing, methods,
 * the 400 of a bad query, the 503 without {@code --db-url} or with a database that is down, and the pool's figures
 * on {@code /metrics}. The answers of a real PostgreSQL are the testing module's {@code DatabaseEndpointTest}.
 */
class DbEndpointTest {

    private HttpServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    static java.util.stream.Stream<Model> models() {
        return ConformanceModels.all();
    }

    private static String get(String target) {
        return "GET " + target + " HTTP/1.1\r\nHost: t\r\n\r\n";
    }

    /** A database URL whose port nothing listens on: the database is down. */
    private static String downDatabase() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "jdbc:postgresql://127.0.0.1:" + socket.getLocalPort() + "/arena";
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void withoutADatabaseDbIs503AndABadQuery400OnEveryModel(Model model) throws Exception {
        server = HttpServer.start(model.config().build());
        RawResponse none = ConformanceModels.exchange(server, get("/db?rows=3"));
        assertThat(none.status()).isEqualTo(503);
        assertThat(none.text()).isEqualTo("no database configured (--db-url)\n");
        assertThat(none.field("Cache-Control")).isEqualTo("no-store");
        assertThat(none.closes()).isFalse();
        RawResponse bad = ConformanceModels.exchange(server, get("/db?rows=1&ms=1"));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.text()).isEqualTo("/db takes exactly one of ms=N (0..60000) or rows=N (1..10000), not both\n");
        RawResponse head = ConformanceModels.exchange(server, "HEAD /db?ms=0 HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(head.status()).isEqualTo(503);
        RawResponse options = ConformanceModels.exchange(server, "OPTIONS /db HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(options.field("Allow")).isEqualTo("GET, HEAD, OPTIONS");
        RawResponse post = ConformanceModels.exchange(server,
                "POST /db HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.field("Allow")).isEqualTo("GET, HEAD, OPTIONS");
        assertThat(ConformanceModels.exchange(server, get("/")).text()).contains("GET /db?ms=N", "GET /db?rows=N");
        assertThat(ConformanceModels.exchange(server, get("/metrics")).text()).doesNotContain("loomarena_db_pool");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void aDatabaseDownAtStartIs503NamingItAndThePoolIsOnMetrics(Model model) throws Exception {
        server = HttpServer.start(model.config().database(DatabaseConfig.of(downDatabase()).withPoolSize(3)
                .withConnectionWait(Duration.ofMillis(250))).build());
        RawResponse down = ConformanceModels.exchange(server, get("/db?ms=0"));
        assertThat(down.status()).isEqualTo(503);
        assertThat(down.text()).startsWith("database unreachable: ").contains("refused").doesNotContain("\tat ");
        assertThat(ConformanceModels.exchange(server, get("/ping")).text()).isEqualTo("pong");
        String model3 = "{model=\"" + model.model().cliName() + "\"} ";
        assertThat(ConformanceModels.exchange(server, get("/metrics")).text())
                .contains("loomarena_db_pool_max_connections" + model3 + "3\n")
                .contains("loomarena_db_pool_active_connections" + model3 + "0\n")
                .contains("loomarena_db_pool_pending_threads" + model3);
    }

    /**
     * The event loop hands the JDBC call off the loop: while a {@code /db} call waits {@code --db-wait} for a
     * connection from a database that is down, the one loop still answers {@code /ping} on another connection.
     */
    @Test
    void theEventLoopAnswersOthersWhileADbCallWaitsForThePool() throws Exception {
        server = HttpServer.start(ServerConfig.builder(ServerModel.EVENT_LOOP).port(0).loops(1)
                .database(DatabaseConfig.of(downDatabase()).withConnectionWait(Duration.ofSeconds(3))).build());
        try (Socket waiting = ConformanceModels.connect(server)) {
            ConformanceModels.send(waiting, get("/db?ms=0"));
            RawResponse ping = ConformanceModels.exchange(server, get("/ping"));
            assertThat(ping.text()).isEqualTo("pong");
            assertThat(waiting.getInputStream().available()).as("the /db answer is still being waited for").isZero();
            RawResponse db = RawResponse.read(waiting.getInputStream());
            assertThat(db.status()).isEqualTo(503);
            assertThat(db.text()).startsWith("database unreachable: ");
        }
    }
}
