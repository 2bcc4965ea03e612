package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import io.cucumber.java.en.Given;
import io.loomarena.testing.perf.Skipping;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.HttpForkedServer;
import io.loomarena.testing.http.support.HttpInFlightRequests;
import io.loomarena.testing.http.support.RawHttpConnection;
import io.loomarena.testing.http.support.RawResponse;
import org.awaitility.Awaitility;

/**
 * A server in its own JVM: graceful shutdown under load, vanishing clients, a deleted data file, and the process a
 * user starts ({@code http.feature}'s SIGTERM scenario).
 */
public class HttpServerJvmSteps {

    /** Allowance for threads and descriptors the JVM opens on its own (compiler and carrier threads, I/O pollers). */
    static final int JVM_HOUSEKEEPING = 8;

    private final HttpForkedServer server;
    private final HttpInFlightRequests inFlight;
    private final ReliabilityRecord record;
    private Path dataFile;
    private long baselineThreads;
    private long baselineFds;

    public HttpServerJvmSteps(HttpForkedServer server, HttpInFlightRequests inFlight, ReliabilityRecord record) {
        this.server = server;
        this.inFlight = inFlight;
        this.record = record;
    }

    /** One server timeout in words, {@code a grace period of 10 s}, and the option that sets it. */
    private static final java.util.regex.Pattern TIMEOUT =
            java.util.regex.Pattern.compile("an? (grace period|idle timeout|header timeout|write timeout) of (\\d+) s");

    /** Timeouts in words, {@code a grace period of 10 s and an idle timeout of 10 s}, as the server's options. */
    private static String options(String words) {
        StringBuilder options = new StringBuilder();
        java.util.regex.Matcher matcher = TIMEOUT.matcher(words);
        while (matcher.find()) {
            String option = switch (matcher.group(1)) {
                case "grace period" -> "--grace";
                case "idle timeout" -> "--idle-timeout";
                case "header timeout" -> "--header-timeout";
                default -> "--write-timeout";
            };
            options.append(' ').append(option).append(' ').append(matcher.group(2)).append('s');
        }
        return options.toString().strip();
    }

    /**
     * The server's timeouts in words ({@code a grace period of 10 s and an idle timeout of 10 s}): the feature says
     * what is set, the glue how ({@code --grace 10s --idle-timeout 10s}).
     */
    @Given("^the HTTP server runs \"([^\"]*)\" in its own JVM with (an? (?:grace period|idle timeout|header timeout"
            + "|write timeout) of \\d+ s(?: and an? (?:grace period|idle timeout|header timeout|write timeout) of"
            + " \\d+ s)*)$")
    public void theHttpServerRunsInItsOwnJvmWith(String setup, String timeouts) {
        server.start(setup, options(timeouts));
    }

    @Given("the HTTP server runs {string} in its own JVM")
    public void theHttpServerRunsInItsOwnJvm(String setup) {
        server.start(setup, "");
    }

    @Given("the HTTP server runs {string} in its own JVM with a copy of the data file")
    public void theHttpServerRunsWithACopyOfTheDataFile(String setup) {
        dataFile = server.startWithDataCopy(setup);
    }

    @Given("the HTTP server process runs {string}")
    public void theHttpServerProcessRuns(String setup) {
        // A framework row whose module is not built: skipped with its one line.
        Skipping.unlessNotBuilt(() -> server.start(setup, ""));
    }

    @Given("a request to {string} is in progress on the HTTP server process")
    public void aRequestIsInProgress(String path) {
        inFlight.open(server.port(), 1);
        inFlight.sendOnEach(path);
        Awaitility.await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(5))
                .until(() -> server.counter("requestsInProgress") >= 1);
    }

    @When("the HTTP server process receives SIGTERM")
    public void theHttpServerProcessReceivesSigterm() {
        server.sigterm();
    }

    @Then("the in-flight request was answered {int} with {string}")
    public void theInFlightRequestWasAnswered(int status, String field) {
        allInFlightRequestsWereAnswered(1, status, field);
    }

    @Then("the HTTP server process exited with status {int}")
    public void theHttpServerProcessExitedWith(int status) {
        assertThat(server.awaitExit(HttpForkedServer.EXIT_TIMEOUT)).as("exit after SIGTERM; %s", server.describe())
                .isNotNull();
        assertThat(server.exitCode()).as(server.describe()).isEqualTo(status);
    }

    @Given("{int} HTTP requests to {string} are in progress in the server JVM")
    public void requestsAreInProgress(int count, String path) {
        // Connections first, their handlers running, and one quick request on each (a warm request path), so that
        // the requests, written together, all start within milliseconds even on a crowded machine.
        inFlight.open(server.port(), count);
        Awaitility.await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(5))
                .untilAsserted(() -> assertThat(server.counter("handlers")).as("handlers running").isEqualTo(count));
        inFlight.warmUp("/ping");
        inFlight.sendOnEach(path);
        // All were sent within milliseconds of each other: once the server has had all of them in progress at once,
        // they are all still in flight (each takes its ms); the Then step proves it by their "Connection: close".
        Awaitility.await().atMost(Duration.ofSeconds(15)).pollInterval(Duration.ofMillis(5))
                .untilAsserted(() -> assertThat(server.counter("peakRequestsInProgress"))
                        .as("most requests in progress at once").isEqualTo(count));
        record.figure("requests in flight at SIGTERM", count);
    }

    @When("the server JVM is sent SIGTERM")
    public void theServerJvmIsSentSigterm() {
        server.sigterm();
    }

    @Then("new HTTP connections to the server JVM are refused")
    public void newConnectionsAreRefused() {
        Awaitility.await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(10))
                .until(server::refusesConnections);
    }

    @Then("all {int} in-flight HTTP requests were answered {int} with {string}, none lost")
    public void allInFlightRequestsWereAnswered(int count, int status, String field) {
        List<RawResponse> responses = inFlight.responses();
        long answered = responses.stream().filter(r -> r != null && r.status() == status).count();
        record.figure("requests lost at shutdown", count - answered);
        assertThat(responses).hasSize(count).doesNotContainNull()
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(status))
                .allMatch(r -> r.says(field), "every response says " + field);
    }

    @Then("the server JVM exited by itself within its grace period of {int} s")
    public void theServerJvmExitedWithinGrace(int seconds) {
        Duration exited = server.awaitExit(Duration.ofSeconds(seconds + 5));
        record.figure("exit after SIGTERM (ms)", exited == null ? "none within " + (seconds + 5) + " s" : exited.toMillis());
        assertThat(exited).as("time from SIGTERM to exit").isNotNull().isLessThan(Duration.ofSeconds(seconds));
    }

    @Given("the server JVM's connections, handlers, threads and open files are noted after one client of each kind")
    public void theServerJvmBaselineIsNoted() {
        // One of each first, so that what the JVM sets up once (pollers, lazily loaded classes) is in the baseline.
        assertThat(server.get("/ping").status()).isEqualTo(200);
        resetMidRequest(1);
        resetMidResponse(1, 100, "/data.json");
        long settling = System.nanoTime();
        Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(20))
                .until(() -> server.counter("activeConnections") == 0 && server.counter("handlers") == 0);
        record.figure("first clients gone after (ms)", (System.nanoTime() - settling) / 1_000_000);
        baselineThreads = server.liveThreads();
        baselineFds = server.openFileDescriptors();
        record.figure("threads before", baselineThreads);
        record.figure("open files before", baselineFds);
    }

    @When("{int} HTTP clients reset their connections after sending half a request")
    public void clientsResetMidRequest(int count) {
        resetMidRequest(count);
        record.figure("resets mid-request", count);
    }

    private void resetMidRequest(int count) {
        for (int i = 0; i < count; i++) {
            RawHttpConnection connection = RawHttpConnection.open(server.port());
            connection.send("GET /data.json HTTP/1.1\r\nHo");
            connection.reset();
        }
    }

    @When("{int} HTTP clients with a tiny receive window reset their connections after reading {int} bytes of {string}")
    public void clientsResetMidResponse(int count, int bytes, String path) {
        resetMidResponse(count, bytes, path);
        record.figure("resets mid-response", count);
    }

    private void resetMidResponse(int count, int bytes, String path) {
        for (int i = 0; i < count; i++) {
            RawHttpConnection connection = RawHttpConnection.open(server.port(), 1024);
            connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
            assertThat(connection.readBytes(bytes)).hasSize(bytes);
            connection.reset();
        }
    }

    @Then("the server JVM's connections and handlers return to 0 and its threads to at most {int} more than noted, within {int} s")
    public void theServerJvmReturnsToBaseline(int idleThreadsAllowed, int seconds) {
        long allowedThreads = baselineThreads + idleThreadsAllowed + JVM_HOUSEKEEPING;
        long waiting = System.nanoTime();
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> {
                    assertThat(server.counter("activeConnections")).as("active connections").isZero();
                    assertThat(server.counter("handlers")).as("handlers").isZero();
                    assertThat(server.liveThreads()).as("live threads").isLessThanOrEqualTo((int) allowedThreads);
                });
        record.figure("back to baseline after (ms)", (System.nanoTime() - waiting) / 1_000_000);
        record.figure("threads after", server.liveThreads());
    }

    @Then("the server JVM's open files return to the noted count, within {int} s")
    public void theServerJvmOpenFilesReturn(int seconds) {
        if (baselineFds < 0) {
            record.figure("open files after", "not measurable here (no /proc)");
            return;
        }
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(50))
                .untilAsserted(() -> assertThat(server.openFileDescriptors()).as("open files")
                        .isLessThanOrEqualTo(baselineFds + JVM_HOUSEKEEPING));
        record.figure("open files after", server.openFileDescriptors());
    }

    @Then("the server JVM answers {string} with {int}")
    public void theServerJvmAnswers(String path, int status) {
        assertThat(server.get(path).status()).isEqualTo(status);
    }

    @When("the data file is deleted")
    public void theDataFileIsDeleted() {
        try {
            Files.delete(dataFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Then("the server JVM answers {string} with {int} and a body containing {string}")
    public void theServerJvmAnswersWithBody(String path, int status, String text) {
        RawResponse response = server.get(path);
        record.figure("status after the data file was deleted", response.status());
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.bodyText()).contains(text);
    }
}
