package io.loomarena.echo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The command line's argument errors (exit code 2, one line naming the bad value and the allowed ones, one line naming
 * {@code --help}), and the server's exit status after SIGTERM.
 */
class EchoMainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return EchoMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    private String errorLines() {
        return err.toString().strip();
    }

    /** The first line of a bad-argument report, after checking that the second one names {@code --help}. */
    private String badArgumentLine(String command) {
        List<String> lines = err.toString().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).isEqualTo("Try 'java -jar echo.jar " + command + " --help' for every option.");
        return lines.getFirst();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            server --model turbo                     | echo server: invalid --model 'turbo': not an echo server model (allowed: single, platform, pool, virtual, event-loop, netty)
            server --model event-loop --loops 0      | echo server: invalid --loops '0': out of range (allowed: 1..1024)
            client --model turbo                     | echo client: invalid --model 'turbo': not an echo client model (allowed: platform, virtual)
            client --model virtual --clients 0       | echo client: invalid --clients '0': out of range (allowed: 1..100000)
            client --model platform --size -1        | echo client: invalid --size '-1': out of range (allowed: 1..65536)
            client --model virtual --iterations 0    | echo client: invalid --iterations '0': out of range (allowed: 1..1000)
            client --model virtual --warmup-iterations 1001 | echo client: invalid --warmup-iterations '1001': out of range (allowed: 0..1000)
            client --model virtual --read-timeout 0s | echo client: invalid --read-timeout '0s' (allowed: whole seconds 1..86400, e.g. 300s)
            server --model pool --pool-size 0        | echo server: invalid --pool-size '0': out of range (allowed: 1..10000)
            server --model virtual --pool-size 50    | echo server: invalid --pool-size '50': the virtual model has no pool (allowed: only with --model pool)
            server --model pool --loops 2            | echo server: invalid --loops '2': the pool model has no event loops (allowed: only with --model event-loop, netty)
            server --model virtual --port x          | echo server: invalid --port 'x': not a whole number (allowed: 0..65535)
            server --port 0                          | echo server: missing --model
            client --model virtual --turbo           | echo client: unknown argument '--turbo'
            client --model                           | echo client: --model needs a value
            """)
    void aBadArgumentIsNamedWithWhatIsAllowed(String commandLine, String message) {
        String[] args = commandLine.split(" ");
        assertThat(run(args)).isEqualTo(2);
        assertThat(badArgumentLine(args[0])).isEqualTo(message);
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void missingSubcommandIsABadArgument() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString().lines()).containsExactly("echo: a subcommand is required: server or client",
                "Try 'java -jar echo.jar --help' for every option.");
    }

    @Test
    void portAlreadyInUseIsOneClearLine() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertThat(run("server", "--model", "virtual", "--port", String.valueOf(port))).isEqualTo(2);
            assertThat(errorLines()).isEqualTo("echo server: cannot listen on 127.0.0.1:" + port
                    + ": already in use (choose another --port, or 0 for a free one)");
            assertThat(out.toString()).isEmpty();
        }
    }

    @Test
    void clientAgainstNothingListeningSaysConnectionRefused() throws IOException {
        int port;
        try (ServerSocket closedAgain = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closedAgain.getLocalPort();
        }
        assertThat(run("client", "--model", "virtual", "--port", String.valueOf(port), "--clients", "2",
                "--messages", "1")).isEqualTo(1);
        assertThat(errorLines()).startsWith("connection refused: nothing is listening on 127.0.0.1:" + port);
        assertThat(out.toString()).contains("errors: refused=2");
    }

    @Test
    void aServerStoppedBySigtermExitsZero() throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process server = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                EchoMain.class.getName(), "server", "--model", "virtual", "--port", "0")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader stdout = new BufferedReader(new InputStreamReader(server.getInputStream(),
                    StandardCharsets.UTF_8));
            // Bounded: the process is destroyed below if it never prints, and readLine then sees end of stream.
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return stdout.readLine();
                } catch (IOException e) {
                    return String.valueOf(e);
                }
            });
            assertThat(first.get(30, TimeUnit.SECONDS)).startsWith("listening on 127.0.0.1:");
            server.destroy(); // SIGTERM
            assertThat(server.waitFor(30, TimeUnit.SECONDS)).as("exited").isTrue();
            assertThat(server.exitValue()).as("exit status after SIGTERM").isZero();
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("no 'listening on' line within 30 s", e);
        } finally {
            server.destroyForcibly();
        }
    }
}
