package io.loomarena.framework.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executor;

import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.apache.tomcat.util.threads.ThreadPoolExecutor;
import org.apache.tomcat.util.threads.VirtualThreadExecutor;
import org.junit.jupiter.api.Test;
import org.springframework.boot.tomcat.TomcatWebServer;

import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.framework.support.FrameworkConfig;
import io.loomarena.framework.support.FrameworkMetrics;
import io.loomarena.framework.support.FrameworkThreads;
import io.loomarena.http.server.db.DatabaseConfig;

/**
 * What {@code --threads} and {@code --pool-size} make of Tomcat, read from the running connector (in this JVM, port 0):
 * a virtual thread per request, or a platform pool of the size given; the /db pool's HikariCP meters on Actuator's
 * /metrics; and seed 004's workload on the pool of 4 (three sequential downstream calls per request) with the
 * Micrometer figures the seed reads. Nothing here judges speed.
 */
class TomcatThreadsTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @Test
    void virtualThreadsServeSeed004sFanoutAndMetricsShowTheDatabasePool() throws Exception {
        // A database nobody listens for: the pool starts without it, /db answers 503, its meters are there.
        DatabaseConfig nowhere = DatabaseConfig.of("jdbc:postgresql://127.0.0.1:1/arena")
                .withConnectionWait(DatabaseConfig.MIN_WAIT);
        FrameworkConfig config = FrameworkConfig.defaults(FrameworkThreads.VIRTUAL).withDatabase(nowhere);
        try (Running running = Running.start(config)) {
            assertThat(running.executor()).isInstanceOf(VirtualThreadExecutor.class);

            // Seed 004's workload on this row too: three sequential calls to the server's own /io.
            assertThat(get(running, "/fanout?calls=3&ms=1").body()).contains("\"statuses\":[200,200,200]");
            assertThat(get(running, "/db?ms=1").statusCode()).isEqualTo(503);
            assertThat(get(running, "/metrics").body())
                    .containsPattern("hikaricp_connections_max\\{pool=\"db-pool\"} 10\\b");
        }
    }

    @Test
    void platformThreadsAreTomcatsPoolOfTheGivenSizeAndServeSeed004sFanout() throws Exception {
        FrameworkConfig pool4 = new FrameworkConfig(FrameworkThreads.PLATFORM, FrameworkConfig.DEFAULT_HOST, 0, 4, true,
                null, FrameworkConfig.DEFAULT_DOWNSTREAM_TIMEOUT, DatabaseConfig.none());
        try (Running running = Running.start(pool4)) {
            assertThat(running.executor()).isInstanceOfSatisfying(ThreadPoolExecutor.class,
                    pool -> assertThat(pool.getMaximumPoolSize()).isEqualTo(4));

            HttpResponse<String> fanout = get(running, "/fanout?calls=3&ms=1");
            String metrics = get(running, "/metrics").body();

            assertThat(fanout.statusCode()).isEqualTo(200);
            assertThat(fanout.body()).contains("\"calls\":3", "\"statuses\":[200,200,200]");
            assertThat(metrics).containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/fanout\"[^}]*} 1")
                    .containsPattern("http_server_requests_seconds_count\\{[^}]*uri=\"/io\"[^}]*} 3")
                    .containsPattern("http_server_requests_seconds_sum\\{[^}]*uri=\"/fanout\"")
                    .containsPattern("http_server_requests_seconds_max\\{[^}]*uri=\"/fanout\"")
                    .contains("jvm_threads_live_threads", "jvm_threads_peak_threads");
        }
    }

    @Test
    void tomcatsWorkingFoldersAreTheServersOwnAndGoneAfterTheStop() throws Exception {
        Running running = Running.start(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL));
        Path folder = running.server.workFolder();
        try {
            Tomcat tomcat = ((TomcatWebServer) running.server.tomcat()).getTomcat();
            Context context = (Context) tomcat.getHost().findChildren()[0];

            assertThat(tomcat.getServer().getCatalinaBase().toPath()).startsWith(folder);
            assertThat(Path.of(context.getDocBase())).startsWith(folder);
        } finally {
            running.close();
        }
        assertThat(folder).doesNotExist();
    }

    @Test
    void platformThreadsKeepTomcatsDefaultPoolWithoutAPoolSize() {
        assertThat(SpringBootServer.properties(FrameworkConfig.defaults(FrameworkThreads.PLATFORM)))
                .contains("--spring.threads.virtual.enabled=false")
                .noneMatch(property -> property.startsWith("--server.tomcat.threads"));
    }

    @Test
    void anIdleTimeoutIsTomcatsKeepAliveTimeoutAndWithoutOneTomcatKeepsItsOwn() throws Exception {
        FrameworkConfig threeMinutes = FrameworkConfig.defaults(FrameworkThreads.VIRTUAL)
                .withIdleTimeout(Duration.ofMinutes(3));
        try (Running running = Running.start(threeMinutes)) {
            assertThat(running.protocol().getKeepAliveTimeout()).isEqualTo(180_000);
        }
        assertThat(SpringBootServer.properties(FrameworkConfig.defaults(FrameworkThreads.PLATFORM)))
                .noneMatch(property -> property.startsWith("--server.tomcat.keep-alive-timeout"));
    }

    private HttpResponse<String> get(Running running, String path) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + running.server.port() + path))
                .timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The application in this JVM, as FrameworkApplication starts it, with its Spring context in reach. */
    private record Running(ArenaEndpoints endpoints, SpringBootServer server) implements AutoCloseable {

        static Running start(FrameworkConfig config) throws Exception {
            ArenaEndpoints endpoints = new ArenaEndpoints(config, new FrameworkMetrics(false));
            SpringBootServer server = (SpringBootServer) new SpringBootMain().start(config, endpoints);
            endpoints.listeningOn(server.port());
            return new Running(endpoints, server);
        }

        Executor executor() {
            return protocol().getExecutor();
        }

        AbstractHttp11Protocol<?> protocol() {
            return (AbstractHttp11Protocol<?>) ((TomcatWebServer) server.tomcat()).getTomcat().getConnector()
                    .getProtocolHandler();
        }

        @Override
        public void close() {
            server.stop(TIMEOUT);
            endpoints.close();
        }
    }
}
