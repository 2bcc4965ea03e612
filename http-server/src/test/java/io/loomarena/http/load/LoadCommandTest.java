package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.RunResult;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;

/** The {@code load} command end to end against a loopback {@link TinyHttpServer}: every model, and every error kind. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class LoadCommandTest {

    @TempDir
    Path dir;

    /** The second line of every bad-argument report of {@code load}. */
    private static final String HELP = "Try 'java -jar http-server.jar load --help' for every option.";

    private static LoadCommandRun load(String... args) {
        return LoadCommandRun.of(List.of(), args);
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
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "4",
                    "--requests", "200", "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(run.out()).contains("200 ok, 0 failed").contains("p99").contains("errors: none");
            assertThat(server.requests()).isEqualTo(200);
            // One connection per thread that sent anything: a thread started after the others took all 200 requests
            // never connects, so 4 threads may open fewer than 4 (never more: that would be a connection per request).
            assertThat(server.connections()).isBetween(1L, 4L);
            RunResult result = json();
            assertThat(result.tool()).isEqualTo("http-load");
            assertThat(result.clientModel()).isEqualTo("virtual");
            assertThat(result.operations()).isEqualTo(200);
            assertThat(result.errors()).isEmpty();
            assertThat(result.latency().count()).isEqualTo(200);
            assertThat(result.throughput()).isPositive();
            assertThat(result.workload()).containsEntry("connections", 4).containsEntry("keepAlive", true);
            assertThat(result.iterations()).singleElement().satisfies(only -> {
                assertThat(only.index()).isEqualTo(1);
                assertThat(only.operations()).isEqualTo(200);
                assertThat(only.elapsedNanos()).isEqualTo(result.elapsedNanos());
                assertThat(only.histogram()).isEqualTo(result.histogram());
            });
            assertThat(run.out()).doesNotContain("iteration").doesNotContain("[ITERATION]");
        }
    }

    @Test
    void platformClientForADuration() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "2",
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
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "20", "--no-keep-alive");

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(server.connections()).isEqualTo(20);
        }
    }

    @Test
    void openModelKeepsToItsSchedule() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "4",
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
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/ping"), "--ramp", "20/200ms",
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
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "30");

            assertThat(run.status()).as(run.out() + run.err()).isZero();
            assertThat(server.connections()).isEqualTo(30);
        }
    }

    @Test
    void non2xxAreCountedByStatusAndFailTheRunUnlessTolerated() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> TinyHttpServer.response(
                n % 2 == 0 ? 200 : 503, "pong", false))) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "10", "--json", jsonPath());
            LoadCommandRun tolerated = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
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
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "3", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("checksum", 3L);
        }
    }

    @Test
    void brokenFramingIsMalformed() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(
                (n, head) -> "HTTP/1.1 200 OK\r\nContent-Length: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII))) {
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/"), "--connections", "1",
                    "--requests", "2", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("malformed", 2L);
        }
    }

    @Test
    void closeWithoutAnAnswerIsAReset() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> null)) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/"), "--connections", "1",
                    "--requests", "2", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsEntry("reset", 2L);
        }
    }

    @Test
    void silentServerTimesOut() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> new byte[0])) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
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
        LoadCommandRun run = load("--client", "virtual", "--url", "http://127.0.0.1:" + port + "/ping", "--connections", "2",
                "--requests", "4", "--json", jsonPath());

        assertThat(run.status()).isEqualTo(1);
        assertThat(json().errors()).containsExactly(java.util.Map.entry("connect", 4L));
        assertThat(json().operations()).isZero();
        assertThat(run.err().strip()).isEqualTo("http-server load: connection refused: nothing is listening on"
                + " 127.0.0.1:" + port + " (start a server with: java -jar http-server/target/http-server.jar serve"
                + " --model virtual --port " + port + ")");
    }

    @Test
    void badArgumentsExitWith2WithOneLineNamingTheValueAndOneNamingHelp() {
        LoadCommandRun zero = load("--client", "virtual", "--url", "http://127.0.0.1:1/", "--connections", "0",
                "--requests", "1");
        LoadCommandRun turbo = load("--client", "turbo", "--url", "http://127.0.0.1:1/", "--connections", "1",
                "--requests", "1");
        LoadCommandRun remote = load("--client", "virtual", "--url", "http://192.0.2.1/", "--connections", "1",
                "--requests", "1");

        assertThat(List.of(zero, turbo, remote)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().lines()).hasSize(2).last().isEqualTo(HELP);
            assertThat(run.err()).doesNotContain("Exception").startsWith("http-server load: invalid ");
            assertThat(run.out()).isEmpty();
        });
        assertThat(zero.err()).startsWith("http-server load: invalid --connections '0': out of range (allowed: 1..10000)");
        assertThat(turbo.err()).contains("--client 'turbo'").contains("platform, virtual");
        assertThat(remote.err()).contains("--allow-remote");
    }

    @Test
    void aMissingValueIsOneLineNotTheUsageText() {
        LoadCommandRun last = load("--client", "virtual", "--url", "http://127.0.0.1:1/", "--requests", "1", "--connections");
        LoadCommandRun beforeOption = load("--client", "virtual", "--url", "--connections", "1", "--requests", "1");

        assertThat(List.of(last, beforeOption)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().lines()).hasSize(2).last().isEqualTo(HELP);
            assertThat(run.err()).doesNotContain("Usage").startsWith("http-server load: ");
        });
        assertThat(last.err()).contains("--connections needs a value");
        assertThat(beforeOption.err()).contains("--url needs a value");
    }

    // --- it always writes its summary (docs/architecture.md) ---

    private LoadConfig config(boolean tolerateErrors) {
        return new LoadArguments("virtual", "http://127.0.0.1:8010/ping", "2", "10", null, null, null, false,
                jsonPath(), null, tolerateErrors, false, List.of()).toConfig();
    }

    private static int runWith(LoadConfig config, LoadCommand.Runner runner, StringWriter err) {
        return LoadCommand.run(config, runner, IterationLoop.IterationPacer.NONE, new PrintWriter(new StringWriter()),
                new PrintWriter(err));
    }

    @Test
    void writesItsSummaryWhenTheClientBreaks() {
        StringWriter err = new StringWriter();

        int status = runWith(config(true), start -> {
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

        int status = runWith(config(false), start -> {
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

        int status = runWith(config(false), start -> outcome, new StringWriter());

        assertThat(status).isEqualTo(1);
        assertThat(json().operations()).isEqualTo(7);
        assertThat(json().errors()).containsEntry("timeout", 1L).containsEntry(LoadReport.UNSENT, 2L)
                .containsEntry(LoadReport.CLIENT_FAILURE, 1L);
        assertThat(json().latency().p50()).isEqualTo(150);
    }

    @Test
    void writesItsSummaryWhenTheDurationEndsWhileRequestsHang() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> new byte[0])) {
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "3",
                    "--duration", "100ms", "--timeout", "300ms", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(json().errors()).containsOnlyKeys("timeout");
            assertThat(json().operations()).isZero();
        }
    }

    // --- iterations: warmups, then measured ones, each the whole work ---

    /** {@code load} with {@code --paced} talking to {@code in} and {@code paced} instead of stdin and stdout. */
    private static LoadCommandRun loadPaced(BufferedReader in, PrintStream paced, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine command = new CommandLine(new LoadCommand(in, paced));
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        int status = command.execute(args);
        return new LoadCommandRun(status, out.toString(), err.toString());
    }

    /** An output stream that hands over each line as it is completed, for a test to wait on. */
    private static final class Lines extends OutputStream {
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        @Override
        public synchronized void write(int b) {
            if (b == '\n') {
                lines.add(line.toString(StandardCharsets.UTF_8));
                line.reset();
            } else {
                line.write(b);
            }
        }

        PrintStream printStream() {
            return new PrintStream(this, true, StandardCharsets.UTF_8);
        }

        /** The next line; fails the test when none comes within 10 s. */
        String next() throws InterruptedException {
            String next = lines.poll(10, TimeUnit.SECONDS);
            assertThat(next).as("a line within 10 s").isNotNull();
            return next;
        }

        List<String> all() {
            return List.copyOf(lines);
        }
    }

    @Test
    void iterationsAreEachTheWholeWorkOnNewConnectionsAndWarmupsAreNotReported() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "30", "--warmup-iterations", "2", "--iterations", "3", "--json", jsonPath());

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(server.requests()).isEqualTo(5 * 30);
            // each iteration connects anew; a thread that found the shared count at zero never connected at all
            assertThat(server.connections()).as("new connections every iteration").isBetween(5L, 5L * 2);
            RunResult result = json();
            assertThat(result.iterations()).extracting(RunResult.Iteration::index).containsExactly(1, 2, 3);
            assertThat(result.iterations()).allSatisfy(it -> {
                assertThat(it.operations()).isEqualTo(30);
                assertThat(it.errors()).isEmpty();
                assertThat(it.latency().count()).isEqualTo(30);
            });
            assertThat(result.operations()).isEqualTo(90);
            assertThat(result.latency().count()).isEqualTo(90);
            assertThat(result.elapsedNanos())
                    .isEqualTo(result.iterations().stream().mapToLong(RunResult.Iteration::elapsedNanos).sum());
            assertThat(result.workload()).containsEntry("requests", 30);
            assertThat(run.out()).contains("2 connections, closed model, 30 requests, keep-alive, "
                    + "3 iterations after 2 warmups, GET").contains("90 ok, 0 failed");
            List<String> lines = run.out().lines().filter(line -> line.startsWith("  iteration ")).toList();
            assertThat(lines).hasSize(3)
                    .allSatisfy(line -> assertThat(line).contains(": 30 ok, 0 failed in ").endsWith(" req/s"));
            assertThat(lines.get(0)).startsWith("  iteration 1/3: ");
            assertThat(lines.get(2)).startsWith("  iteration 3/3: ");
            assertThat(run.out()).doesNotContain("[ITERATION]");
        }
    }

    @Test
    void theHistogramLogHasEachMeasuredIterationWithTheJsonsCounts() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            Path log = dir.resolve("logs/load.hlog");
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "20", "--warmup-iterations", "1", "--iterations", "2", "--json", jsonPath(),
                    "--histogram-log", log.toString());

            assertThat(run.status()).as(run.err()).isZero();
            Map<Integer, Histogram> logged = HistogramLog.read(log);
            assertThat(logged).containsOnlyKeys(1, 2);
            for (RunResult.Iteration iteration : json().iterations()) {
                assertThat(logged.get(iteration.index()))
                        .isEqualTo(LatencyHistograms.decode(iteration.histogram()));
                assertThat(logged.get(iteration.index()).getTotalCount()).isEqualTo(20);
            }
        }
    }

    @Test
    void aHistogramLogThatCannotBeWrittenIsOneLineAndNoRun() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            LoadCommandRun run = load("--client", "platform", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "5", "--histogram-log", dir.toString());

            assertThat(run.status()).isEqualTo(LoadCommand.EXIT_FAILED);
            assertThat(run.err()).isEqualTo("http-server load: cannot write histogram log " + dir + ": "
                    + dir + " (Is a directory)" + System.lineSeparator());
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void pacedIterationsStartOnlyOnGo() throws Exception {
        Lines paced = new Lines();
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG);
             PipedWriter harness = new PipedWriter();
             PipedReader stdin = new PipedReader(harness)) {
            FutureTask<LoadCommandRun> load = new FutureTask<>(() -> loadPaced(new BufferedReader(stdin), paced.printStream(),
                    "--client", "platform", "--url", server.url("/ping"), "--connections", "2", "--requests", "20",
                    "--warmup-iterations", "1", "--iterations", "2", "--paced", "--json", jsonPath()));
            Thread.ofPlatform().daemon().name("paced-load").start(load);

            assertThat(paced.next()).isEqualTo("[ITERATION] ready warmup 1/1");
            assertThat(server.requests()).as("nothing sent before go").isZero();
            go(harness);
            assertThat(paced.next()).startsWith("[ITERATION] done warmup 1/1 elapsedNanos=")
                    .endsWith(" operations=20 errors=0");
            assertThat(paced.next()).isEqualTo("[ITERATION] ready iteration 1/2");
            assertThat(server.requests()).isEqualTo(20);
            go(harness);
            assertThat(paced.next()).startsWith("[ITERATION] done iteration 1/2 ").endsWith(" operations=20 errors=0");
            assertThat(paced.next()).isEqualTo("[ITERATION] ready iteration 2/2");
            assertThat(server.requests()).isEqualTo(40);
            go(harness);
            assertThat(paced.next()).startsWith("[ITERATION] done iteration 2/2 ").endsWith(" operations=20 errors=0");
            LoadCommandRun run = load.get(10, TimeUnit.SECONDS);

            assertThat(run.status()).as(run.err()).isZero();
            assertThat(paced.all()).as("the report goes to the command's out, after the iterations").isEmpty();
            assertThat(run.out()).contains("40 ok, 0 failed").contains("iteration 2/2: 20 ok");
            assertThat(json().iterations()).hasSize(2);
            assertThat(server.requests()).isEqualTo(60);
        }
    }

    private static void go(PipedWriter harness) throws IOException {
        harness.write("go\n");
        harness.flush();
    }

    @Test
    void aHarnessThatGoesAwayEndsTheRunWhichStillWritesWhatItMeasured() throws Exception {
        Lines paced = new Lines();
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            LoadCommandRun run = loadPaced(new BufferedReader(new StringReader("go\n")), paced.printStream(),
                    "--client", "virtual", "--url", server.url("/ping"), "--connections", "3", "--requests", "20",
                    "--iterations", "2", "--paced", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(run.err().strip()).isEqualTo("http-server load: iteration 2/2: the client failed: expected 'go' on stdin "
                    + "before iteration 2/2, got the end of stdin");
            assertThat(server.requests()).as("nothing sent without go").isEqualTo(20);
            assertThat(paced.all()).hasSize(4).startsWith("[ITERATION] ready iteration 1/2")
                    .contains("[ITERATION] ready iteration 2/2");
            RunResult result = json();
            assertThat(result.iterations()).hasSize(2);
            assertThat(result.iterations().get(0).operations()).isEqualTo(20);
            assertThat(result.iterations().get(0).errors()).isEmpty();
            assertThat(result.iterations().get(1).errors()).containsExactly(
                    java.util.Map.entry(LoadReport.CLIENT_FAILURE, 1L));
            assertThat(result.operations()).isEqualTo(20);
        }
    }

    @Test
    void anIterationWithErrorsEndsTheIterationsAndTheSummaryKeepsThoseBefore() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> TinyHttpServer.response(
                n < 20 ? 200 : 503, "pong", false))) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "10", "--warmup-iterations", "1", "--iterations", "3", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(server.requests()).as("the third iteration did not run").isEqualTo(30);
            RunResult result = json();
            assertThat(result.iterations()).hasSize(2);
            assertThat(result.iterations().get(0).errors()).isEmpty();
            assertThat(result.iterations().get(1).errors()).containsExactly(java.util.Map.entry("status_503", 10L));
            assertThat(result.operations()).isEqualTo(10);
            assertThat(result.errors()).containsExactly(java.util.Map.entry("status_503", 10L));
            assertThat(run.out()).contains("iteration 1/3: 10 ok, 0 failed").contains("iteration 2/3: 0 ok, 10 failed")
                    .contains("stopped after iteration 2/3: it had errors");
        }
    }

    @Test
    void aWarmupWithErrorsIsReportedAsSuchAndNothingIsMeasured() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer((n, head) -> TinyHttpServer.response(503, "no", false))) {
            LoadCommandRun run = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "1",
                    "--requests", "5", "--warmup-iterations", "2", "--iterations", "3", "--json", jsonPath());

            assertThat(run.status()).isEqualTo(1);
            assertThat(server.requests()).isEqualTo(5);
            assertThat(json().errors()).containsExactly(java.util.Map.entry("status_503", 5L));
            assertThat(json().iterations()).hasSize(1);
            assertThat(run.out()).contains("stopped in warmup 1/2: it had errors; nothing was measured")
                    .doesNotContain("iteration 1/3");
        }
    }

    @Test
    void aClientThatBreaksInAnIterationStillWritesTheIterationsBefore() {
        StringWriter err = new StringWriter();
        LoadConfig config = new LoadArguments("virtual", "http://127.0.0.1:8010/ping", "2", "10", null, null, null,
                false, jsonPath(), null, false, false, "1", "3", false, List.of()).toConfig();
        org.HdrHistogram.Histogram latencies = io.loomarena.measure.LatencyHistograms.newHistogram();
        latencies.recordValue(150);
        int[] calls = {0};

        int status = LoadCommand.run(config, start -> {
            if (++calls[0] == 3) {
                throw new IllegalStateException("no more threads");
            }
            start.run();
            return new LoadRun.Outcome(java.time.Instant.now(), 1_000_000,
                    new Tallies.Total(1, java.util.Map.of(), latencies), 0, null);
        }, IterationLoop.IterationPacer.NONE, new PrintWriter(new StringWriter()), new PrintWriter(err));

        assertThat(status).isEqualTo(1);
        assertThat(err.toString()).contains("http-server load: iteration 2/3: the client failed: no more threads");
        assertThat(json().iterations()).hasSize(2);
        assertThat(json().operations()).isEqualTo(1);
        assertThat(json().errors()).containsExactly(java.util.Map.entry(LoadReport.CLIENT_FAILURE, 1L));
    }

    @Test
    void badIterationValuesExitWith2AndOneLine() {
        String[] base = {"--client", "virtual", "--url", "http://127.0.0.1:1/", "--connections", "1",
                "--requests", "1"};
        LoadCommandRun zero = load(concat(base, "--iterations", "0"));
        LoadCommandRun tooMany = load(concat(base, "--warmup-iterations", "1001"));
        LoadCommandRun missing = load(concat(base, "--iterations"));

        assertThat(List.of(zero, tooMany, missing)).allSatisfy(run -> {
            assertThat(run.status()).isEqualTo(2);
            assertThat(run.err().lines()).hasSize(2).last().isEqualTo(HELP);
            assertThat(run.err()).doesNotContain("Exception").startsWith("http-server load: ");
            assertThat(run.out()).isEmpty();
        });
        assertThat(zero.err().lines().findFirst()).hasValue(
                "http-server load: invalid --iterations '0': out of range (allowed: 1..1000)");
        assertThat(tooMany.err().lines().findFirst()).hasValue(
                "http-server load: invalid --warmup-iterations '1001': out of range (allowed: 0..1000)");
        assertThat(missing.err()).contains("--iterations needs a value");
    }

    private static String[] concat(String[] first, String... more) {
        List<String> all = new ArrayList<>(List.of(first));
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void helpDescribesTheIterationOptions() {
        LoadCommandRun help = load("--help");

        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("--warmup-iterations").contains("--iterations").contains("--paced")
                .contains("'go'");
    }
}
