package io.loomarena.framework.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.time.Duration;
import java.util.Map;

import io.loomarena.http.server.BundledContent;
import io.loomarena.http.server.db.DatabaseConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The endpoints' answers without any framework: what every framework row must send, decided once. */
class ArenaEndpointsTest {

    private final ArenaEndpoints endpoints;

    ArenaEndpointsTest() throws Exception {
        endpoints = new ArenaEndpoints(FrameworkConfig.defaults(FrameworkThreads.VIRTUAL), new FrameworkMetrics(true));
        // No server listens: a /fanout with a bad query is refused before any call.
        endpoints.listeningOn(9);
    }

    @AfterEach
    void close() {
        endpoints.close();
    }

    private EndpointAnswer get(String path, String query, Map<String, String> fields) {
        return endpoints.answer(new EndpointRequest("GET", path, query, fields::get));
    }

    private EndpointAnswer get(String path, String query) {
        return get(path, query, Map.of());
    }

    @Test
    void pingIsPongAndNeverStored() {
        EndpointAnswer pong = get("/ping", null);

        assertThat(pong.status()).isEqualTo(200);
        assertThat(pong.bodyText()).isEqualTo("pong");
        assertThat(pong.contentType()).isEqualTo("text/plain; charset=utf-8");
        assertThat(pong.fields()).containsEntry("Cache-Control", "no-store");
    }

    @Test
    void dataJsonIsTheBundledBytesWithTheArenasValidators() throws Exception {
        EndpointAnswer data = get("/data.json", null);

        byte[] body = new byte[data.contentLength()];
        data.body().get(body);
        assertThat(body).isEqualTo(Files.readAllBytes(BundledContent.dataFile()));
        assertThat(data.contentType()).isEqualTo("application/json");
        assertThat(data.fields()).containsEntry("ETag", endpoints.dataEtag()).containsKey("Last-Modified")
                .containsEntry("Cache-Control", "max-age=60").containsEntry("Accept-Ranges", "bytes");
    }

    @Test
    void conditionalRequestsFollowTheArenasRules() {
        String etag = endpoints.dataEtag();
        EndpointAnswer notModified = get("/data.json", null, Map.of("if-none-match", etag));
        EndpointAnswer weakMatch = get("/data.json", null, Map.of("if-none-match", "W/" + etag));
        EndpointAnswer otherTag = get("/data.json", null, Map.of("if-none-match", "\"other\""));
        EndpointAnswer failed = get("/data.json", null, Map.of("if-match", "\"other\""));

        assertThat(notModified.status()).isEqualTo(304);
        assertThat(notModified.hasContent()).isFalse();
        assertThat(notModified.fields()).containsEntry("ETag", etag).containsKey("Last-Modified")
                .doesNotContainKey("Accept-Ranges");
        assertThat(weakMatch.status()).isEqualTo(304);
        assertThat(otherTag.status()).isEqualTo(200);
        assertThat(failed.status()).isEqualTo(412);
    }

    @Test
    void aRangeOfTheDataIsAPartAndABadOneIs416() {
        EndpointAnswer part = get("/data.json", null, Map.of("range", "bytes=0-9"));
        EndpointAnswer beyond = get("/data.json", null, Map.of("range", "bytes=999999999-"));

        assertThat(part.status()).isEqualTo(206);
        assertThat(part.bodyText()).hasSize(10).startsWith("[");
        assertThat(part.fields().get("Content-Range")).startsWith("bytes 0-9/");
        assertThat(beyond.status()).isEqualTo(416);
        assertThat(beyond.fields().get("Content-Range")).startsWith("bytes */");
    }

    @Test
    void ioWaitsAndBadQueriesAre400NamingTheParameter() {
        assertThat(get("/io", "ms=1").bodyText()).isEqualTo("io 1 ms\n");
        assertThat(get("/cpu", "n=10").bodyText()).startsWith("cpu n=10 result=");
        EndpointAnswer bad = get("/io", "ms=soon");
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.bodyText()).contains("'ms'");
        assertThat(get("/fanout", "calls=0&ms=1").status()).isEqualTo(400);
    }

    @Test
    void unknownPathsAre404AndOtherMethods405WithAllow() {
        EndpointAnswer missing = get("/nowhere", null);
        EndpointAnswer post = endpoints.answer(new EndpointRequest("POST", "/ping", null, name -> null));
        EndpointAnswer options = endpoints.answer(new EndpointRequest("OPTIONS", "/io", null, name -> null));

        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.bodyText()).isEqualTo("no resource /nowhere\n");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.fields()).containsEntry("Allow", "GET, HEAD, OPTIONS");
        assertThat(options.status()).isEqualTo(200);
        assertThat(options.fields()).containsEntry("Allow", "GET, HEAD, OPTIONS");
    }

    @Test
    void headGetsGetsFieldsAndLength() {
        EndpointAnswer head = endpoints.answer(new EndpointRequest("HEAD", "/ping", null, name -> null));

        assertThat(head.status()).isEqualTo(200);
        assertThat(head.hasContent()).isTrue();
        assertThat(head.contentLength()).isEqualTo(4);
    }

    @Test
    void withoutADatabaseDbIs503SayingWhichOptionIsMissing() {
        EndpointAnswer db = get("/db", "ms=1");

        assertThat(db.status()).isEqualTo(503);
        assertThat(db.bodyText()).isEqualTo(ArenaEndpoints.NO_DATABASE + "\n");
    }

    @Test
    void anUnreachableDatabaseIs503AndItsPoolIsOnMetrics() throws Exception {
        // Port 9 of the loopback: nothing listens, every connection is refused at once.
        DatabaseConfig down = DatabaseConfig.of("jdbc:postgresql://127.0.0.1:9/arena")
                .withConnectionWait(Duration.ofMillis(250));
        try (ArenaEndpoints withDatabase = new ArenaEndpoints(
                FrameworkConfig.defaults(FrameworkThreads.VIRTUAL).withDatabase(down), new FrameworkMetrics(true))) {
            EndpointAnswer db = withDatabase.answer(new EndpointRequest("GET", "/db", "ms=1", name -> null));
            EndpointAnswer bad = withDatabase.answer(new EndpointRequest("GET", "/db", "ms=1&rows=2", name -> null));
            String metrics = withDatabase.answer(new EndpointRequest("GET", "/metrics", null, name -> null)).bodyText();

            assertThat(db.status()).isEqualTo(503);
            assertThat(db.fields()).containsEntry("Cache-Control", "no-store");
            assertThat(bad.status()).isEqualTo(400);
            assertThat(metrics).contains("hikaricp_connections_max{pool=\"db-pool\"} 10");
        }
    }

    @Test
    void everyRequestIsTimedByUriAndStatusAndCounted() {
        get("/ping", null);
        get("/nowhere", null);

        String metrics = get("/metrics", null).bodyText();
        assertThat(metrics).contains("http_server_requests_seconds_count{exception=\"none\",method=\"GET\","
                + "outcome=\"SUCCESS\",status=\"200\",uri=\"/ping\"} 1")
                .contains("uri=\"NOT_FOUND\"").contains("jvm_threads_live_threads");
        assertThat(endpoints.metrics().statsCounters()).containsEntry("requests", 3L);
    }
}
