package io.loomarena.echo.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.loomarena.echo.EchoMain;
import io.loomarena.echo.server.EchoServer;
import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.model.ServerModel;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code echo client} with iterations: the paced protocol, the JSON of the measured iterations, the summary. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClientCommandTest {

    private EchoServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0));
        server.start();
    }

    @AfterEach
    void closeServer() {
        server.close();
    }

    @Test
    void pacedIterationsWaitForGoAndTheJsonKeepsEachMeasuredOne(@TempDir Path dir) {
        ClientCommand command = new ClientCommand();
        command.pacerIn = new ByteArrayInputStream("go\ngo\ngo\n".getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream protocol = new ByteArrayOutputStream();
        command.pacerOut = new PrintStream(protocol, true, StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        CommandLine commandLine = new CommandLine(command);
        commandLine.setOut(new PrintWriter(out, true));
        Path json = dir.resolve("run.json");

        int exit = commandLine.execute("--model", "virtual", "--port", String.valueOf(server.port()),
                "--clients", "3", "--messages", "10", "--size", "8", "--warmup-iterations", "1", "--iterations", "2",
                "--paced", "--json", json.toString());

        assertThat(exit).isZero();
        assertThat(protocol.toString(StandardCharsets.UTF_8).lines()
                .map(line -> line.replaceAll("elapsedNanos=\\d+", "elapsedNanos=N")).toList()).containsExactly(
                "[ITERATION] ready warmup 1/1",
                "[ITERATION] done warmup 1/1 elapsedNanos=N operations=30 errors=0",
                "[ITERATION] ready iteration 1/2",
                "[ITERATION] done iteration 1/2 elapsedNanos=N operations=30 errors=0",
                "[ITERATION] ready iteration 2/2",
                "[ITERATION] done iteration 2/2 elapsedNanos=N operations=30 errors=0");
        RunResult result = RunResult.readJson(json);
        assertThat(result.operations()).isEqualTo(60);
        assertThat(result.iterations()).extracting(RunResult.Iteration::operations).containsExactly(30L, 30L);
        assertThat(result.elapsedNanos()).isEqualTo(
                result.iterations().get(0).elapsedNanos() + result.iterations().get(1).elapsedNanos());
        assertThat(out.toString()).contains("echoed 60 messages", "errors: none")
                .containsPattern("iteration 1: 30 messages in [0-9.]+ s, [0-9.]+ msg/s")
                .containsPattern("iteration 2: 30 messages in [0-9.]+ s, [0-9.]+ msg/s");
    }

    @Test
    void oneIterationPrintsNoIterationLinesAndNoProtocol() {
        StringWriter out = new StringWriter();
        int exit = EchoMain.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                "client", "--model", "platform", "--port", String.valueOf(server.port()), "--clients", "2",
                "--messages", "5");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("echoed 10 messages").doesNotContain("iteration", "[ITERATION]");
    }

    @Test
    void aPacedClientWhoseHarnessIsGoneFailsWithOneLine() {
        InputStream stdin = System.in;
        PrintStream stdout = System.out;
        StringWriter err = new StringWriter();
        try {
            System.setIn(new ByteArrayInputStream(new byte[0]));
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            int exit = EchoMain.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                    "client", "--model", "virtual", "--port", String.valueOf(server.port()), "--clients", "2",
                    "--messages", "5", "--paced");

            assertThat(exit).isEqualTo(EchoMain.EXIT_FAILED);
        } finally {
            System.setIn(stdin);
            System.setOut(stdout);
        }
        assertThat(err.toString().strip()).doesNotContain("\n")
                .contains("echo client failed", "expected 'go' on stdin before iteration 1/1, got the end of stdin");
        server.close();
        assertThat(server.counters().bytesEchoed()).isZero();
    }

    @Test
    void aHostThatIsNotLoopbackIsRefusedWithoutAllowRemote() {
        StringWriter err = new StringWriter();
        int exit = EchoMain.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "client", "--model", "virtual", "--host", "192.0.2.1", "--port", String.valueOf(server.port()));

        assertThat(exit).isEqualTo(EchoMain.EXIT_BAD_ARGUMENTS);
        assertThat(err.toString()).startsWith("echo client: invalid --host '192.0.2.1': host 192.0.2.1 (192.0.2.1)"
                + " is not a loopback address (allowed: a loopback address, or any with --allow-remote)\n");
        assertThat(server.counters().acceptedConnections()).isZero();
    }

    @Test
    void aHostThatDoesNotResolveIsNamed() {
        StringWriter err = new StringWriter();
        int exit = EchoMain.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "client", "--model", "virtual", "--host", "no-such-host.invalid", "--allow-remote");

        assertThat(exit).isEqualTo(EchoMain.EXIT_BAD_ARGUMENTS);
        assertThat(err.toString()).startsWith(
                "echo client: invalid --host 'no-such-host.invalid': cannot resolve host no-such-host.invalid\n");
    }

    @Test
    void aLoopbackNameIsResolvedOnceAndRuns() {
        StringWriter out = new StringWriter();
        int exit = EchoMain.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                "client", "--model", "platform", "--host", "localhost", "--port", String.valueOf(server.port()),
                "--clients", "2", "--messages", "3");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("echoed 6 messages");
    }

    @Test
    void theHistogramLogHasEachMeasuredIterationWithTheJsonsCounts(@TempDir Path dir) {
        Path json = dir.resolve("run.json");
        Path log = dir.resolve("client.hlog");
        int exit = EchoMain.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(new StringWriter(), true),
                "client", "--model", "virtual", "--port", String.valueOf(server.port()), "--clients", "2",
                "--messages", "7", "--warmup-iterations", "1", "--iterations", "3", "--json", json.toString(),
                "--histogram-log", log.toString());

        assertThat(exit).isZero();
        Map<Integer, Histogram> logged = HistogramLog.read(log);
        assertThat(logged).containsOnlyKeys(1, 2, 3);
        for (RunResult.Iteration iteration : RunResult.readJson(json).iterations()) {
            assertThat(logged.get(iteration.index())).isEqualTo(LatencyHistograms.decode(iteration.histogram()));
            assertThat(logged.get(iteration.index()).getTotalCount()).isEqualTo(14);
        }
    }

    @Test
    void aHistogramLogThatCannotBeWrittenIsOneLineAndNoRun(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int exit = EchoMain.execute(new PrintWriter(new StringWriter(), true), new PrintWriter(err, true),
                "client", "--model", "virtual", "--port", String.valueOf(server.port()),
                "--histogram-log", dir.toString());

        assertThat(exit).isEqualTo(EchoMain.EXIT_FAILED);
        assertThat(err.toString()).isEqualTo("echo client: cannot write histogram log " + dir + ": " + dir
                + " (Is a directory)" + System.lineSeparator());
        assertThat(server.counters().acceptedConnections()).isZero();
    }
}
