package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.HttpForkedServer;
import org.HdrHistogram.Histogram;
import org.awaitility.Awaitility;

/** Slowloris clients and a client that never reads, against a server in its own JVM. */
public class HttpSlowClientSteps {

    private final HttpForkedServer server;
    private final HttpSlowClients clients;
    private final ReliabilityRecord record;
    private Histogram alone;
    private Histogram beside;
    private long baselineConnections;
    private Duration besideEndedAfter;

    public HttpSlowClientSteps(HttpForkedServer server, HttpSlowClients clients, ReliabilityRecord record) {
        this.server = server;
        this.clients = clients;
        this.record = record;
    }

    @Given("the HTTP server runs {string} in its own JVM with a {int} MiB file in its docroot and a write timeout of {int} s")
    public void theHttpServerRunsWithABigFile(String setup, int mebibytes, int writeTimeoutSeconds) {
        server.startWithBigFile(setup, mebibytes, "--write-timeout " + writeTimeoutSeconds + "s");
    }

    @When("a normal HTTP client requests {string} {int} times alone, one new connection each")
    public void aNormalClientAlone(String path, int count) {
        alone = clients.normalClient(server.port(), path, count);
        record.figure("normal client p99 alone (µs)", alone.getValueAtPercentile(99));
    }

    @When("{int} slowloris clients connect and send one header byte every {int} s")
    public void slowlorisClientsConnect(int count, int seconds) {
        clients.slowloris(server.port(), count, Duration.ofSeconds(seconds));
        Awaitility.await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                .until(() -> server.counter("activeConnections") >= count);
        record.figure("slowloris connections held", server.counter("activeConnections"));
    }

    @When("the normal HTTP client requests {string} {int} times again beside them")
    public void theNormalClientBeside(String path, int count) {
        beside = clients.normalClient(server.port(), path, count);
        record.figure("normal client p99 beside slowloris (µs)", beside.getValueAtPercentile(99));
        record.figure("slowloris connections open after the normal client", server.counter("activeConnections"));
    }

    @Then("the normal client's p99 beside the slowloris clients is under {int} times its p99 alone")
    public void theP99StaysUnder(int factor) {
        assertThat(beside.getValueAtPercentile(99)).isLessThan(factor * Math.max(1, alone.getValueAtPercentile(99)));
    }

    @Then("every slowloris connection was closed by the server within {int} s of connecting")
    public void everySlowlorisConnectionWasClosed(int seconds) {
        List<Duration> closed = clients.slowlorisClosedAfter();
        long closedCount = closed.stream().filter(Objects::nonNull).count();
        record.figure("slowloris connections closed by the server", closedCount);
        closed.stream().filter(Objects::nonNull).max(Duration::compareTo)
                .ifPresent(max -> record.figure("slowest slowloris close (ms)", max.toMillis()));
        assertThat(closed).doesNotContainNull().allSatisfy(d -> assertThat(d).isLessThan(Duration.ofSeconds(seconds)));
    }

    @Then("the server JVM's active connections return to 0 within {int} s")
    public void activeConnectionsReturnToZero(int seconds) {
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(50))
                .until(() -> server.counter("activeConnections") == 0);
    }

    @When("{int} keep-alive HTTP clients request {string} {int} times each alone, after as many to warm up")
    public void keepAliveClientsAlone(int clients, String path, int requests) {
        this.clients.keepAliveClients(server.port(), path, clients, requests);
        alone = this.clients.keepAliveClients(server.port(), path, clients, requests);
        record.figure("keep-alive clients' p99 alone (µs)", alone.getValueAtPercentile(99));
        // Their connections are closed now; once the server has seen it, the stuck client's close can be told apart.
        activeConnectionsReturnToZero(5);
    }

    @When("the {int} keep-alive HTTP clients request {string} {int} times each again beside it")
    public void keepAliveClientsBeside(int clients, String path, int requests) {
        beside = this.clients.keepAliveClients(server.port(), path, clients, requests);
        besideEndedAfter = Duration.ofNanos(System.nanoTime() - this.clients.slowReaderSentNanos());
        record.figure("keep-alive clients' p99 beside the stuck reader (µs)", beside.getValueAtPercentile(99));
        record.figure("keep-alive clients done after the stuck request (ms)", besideEndedAfter.toMillis());
    }

    @Then("the keep-alive clients were done within {int} s of the stuck client's request, while it was still held")
    public void keepAliveClientsDoneBeforeTheWriteTimeout(int seconds) {
        // The write timeout starts no earlier than the request: the server held the stuck client all along.
        assertThat(besideEndedAfter).isLessThan(Duration.ofSeconds(seconds));
    }

    @Then("the keep-alive clients' p99 beside the stuck client is under {int} times their p99 alone")
    public void keepAliveP99StaysUnder(int factor) {
        theP99StaysUnder(factor);
    }

    @When("a client with a tiny receive window requests {string} and never reads")
    public void aSlowReaderRequests(String path) {
        baselineConnections = server.counter("activeConnections");
        long answered = server.counter("requests");
        clients.slowReader(server.port(), path);
        // A blocking model's request stays in progress while its write blocks; the event loop queues the whole
        // response (a mapped file) and counts it answered at once, then sends it as the socket takes it.
        Awaitility.await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(10))
                .until(() -> server.counter("requestsInProgress") == 1 || server.counter("requests") > answered);
    }

    @Then("the server closes that connection within {int} s")
    public void theServerClosesTheSlowReader(int seconds) {
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(20))
                .until(() -> server.counter("activeConnections") == baselineConnections);
        record.figure("slow reader closed after (ms)",
                Duration.ofNanos(System.nanoTime() - clients.slowReaderSentNanos()).toMillis());
    }

    @Then("that client received the start of a 200 response and less than {int} MiB")
    public void thatClientReceivedLessThan(int mebibytes) {
        long received = clients.slowReaderDrain();
        record.figure("bytes the slow reader received", received);
        assertThat(clients.slowReaderStart()).startsWith("HTTP/1.1 200 ");
        assertThat(received).isLessThan(mebibytes * 1024L * 1024L);
    }
}
