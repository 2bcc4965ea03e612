package io.loomarena.harness.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

import io.loomarena.http.server.HttpServer;
import io.loomarena.http.server.ServerConfig;
import io.loomarena.http.server.db.DatabaseConfig;
import io.loomarena.http.server.db.DbTable;
import io.loomarena.model.ServerModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The arena's {@code /db} against a real PostgreSQL ({@link PostgresCluster}, seeded with {@link DbTable#SEED}), on
 * every model of the arena's server run in this JVM: the bodies, the 504 of a query past its timeout (and its
 * connection back in the pool), and the 503 of a database killed mid-run, with {@code /ping} still served and
 * {@code /db} answered again once the database is back ({@link PostgresCluster#kill}, {@link PostgresCluster#restart}).
 * Skipped, with one line saying why, where no PostgreSQL binaries exist.
 */
class DatabaseEndpointTest {

    /** Each request's longest wait for its whole answer. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);

    private static PostgresCluster cluster;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private HttpServer server;

    @BeforeAll
    static void startPostgres() throws SQLException {
        PostgresCluster.unavailable().ifPresent(why -> {
            System.out.println("/db tests against PostgreSQL skipped: " + why);
            Assumptions.abort(why);
        });
        cluster = PostgresCluster.start("arena");
        try (Connection connection = DriverManager.getConnection(cluster.jdbcUrl(), PostgresCluster.USER, null);
             Statement statement = connection.createStatement()) {
            for (String sql : DbTable.SEED) {
                statement.execute(sql);
            }
        }
    }

    /** Killed and restarted or not, the cluster leaves no folder behind. */
    @AfterAll
    static void stopPostgres() {
        if (cluster != null) {
            cluster.close();
            assertThat(cluster.folder()).doesNotExist();
        }
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.shutdown(Duration.ofSeconds(2));
        }
    }

    private void start(ServerModel model, DatabaseConfig database) throws IOException {
        server = HttpServer.start(ServerConfig.builder(model).port(0).loops(1).poolSize(4).database(database).build());
    }

    private HttpResponse<String> get(String target) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + target))
                .timeout(REQUEST_TIMEOUT).GET().build();
        return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest
    @EnumSource(value = ServerModel.class, names = {"SINGLE", "PLATFORM", "POOL", "VIRTUAL", "EVENT_LOOP"})
    void everyModelAnswersDbFromThePool(ServerModel model) throws Exception {
        start(model, DatabaseConfig.of(cluster.jdbcUrl()).withPoolSize(2));

        HttpResponse<String> rows = get("/db?rows=3");
        assertThat(rows.statusCode()).isEqualTo(200);
        assertThat(rows.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(rows.headers().firstValue("Cache-Control")).hasValue("no-store");
        assertThat(rows.body()).isEqualTo("{\"rows\":[{\"id\":1,\"name\":\"row-1\",\"amount\":7919},"
                + "{\"id\":2,\"name\":\"row-2\",\"amount\":5831},{\"id\":3,\"name\":\"row-3\",\"amount\":3743}]}");
        assertThat(get("/db?ms=0").body()).isEqualTo("{\"slept_ms\":0}");
        HttpResponse<String> slept = get("/db?ms=50");
        assertThat(slept.statusCode()).isEqualTo(200);
        assertThat(slept.body()).isEqualTo("{\"slept_ms\":50}");
        assertThat(get("/db?rows=" + DbTable.ROWS).body()).contains("{\"id\":" + DbTable.ROWS + ",\"name\":\"row-"
                + DbTable.ROWS + "\",").endsWith("}]}");
        HttpResponse<String> bad = get("/db?rows=0");
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).isEqualTo("query parameter 'rows' must be an integer 1..10000, was 0\n");
        assertThat(get("/metrics").body())
                .contains("loomarena_db_pool_max_connections{model=\"" + model.cliName() + "\"} 2\n")
                .contains("loomarena_db_pool_active_connections{model=\"" + model.cliName() + "\"} 0\n");
    }

    @Test
    void aQueryPastItsTimeoutIs504AndItsConnectionGoesBackToThePool() throws Exception {
        // One connection: had the cancelled query kept it, the next request would wait --db-wait and get 503.
        start(ServerModel.VIRTUAL, DatabaseConfig.of(cluster.jdbcUrl()).withPoolSize(1)
                .withQueryTimeout(Duration.ofMillis(200)).withConnectionWait(Duration.ofSeconds(2)));

        HttpResponse<String> late = get("/db?ms=5000");
        assertThat(late.statusCode()).isEqualTo(504);
        assertThat(late.body()).isEqualTo("query ran past 200 ms (--db-query-timeout)\n");
        HttpResponse<String> next = get("/db?rows=1");
        assertThat(next.statusCode()).isEqualTo(200);
        assertThat(next.body()).isEqualTo("{\"rows\":[{\"id\":1,\"name\":\"row-1\",\"amount\":7919}]}");
    }

    @Test
    void aRequestThatGetsNoConnectionWithinTheWaitIs503NamingThePool() throws Exception {
        start(ServerModel.VIRTUAL, DatabaseConfig.of(cluster.jdbcUrl()).withPoolSize(1)
                .withConnectionWait(Duration.ofMillis(250)).withQueryTimeout(Duration.ofSeconds(15)));
        HttpRequest slow = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/db?ms=5000"))
                .timeout(REQUEST_TIMEOUT).GET().build();
        var holding = CLIENT.sendAsync(slow, HttpResponse.BodyHandlers.ofString());
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(20)).until(() -> get("/metrics").body()
                .contains("loomarena_db_pool_active_connections{model=\"virtual\"} 1\n"));

        HttpResponse<String> refused = get("/db?rows=1");
        assertThat(refused.statusCode()).isEqualTo(503);
        assertThat(refused.body()).isEqualTo("no database connection within 250 ms (--db-wait): all 1 of the pool busy\n");
        assertThat(holding.get(REQUEST_TIMEOUT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS).body())
                .isEqualTo("{\"slept_ms\":5000}");
    }

    @ParameterizedTest
    @EnumSource(value = ServerModel.class, names = {"VIRTUAL", "EVENT_LOOP"})
    void aDatabaseKilledMidRunIs503WhilePingIsServedAndDbRecoversByItself(ServerModel model) throws Exception {
        start(model, DatabaseConfig.of(cluster.jdbcUrl()).withPoolSize(2).withConnectionWait(Duration.ofMillis(500)));
        assertThat(get("/db?rows=1").statusCode()).isEqualTo(200);

        cluster.kill();
        try {
            HttpResponse<String> down = get("/db?rows=1");
            assertThat(down.statusCode()).isEqualTo(503);
            assertThat(down.body()).startsWith("database unreachable: ").doesNotContain("\tat ").hasLineCount(1);
            assertThat(get("/ping").body()).isEqualTo("pong");
        } finally {
            cluster.restart();
        }
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                .until(() -> get("/db?rows=1").statusCode() == 200);
        assertThat(get("/db?ms=0").body()).isEqualTo("{\"slept_ms\":0}");
    }
}
