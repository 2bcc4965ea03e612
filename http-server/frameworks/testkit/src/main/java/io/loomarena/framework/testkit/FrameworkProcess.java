package io.loomarena.framework.testkit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A framework application started as the harness starts it: {@code java -cp $(cat target/classpath.txt) MAIN serve
 * ...} in a child JVM, its stdout read line by line on a daemon thread so that every wait for a line has a timeout,
 * its stderr kept for messages. Test code; one per test class.
 */
public final class FrameworkProcess implements AutoCloseable {

    /** The longest wait for a line, a start or an exit: a loaded two-core machine starts a JVM in seconds. */
    public static final Duration WAIT = Duration.ofSeconds(60);

    private final Process process;
    private final BlockingQueue<String> stdout = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();
    private final Writer stdin;
    private final Thread stderrReader;

    private FrameworkProcess(Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        drain(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), stdout::add);
        stderrReader = drain(new BufferedReader(new InputStreamReader(process.getErrorStream(),
                StandardCharsets.UTF_8)), line -> stderr.append(line).append('\n'));
    }

    /** Starts {@code mainClass} with the class path this module's build wrote to {@code target/classpath.txt}. */
    public static FrameworkProcess start(String mainClass, String... args) throws IOException {
        String classPath = Files.readString(Path.of("target", "classpath.txt")).strip();
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", classPath, mainClass));
        command.addAll(List.of(args));
        return new FrameworkProcess(new ProcessBuilder(command).start());
    }

    private static Thread drain(BufferedReader reader, java.util.function.Consumer<String> lines) {
        Thread thread = new Thread(() -> {
            try (reader) {
                String line;
                while ((line = reader.readLine()) != null) {
                    lines.accept(line);
                }
            } catch (IOException e) {
                // The child is gone: its lines end here.
            }
        }, "framework-process-output");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** The next stdout line, or an {@link AssertionError} naming the stderr so far when none came in time. */
    public String nextLine() throws InterruptedException {
        String line = stdout.poll(WAIT.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no stdout line within " + WAIT + "; alive: " + process.isAlive()
                    + "; stderr:\n" + stderr);
        }
        return line;
    }

    /** The port of the first line, {@code listening on HOST:PORT}. */
    public int awaitListening() throws InterruptedException {
        String line = nextLine();
        if (!line.startsWith("listening on ")) {
            throw new AssertionError("first line is not 'listening on HOST:PORT': " + line + "\nstderr:\n" + stderr);
        }
        return Integer.parseInt(line.substring(line.lastIndexOf(':') + 1));
    }

    /** Writes a command on stdin and returns the line it answered. */
    public String ask(String command) throws IOException, InterruptedException {
        stdin.write(command + "\n");
        stdin.flush();
        return nextLine();
    }

    /** Sends SIGTERM and returns the exit status. */
    public int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("still running " + WAIT + " after SIGTERM; stderr:\n" + stderr);
        }
        stderrReader.join(WAIT.toMillis()); // every line the child wrote, read
        return process.exitValue();
    }

    /** The exit status of a process that ends by itself (a bad option). */
    public int awaitExit() throws InterruptedException {
        if (!process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("still running after " + WAIT + "; stderr:\n" + stderr);
        }
        stderrReader.join(WAIT.toMillis()); // every line the child wrote, read
        return process.exitValue();
    }

    /** What the child wrote on stderr so far. */
    public String stderr() {
        return stderr.toString();
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
