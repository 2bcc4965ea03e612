package io.loomarena.harness.fork;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

import io.loomarena.harness.HarnessException;

/**
 * One forked JVM with both output streams drained on their own threads and the tail of each kept for failure
 * messages. Methods may be called from any thread; {@link #sendLine} is synchronized. Closing kills the child and its
 * descendants if it still runs.
 */
public final class ChildProcess implements AutoCloseable {

    /** Lines of stderr and stdout kept for failure messages. */
    public static final int TAIL_LINES = 40;
    private static final Duration DRAIN_AFTER_EXIT = Duration.ofSeconds(2);

    private final String name;
    private final List<String> command;
    private final Process process;
    private final StreamDrainer stdout;
    private final StreamDrainer stderr;
    /** Whether this process is a launcher (ssh) whose remote JVM stops when its stdin closes. */
    private final boolean remote;

    ChildProcess(String name, List<String> command, Process process, Consumer<String> stdoutListener, boolean remote) {
        this.name = name;
        this.remote = remote;
        this.command = List.copyOf(command);
        this.process = process;
        this.stdout = StreamDrainer.start(name + "-stdout", process.getInputStream(), TAIL_LINES, stdoutListener);
        this.stderr = StreamDrainer.start(name + "-stderr", process.getErrorStream(), TAIL_LINES, line -> { });
    }

    /** The last {@value #TAIL_LINES} lines the child wrote to stderr so far (empty if none). */
    public String stderrTail() {
        return stderr.tail();
    }

    /** The child's name in messages, for example {@code server JVM VIRTUAL_SERVER}. */
    public String name() {
        return name;
    }

    /** The local process's id: the JVM's, or for a remote child its {@code ssh}'s. */
    public long pid() {
        return process.pid();
    }

    /** Whether the JVM runs on another host (this process is its {@code ssh}). */
    public boolean isRemote() {
        return remote;
    }

    public List<String> command() {
        return command;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Completes when the child has exited. */
    public CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /** The exit code; only valid once the child exited. */
    public int exitValue() {
        return process.exitValue();
    }

    /** Waits at most {@code timeout} for the child to exit; true if it did. */
    public boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** Waits, at most {@code timeout}, until both output streams of an exited child have been read to their end. */
    public void awaitOutputEnd(Duration timeout) {
        stdout.awaitEnd(timeout);
        stderr.awaitEnd(timeout);
    }

    /** Closes the child's stdin (end of input for the child); harmless when it is closed already. */
    public synchronized void closeStdin() {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already broken: the child has exited or closed its end, which is what closing asks for.
        }
    }

    /** Writes one line to the child's stdin and flushes it. */
    public synchronized void sendLine(String line) {
        try {
            OutputStream in = process.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            in.flush();
        } catch (IOException e) {
            // The pipe is broken: the child has exited or closed its stdin.
            throw new HarnessException("cannot send '" + line + "' to " + describe() + ": " + e.getMessage()
                    + details());
        }
    }

    /** {@code server JVM X (pid 123, running)} or {@code ... (pid 123, exit code 137)}. */
    public String describe() {
        String state = process.isAlive() ? "running" : "exit code " + process.exitValue()
                + (process.exitValue() == 137 ? ", killed by SIGKILL" : process.exitValue() == 143 ? ", SIGTERM" : "");
        return name + " (" + (remote ? "ssh pid " : "pid ") + process.pid() + ", " + state + ")";
    }

    /** The tails of the child's stderr and stdout, for a failure message; waits briefly for output of a dead child. */
    public String details() {
        if (!process.isAlive()) {
            stdout.awaitEnd(DRAIN_AFTER_EXIT);
            stderr.awaitEnd(DRAIN_AFTER_EXIT);
        }
        String err = stderr.tail();
        String out = stdout.tail();
        return System.lineSeparator() + "--- tail of stderr of " + name + " (pid " + process.pid() + ") ---"
                + System.lineSeparator() + (err.isEmpty() ? "(empty)" : err)
                + System.lineSeparator() + "--- tail of stdout of " + name + " ---"
                + System.lineSeparator() + (out.isEmpty() ? "(empty)" : out)
                + System.lineSeparator() + "--- command: " + abbreviatedCommand();
    }

    /** The command with the class path shortened, which can be thousands of characters. */
    public String abbreviatedCommand() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < command.size(); i++) {
            boolean classPath = i > 0 && ("-cp".equals(command.get(i - 1)) || "-classpath".equals(command.get(i - 1)));
            text.append(i == 0 ? "" : " ").append(classPath ? "<class path of the test JVM>" : command.get(i));
        }
        return text.toString();
    }

    /**
     * Sends SIGTERM and waits up to {@code grace}; kills the child and its descendants if it did not stop. A remote
     * child is asked to stop by closing its stdin instead: the remote JVM runs with a stdin lifeline and stops
     * gracefully on end of input, which a signal to the local {@code ssh} could not ask for; {@code ssh} then exits
     * with the JVM's code.
     */
    public void stop(Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        if (remote) {
            closeStdin();
            if (awaitExit(grace)) {
                return;
            }
        }
        process.destroy();
        if (!awaitExit(grace)) {
            kill();
        }
    }

    /** Kills the child and every descendant (SIGKILL) and waits, bounded, for the child to be gone. */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(10));
    }

    /** Waits for whichever comes first: this child's exit or {@code other}'s, at most {@code timeout}. */
    public boolean awaitExitOrOther(CompletableFuture<?> other, Duration timeout) {
        try {
            CompletableFuture.anyOf(process.onExit(), other).get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while waiting for " + name, e);
        } catch (ExecutionException e) {
            // onExit futures do not fail; an exceptional completion still means "something ended".
            return true;
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            kill();
        }
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed because the child is gone: nothing more to release.
        }
    }
}
