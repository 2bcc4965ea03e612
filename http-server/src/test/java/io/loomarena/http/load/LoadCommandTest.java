package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.http.HttpMain;
import io.loomarena.measure.RunResult;
import picocli.CommandLine;

/** The {@code load} command end to end against a loopback {@link TinyHttpServer}: every model, and every error kind. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadCommandTest {

    @TempDir
    Path dir;

    /** Exit status, stdout and stderr of one {@code load} command. */
    private record Run(int status, String out, String err) {
    }

    private static Run load(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new HttpMain());
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        List<String> all = new ArrayList<>(List.of("load"));
        all.addAll(List.of(args));
        int status = command.execute(all.toArray(String[]::new));
        return new Run(status, out.toString(), err.toString());
    }

    private RunResult json() {
        return RunResult.readJson(dir.resolve("run.json"));
    }

    private String jsonPath() {
        return dir.resolve("run.json").toString();
    }

    @Test
    void closedModelReusesOneConnectionPerThread() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "4",
                    "--requests", "200", "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(run.out()).contains("200 ok, 0 failed").contains("p99").contains("errors: none");
            assertThat(server.requests()).isEqualTo(200);
            assertThat(server.connections()).isEqualTo(4);
            RunResult result = json();
            assertThat(result.tool()).isEqualTo("http-load");
            assertThat(result.clientModel()).isEqualTo("virtual");
            assertThat(result.operations()).isEqualTo(200);
            assertThat(result.errors()).isEmpty();
            assertThat(result.latency().count()).isEqualTo(200);
            assertThat(result.throughput()).isPositive();
            assertThat(result.workload()).containsEntry("connections", 4).containsEntry("keepAlive", true);
        }
    }

    @Test
    void platformClientForADuration() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Run run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "2",
                    "--duration", "300ms", "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            RunResult result = json();
            assertThat(result.operations()).isPositive().isEqualTo(server.requests());
            assertThat(result.elapsedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(300));
        }
    }

    @Test
    void noKeepAliveOpensAConnectionPerRequest() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "20", "--no-keep-alive");

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(server.connections()).isEqualTo(20);
        }
    }

    @Test
    void openModelKeepsToItsSchedule() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "4",
                    "--requests", "40", "--rate", "200/s", "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            RunResult result = json();
            assertThat(result.operations()).isEqualTo(40);
            // the last request is due 39/200 s after the start
            assertThat(result.elapsedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(195));
            assertThat(result.workload()).containsEntry("rate", 200.0);
        }
    }

    @Test
    void rampStartsEachUserOnItsOwnConnection() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Run run = load("--client", "platform", "--url", server.url("/ping"), "--ramp", "20/200ms",
                    "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(server.connections()).isEqualTo(20);
            assertThat(json().operations()).isEqualTo(20);
            assertThat(json().elapsedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(190));
        }
    }

    @Test
    void serverClosingIdleConnectionsIsNotAnError() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG, true)) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "30");

            assertThat(run.status()).as(run.out() + run.err()).isZero();
            assertThat(server.connections()).isEqualTo(30);
        }
    }

    @Test
    void non2xxAreCountedByStatusAndFailTheRunUnlessTolerated() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> TinyHttpServer.response(
                n % 2 == 0 ? 200 : 503, "pong", false))) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "10", "--json", jsonPath());
            Run tolerated = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "10", "--tolerate-errors");

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsExactly(java.util.Map.entry("status_503", 5L));
            assertThat(json().operations()).isEqualTo(5);
            assertThat(run.out()).contains("status_503=5");
            assertThat(tolerated.status()).isZero();
        }
    }

    @Test
    void wrongBodyIsAChecksumError() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> TinyHttpServer.response(200, "pang", false))) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "3", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("checksum", 3L);
        }
    }

    @Test
    void brokenFramingIsMalformed() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(
                (n, head) -> "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII))) {
            Run run = load("--client", "platform", "--url", server.url("/"), "--connections", "1",
                    "--requests", "2", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("malformed", 2L);
        }
    }

    @Test
    void closeWithoutAnAnswerIsAReset() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> null)) {
            Run run = load("--client", "virtual", "--url", server.url("/"), "--connections", "1",
                    "--requests", "2", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("reset", 2L);
        }
    }

    @Test
    void silentServerTimesOut() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> new byte[0])) {
            Run run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "2", "--timeout", "200ms", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsExactly(java.util.Map.entry("timeout", 2L));
            assertThat(json().elapsedNanos()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    @Test
    void refusedConnectionIsAConnectError() throws IOException {
        int port;
        try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closed.getLocalPort();
        }
        Run run = load("--client", "virtual", "--url", "http://127.0.0.1:" + port + "/ping", "--connections", "2",
                "--requests", "4", "--json", jsonPath());

        assertThat(run.status()).isEqualTo(1);
        assertThat(json().errors()).containsExactly(java.util.Map.entry("connect", 4L));
        assertThat(json().operations()).isZero();
    }

    @Test
    void badArgumentsExitWith2AndOneLine() {
        Run zero = load("--client", "virtual", "--url", "http://127.0.0.1:1/", "--connections", "0",
                "--requests", "1");
        Run turbo = load("--client", "turbo", "--url", "http://127.0.0.1:1/", "--connections", "1",
                "--requests", "1");
        Run remote = load("--client", "virtual", "--url", "http://192.0.2.1/", "--connections", "1",
                "--requests", "1");

        assertThat(List.of(zero, turbo, remote)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().strip()).doesNotContain("\n").doesNotContain("Exception").startsWith("load: ");
            assertThat(run.out()).isEmpty();
        });
        assertThat(zero.err()).contains("--connections 0");
        assertThat(turbo.err()).contains("--client turbo").contains("platform, virtual");
        assertThat(remote.err()).contains("--allow-remote");
    }

    @Test
    void aMissingValueIsOneLineNotTheUsageText() {
        Run last = load("--client", "virtual", "--url", "http://127.0.0.1:1/", "--requests", "1", "--connections");
        Run beforeOption = load("--client", "virtual", "--url", "--connections", "1", "--requests", "1");

        assertThat(List.of(last, beforeOption)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().strip()).doesNotContain("\n").doesNotContain("Usage").startsWith("load: ");
        });
        assertThat(last.err()).contains("--connections needs a value");
        assertThat(beforeOption.err()).contains("--url needs a value");
    }

    // --- it always writes its summary (DESIGN.md) ---

    private LoadConfig config(boolean tolerateErrors) {
        return new LoadArguments("virtual", "http://127.0.0.1:8010/ping", "2", "10", null, null, null, false,
                jsonPath(), null, tolerateErrors, false, List.of()).toConfig();
    }

    private static int runWith(LoadConfig config, LoadCommand.Runner runner, StringWriter err) {
        return LoadCommand.run(config, runner, new PrintWriter(new StringWriter()), new PrintWriter(err));
    }

    @Test
    void writesItsSummaryWhenTheClientBreaks() {
        StringWriter err = new StringWriter();

        int status = runWith(config(true), () -> {
            throw new IllegalStateException("no more threads");
        }, err);

        assertThat(status).as("a broken client fails even with --tolerate-errors").isEqualTo(1);
        assertThat(err.toString()).contains("the client failed: no more threads");
        assertThat(json().errors()).containsExactly(java.util.Map.entry(LoadReport.CLIENT_FAILURE, 1L));
        assertThat(json().operations()).isZero();
    }

    @Test
    void writesItsSummaryWhenInterrupted() {
        StringWriter err = new StringWriter();

        int status = runWith(config(false), () -> {
            throw new InterruptedException();
        }, err);

        assertThat(Thread.interrupted()).as("the interrupt is kept (and cleared here)").isTrue();
        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("interrupted before the run ended");
        assertThat(json().errors()).containsEntry(LoadReport.CLIENT_FAILURE, 1L);
    }

    @Test
    void writesWhatWasMeasuredWhenAThreadCrashedOrTheTimeBoundLeftRequestsUnsent() {
        org.HdrHistogram.Histogram latencies = io.loomarena.measure.LatencyHistograms.newHistogram();
        latencies.recordValue(150);
        Tallies.Total measured = new Tallies.Total(7, java.util.Map.of("timeout", 1L), latencies);
        LoadRun.Outcome outcome = new LoadRun.Outcome(java.time.Instant.now(), 1_000_000, measured, 2,
                "a client thread failed: java.lang.AssertionError");

        int status = runWith(config(false), () -> outcome, new StringWriter());

        assertThat(status).isEqualTo(1);
        assertThat(json().operations()).isEqualTo(7);
        assertThat(json().errors()).containsEntry("timeout", 1L).containsEntry(LoadReport.UNSENT, 2L)
                .containsEntry(LoadReport.CLIENT_FAILURE, 1L);
        assertThat(json().latency().p50()).isEqualTo(150);
    }

    @Test
    void writesItsSummaryWhenTheDurationEndsWhileRequestsHang() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> new byte[0])) {
            Run run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "3",
                    "--duration", "100ms", "--timeout", "300ms", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsOnlyKeys("timeout");
            assertThat(json().operations()).isZero();
        }
    }
}
