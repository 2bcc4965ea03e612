package io.loomarena.lifeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.echo.EchoMain;
import io.loomarena.echo.server.EchoCounters;
import io.loomarena.http.HttpMain;
import io.loomarena.measure.IterationProtocol;
import io.loomarena.measure.ServerStats;
import io.loomarena.measure.StdinLifeline;

/**
 * {@code -Dloomarena.stdinLifeline=true} end to end: servers and paced clients as child JVMs, as the harness starts
 * them over ssh, whose stdin is then closed in the middle of a measured iteration, as ssh closes it when the harness
 * is gone. Each must end by itself: the client with its one line and status 1, the server with its graceful
 * stop's status 0. Without the property a server outlives its stdin, as before.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class StdinLifelineProcessTest {

    /**
     * How long a child may take to end once its stdin is closed: it tells "ends by itself" from "outlives the harness",
     * not how fast the machine is (a JVM's graceful stop on a loaded 2-CPU machine takes seconds).
     */
    private static final Duration EXIT_WITHIN = Duration.ofSeconds(30);
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Child> children = new ArrayList<>();

    /**
     * The children's temporary folder ({@code java.io.tmpdir}): the servers stop with {@code Runtime.halt}, so their
     * JVMs' own files there (the pinning monitor's JFR repository) would otherwise stay in the machine's.
     */
    @TempDir
    Path childTemp;

    @AfterEach
    void killLeftovers() throws InterruptedException {
        for (Child child : children) {
            child.process.destroyForcibly();
            // Gone before JUnit removes the folder it writes to.
            child.process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anEchoServerAndAPacedEchoClientEndWhenTheirStdinEnds() throws IOException {
        Child server = start(true, EchoMain.class, "server", "--model", "virtual", "--port", "0");
        int port = port(server);
        Child client = start(true, EchoMain.class, "client", "--model", "virtual", "--port", String.valueOf(port),
                "--clients", "2", "--messages", "100000000", "--paced");
        goOnce(client);
        awaitCounter(server, EchoCounters.BYTES_ECHOED);

        client.closeStdin();
        assertEndsWith(client, StdinLifeline.EXIT_STDIN_CLOSED);
        assertThat(client.stderr()).isEqualTo(StdinLifeline.CLIENT_STOPPING);

        server.closeStdin();
        assertEndsWith(server, EchoMain.EXIT_OK);
    }

    @Test
    void anHttpServerAndAPacedLoadClientEndWhenTheirStdinEnds() throws IOException {
        Child server = start(true, HttpMain.class, "serve", "--model", "virtual", "--port", "0");
        int port = port(server);
        Child client = start(true, HttpMain.class, "load", "--client", "virtual", "--url",
                "http://127.0.0.1:" + port + "/ping", "--connections", "2", "--duration", "10m", "--paced");
        goOnce(client);
        awaitCounter(server, "requests");

        client.closeStdin();
        assertEndsWith(client, StdinLifeline.EXIT_STDIN_CLOSED);
        assertThat(client.stderr()).isEqualTo(StdinLifeline.CLIENT_STOPPING);

        server.closeStdin();
        assertEndsWith(server, 0);
    }

    @Test
    void withoutThePropertyAServerOutlivesItsStdin() throws IOException {
        Child server = start(false, EchoMain.class, "server", "--model", "virtual", "--port", "0");
        port(server);

        server.closeStdin();

        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(4)).until(server.process::isAlive);
    }

    /** Waits for the paced client's first {@code ready} line and answers {@code go}. */
    private static void goOnce(Child client) throws IOException {
        assertThat(client.nextLine()).isEqualTo(IterationProtocol.PREFIX + "ready iteration 1/1");
        client.stdin.write((IterationProtocol.GO + "\n").getBytes(StandardCharsets.UTF_8));
        client.stdin.flush();
    }

    /** Asks the server for {@code stats} until {@code counter} is above zero: the timed work is under way. */
    private static void awaitCounter(Child server, String counter) {
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            server.stdin.write("stats\n".getBytes(StandardCharsets.UTF_8));
            server.stdin.flush();
            String answer = server.nextLine();
            ServerStats stats = JSON.readValue(answer.substring("stats ".length()), ServerStats.class);
            return stats.counters().getOrDefault(counter, 0L) > 0;
        });
    }

    private static int port(Child server) {
        String line = server.nextLine();
        Matcher matcher = LISTENING.matcher(line);
        assertThat(matcher.matches()).as(line).isTrue();
        return Integer.parseInt(matcher.group(1));
    }

    private static void assertEndsWith(Child child, int status) {
        await().atMost(EXIT_WITHIN).until(() -> !child.process.isAlive());
        assertThat(child.process.exitValue()).as(child::stderr).isEqualTo(status);
    }

    private Child start(boolean lifeline, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
        if (lifeline) {
            command.add("-D" + StdinLifeline.PROPERTY + "=true");
        }
        command.addAll(List.of("-Xmx256m", "-Djava.io.tmpdir=" + childTemp, "-cp", System.getProperty("java.class.path"),
                main.getName()));
        command.addAll(List.of(args));
        Child child = new Child(new ProcessBuilder(command).start());
        children.add(child);
        return child;
    }

    /** A child JVM whose stdout lines and stderr text are read by daemon threads, so no read can hang the test. */
    private static final class Child {

        final Process process;
        final OutputStream stdin;
        private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
        private final StringBuffer stderr = new StringBuffer();
        private final CountDownLatch stderrEnded = new CountDownLatch(1);

        Child(Process process) {
            this.process = process;
            this.stdin = process.getOutputStream();
            drain(process.getInputStream(), stdout::add, new CountDownLatch(1));
            drain(process.getErrorStream(), line -> stderr.append(line).append('\n'), stderrEnded);
        }

        private static void drain(InputStream in, Consumer<String> lines, CountDownLatch ended) {
            Thread.ofPlatform().daemon().start(() -> {
                try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                    reader.lines().forEach(lines);
                } catch (IOException | UncheckedIOException e) {
                    // the child is gone
                } finally {
                    ended.countDown();
                }
            });
        }

        String nextLine() {
            try {
                String line = stdout.poll(20, TimeUnit.SECONDS);
                assertThat(line).as("a line on stdout within 20 s; stderr: " + stderr).isNotNull();
                return line;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        void closeStdin() throws IOException {
            stdin.close();
        }

        /** Everything the process wrote on stderr, once it has ended (the pipe's end: all of it was read). */
        String stderr() {
            try {
                assertThat(stderrEnded.await(EXIT_WITHIN.toSeconds(), TimeUnit.SECONDS)).as("stderr ended").isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
            return stderr.toString().strip();
        }
    }
}
