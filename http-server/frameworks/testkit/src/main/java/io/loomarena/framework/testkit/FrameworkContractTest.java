package io.loomarena.framework.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.loomarena.framework.support.ArenaEndpoints;
import io.loomarena.http.server.BundledContent;
import io.loomarena.measure.ServerStats;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract every framework row keeps (contract 3 of issue 42), checked on the application started as the harness
 * starts it ({@link FrameworkProcess}, port 0): the listening line, the endpoints' bodies, statuses and fields, the
 * stats on stdin naming the framework, and exit 0 on SIGTERM. A framework module's test extends it with its main
 * class and {@code --threads}. Every request has a timeout; nothing sleeps.
 */
// A framework's JVM started three times per class: tagged "process", which the default build leaves out to keep within
// its time budget (root pom, excludedGroups); -DexcludedGroups=none runs it.
@Tag("process")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class FrameworkContractTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final ObjectMapper STATS = new ObjectMapper();

    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT).build();
    private FrameworkProcess server;
    private int port;

    /** The application's main class. */
    protected abstract String mainClass();

    /** The {@code --threads} it runs with. */
    protected abstract String threads();

    /** The name its identity starts with ({@code Jetty}). */
    protected abstract String frameworkName();

    @BeforeAll
    void start() throws Exception {
        List<String> args = new ArrayList<>(List.of("serve", "--threads", threads(), "--port", "0"));
        server = FrameworkProcess.start(mainClass(), args.toArray(String[]::new));
        port = server.awaitListening();
    }

    @AfterAll
    void stopsOnSigtermWithExit0() throws Exception {
        try {
            assertThat(server.terminate()).as("exit status after SIGTERM; stderr:%n%s", server.stderr()).isZero();
        } finally {
            server.close();
        }
    }

    private HttpResponse<byte[]> send(String method, String pathAndQuery, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(TIMEOUT).method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) {
            request.headers(headers);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String text(HttpResponse<byte[]> response) {
        return new String(response.body(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void pingIsPongNeverStored() throws Exception {
        HttpResponse<byte[]> pong = send("GET", "/ping");

        assertThat(pong.statusCode()).isEqualTo(200);
        assertThat(text(pong)).isEqualTo("pong");
        assertThat(pong.headers().firstValue("cache-control")).hasValue("no-store");
    }

    @Test
    void dataJsonIsTheArenasBytesAnd304OnItsEtag() throws Exception {
        HttpResponse<byte[]> data = send("GET", "/data.json");
        String etag = data.headers().firstValue("etag").orElseThrow();
        HttpResponse<byte[]> again = send("GET", "/data.json", "If-None-Match", etag);
        HttpResponse<byte[]> head = send("HEAD", "/data.json");

        assertThat(data.statusCode()).isEqualTo(200);
        assertThat(data.body()).isEqualTo(Files.readAllBytes(BundledContent.dataFile()));
        assertThat(data.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(data.headers().firstValue("last-modified")).isPresent();
        assertThat(etag).startsWith("\"").doesNotStartWith("W/");
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("etag")).hasValue(etag);
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        assertThat(head.headers().firstValueAsLong("content-length")).hasValue((long) data.body().length);
    }

    @Test
    void ioAnswersAfterItsWait() throws Exception {
        HttpResponse<byte[]> io = send("GET", "/io?ms=10");

        assertThat(io.statusCode()).isEqualTo(200);
        assertThat(text(io)).isEqualTo("io 10 ms\n");
        assertThat(send("GET", "/io?ms=-1").statusCode()).isEqualTo(400);
    }

    @Test
    void fanoutCallsThisServersOwnIo() throws Exception {
        HttpResponse<byte[]> fanout = send("GET", "/fanout?calls=2&ms=1");

        assertThat(fanout.statusCode()).isEqualTo(200);
        assertThat(text(fanout)).contains("\"calls\":2").contains("\"statuses\":[200,200]")
                .contains("\"downstream\":\"http://127.0.0.1:" + port + "/io?ms=1\"");
    }

    @Test
    void unknownPathsAre404AndOtherMethods405WithAllow() throws Exception {
        HttpResponse<byte[]> missing = send("GET", "/nowhere");
        HttpResponse<byte[]> post = send("POST", "/ping");

        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(text(missing)).isEqualTo("no resource /nowhere\n");
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("allow")).hasValue("GET, HEAD, OPTIONS");
    }

    @Test
    void dbWithoutADatabaseIs503() throws Exception {
        HttpResponse<byte[]> db = send("GET", "/db?ms=1");

        assertThat(db.statusCode()).isEqualTo(503);
        assertThat(text(db)).isEqualTo(ArenaEndpoints.NO_DATABASE + "\n");
    }

    @Test
    void metricsArePrometheusTextWithTheRequestTimer() throws Exception {
        send("GET", "/ping");
        HttpResponse<byte[]> metrics = send("GET", "/metrics");

        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("content-type").orElseThrow()).startsWith("text/plain");
        assertThat(text(metrics)).contains("http_server_requests_seconds_count{").contains("uri=\"/ping\"")
                .contains("jvm_threads_live_threads");
    }

    @Test
    void requestsRunOnTheThreadsOfTheRow() throws Exception {
        CompletableFuture<HttpResponse<String>> slow = client.sendAsync(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/io?ms=2000")).timeout(TIMEOUT).build(),
                HttpResponse.BodyHandlers.ofString());
        boolean virtual = threads().equals("virtual");
        // The two counters are read one after the other: wait for a reading where the request shows in both.
        Map<String, Long> during = await().atMost(TIMEOUT).until(this::counters,
                counters -> counters.getOrDefault("requestsInProgress", 0L) >= 1
                        && (!virtual || counters.getOrDefault("virtualThreads", 0L) >= 1));

        long onVirtualThreads = during.get("virtualThreads");
        if (virtual) {
            assertThat(onVirtualThreads).as("requests served on virtual threads").isPositive();
        } else {
            assertThat(onVirtualThreads).as("requests served on virtual threads, --threads platform").isZero();
        }
        assertThat(slow.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).statusCode()).isEqualTo(200);
    }

    private Map<String, Long> counters() throws Exception {
        String stats = server.ask("stats");
        return STATS.readValue(stats.substring("stats ".length()), ServerStats.class).counters();
    }

    @Test
    void aBadOptionExits2WithTheLinesNamingIt() throws Exception {
        try (FrameworkProcess bad = FrameworkProcess.start(mainClass(), "serve", "--threads", threads(),
                "--port", "65536")) {
            assertThat(bad.awaitExit()).isEqualTo(2);
            assertThat(bad.stderr()).contains("serve: invalid --port '65536': out of range (allowed: 0..65535)")
                    .contains("--help").doesNotContain("\tat ");
        }
    }

    @Test
    void aTakenPortExits1WithOneLineNamingTheFramework() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             FrameworkProcess second = FrameworkProcess.start(mainClass(), "serve", "--threads", threads(),
                     "--port", String.valueOf(taken.getLocalPort()))) {
            assertThat(second.awaitExit()).isEqualTo(1);
            assertThat(second.stderr()).containsPattern("serve: cannot start " + frameworkName()
                    + " \\S+(, .+)? on 127.0.0.1:" + taken.getLocalPort() + ": .*Address already in use")
                    .doesNotContain("\tat ");
        }
    }

    @Test
    void statsOnStdinNameTheFrameworkAndCountItsRequests() throws Exception {
        send("GET", "/ping");
        String stats = server.ask("stats");

        assertThat(stats).startsWith("stats {").contains("\"implementation\":\"" + frameworkName() + " ")
                .containsPattern("\"requests\":[1-9]");
        assertThat(server.stderr()).contains(frameworkName() + " ");
    }
}
