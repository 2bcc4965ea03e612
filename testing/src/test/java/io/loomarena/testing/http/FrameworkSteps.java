package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.awaitility.Awaitility;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.http.HttpWorkload;
import io.loomarena.harness.http.SideBySideRun;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.testing.http.support.HttpExchanges;
import io.loomarena.testing.http.support.HttpForkedServer;
import io.loomarena.testing.http.support.HttpInFlightRequests;
import io.loomarena.testing.http.support.RawHttpConnection;
import io.loomarena.testing.http.support.RawResponse;
import io.loomarena.testing.perf.Skipping;

/**
 * Thin steps of {@code http-frameworks.feature} that the arena's steps cannot serve: a framework keeps no counters of
 * requests in progress or connections, so its in-flight request and its baseline are told from what any HTTP server
 * shows (an answer on another connection, its JVM's threads and open files), and seed 004's side-by-side run
 * ({@link SideBySideRun}).
 */
public class FrameworkSteps {

    /** Threads and descriptors a JVM may open on its own, as the arena's reliability steps allow. */
    private static final int JVM_HOUSEKEEPING = 8;

    private final HttpForkedServer server;
    private final HttpInFlightRequests inFlight;
    private final HttpExchanges http;
    private long baselineThreads;
    private long baselineFds;
    private List<SideBySideRun.Row> rows = List.of();

    public FrameworkSteps(HttpForkedServer server, HttpInFlightRequests inFlight, HttpExchanges http) {
        this.server = server;
        this.inFlight = inFlight;
        this.http = http;
    }

    /**
     * As the arena's "status, content type and body", with the media type only: how a framework spells the parameters
     * ({@code text/plain;charset=UTF-8}) is its own, what the body is is not.
     */
    @Then("each HTTP response has its row's status, media type and body")
    public void eachResponseHasItsRowsStatusMediaTypeAndBody() {
        assertThat(http.observedViews().stream().map(FrameworkSteps::mediaTypeOnly).toList())
                .containsExactlyElementsOf(http.expectedViews().stream().map(FrameworkSteps::mediaTypeOnly).toList());
    }

    private static HttpExchanges.EndpointView mediaTypeOnly(HttpExchanges.EndpointView view) {
        String type = view.contentType() == null ? null
                : view.contentType().split(";", 2)[0].strip().toLowerCase(java.util.Locale.ROOT);
        return new HttpExchanges.EndpointView(view.path(), view.status(), type, view.bodyMatches());
    }

    /**
     * The request is written first; a {@code /ping} on another connection answered afterwards shows the server has
     * been accepting and serving since, so the slow request is in its hands (it takes its ms).
     */
    @Given("a request to {string} was sent to the server JVM before a {string} on another connection was answered")
    public void aRequestIsInFlight(String path, String probe) {
        inFlight.open(server.port(), 1);
        inFlight.sendOnEach(path);
        assertThat(server.get(probe).status()).as(server.describe()).isEqualTo(200);
    }

    @Then("the in-flight request was answered {int}")
    public void theInFlightRequestWasAnswered(int status) {
        List<RawResponse> responses = inFlight.responses();
        assertThat(responses).hasSize(1).doesNotContainNull();
        assertThat(responses.getFirst().status()).isEqualTo(status);
    }

    @Given("the server JVM's threads and open files are noted after one client of each kind")
    public void theBaselineIsNoted() {
        assertThat(server.get("/ping").status()).isEqualTo(200);
        RawHttpConnection half = RawHttpConnection.open(server.port());
        half.send("GET /data.json HTTP/1.1\r\nHo");
        half.reset();
        RawHttpConnection reader = RawHttpConnection.open(server.port(), 1024);
        reader.send("GET /data.json HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(reader.readBytes(100)).hasSize(100);
        reader.reset();
        // The framework has settled once /ping is answered again: the baseline holds what it keeps for later.
        assertThat(server.get("/ping").status()).isEqualTo(200);
        baselineThreads = server.liveThreads();
        baselineFds = server.openFileDescriptors();
    }

    @Then("the server JVM's threads return to at most {int} more than noted and its open files to the noted count,"
            + " within {int} s")
    public void theServerReturnsToItsBaseline(int threadsAllowed, int seconds) {
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> {
                    assertThat(server.liveThreads()).as("live threads")
                            .isLessThanOrEqualTo((int) baselineThreads + threadsAllowed + JVM_HOUSEKEEPING);
                    if (baselineFds >= 0) {
                        assertThat(server.openFileDescriptors()).as("open files")
                                .isLessThanOrEqualTo(baselineFds + JVM_HOUSEKEEPING);
                    }
                });
    }

    @When("these servers get {long} requests of {string} each over {int} connections, one connection per request,"
            + " side by side in one run:")
    public void sideBySide(long requests, String path, int connections, DataTable servers) {
        List<HttpServerSetup> setups = servers.asList().stream().skip(1).map(HttpServerSetup::parse).toList();
        HarnessSettings settings = RunOptions.ofThisJvm().harness();
        // A framework module not built skips the run with its line, before anything is started.
        Skipping.unlessNotBuilt(() -> setups.stream().filter(HttpServerSetup::isFramework)
                .forEach(setup -> setup.framework().classPath().read(settings.repository())));
        rows = SideBySideRun.run(setups, HttpWorkload.closed(path, connections, requests, false), settings,
                System.out);
    }

    @Then("every server printed its throughput, p99 and the \\/metrics figures, each framework naming its version")
    public void everyServerPrintedItsFigures() {
        assertThat(rows).isNotEmpty().allSatisfy(row -> assertThat(row.failure()).as(row.line()).isNull());
        assertThat(rows).allSatisfy(row -> {
            assertThat(row.line()).startsWith(SideBySideRun.PREFIX + row.label() + ": throughput=");
            assertThat(row.metrics().requests()).as(row.line()).isPresent();
            assertThat(row.metrics().threadsLive()).as(row.line()).isPresent();
            assertThat(row.metrics().threadsPeak()).as(row.line()).isPresent();
        });
        rows.stream().filter(row -> HttpServerSetup.parse(row.server()).isFramework()).forEach(row -> {
            assertThat(row.implementation()).as(row.line()).matches(".*\\d+\\.\\d+.*");
            assertThat(row.metrics().meanMillis()).as(row.line()).isPresent();
        });
    }
}
