package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.measure.ServerStats;

/**
 * A server in its own fresh JVM, started and stopped by the harness: it waits for the server's first line
 * {@code listening on HOST:PORT}, then talks to it over stdin ({@code stats}, {@code reset-peaks}, see
 * {@code StatsOnStdin}) without touching the port under test. Used by one thread at a time; closing stops the server
 * (SIGTERM, then SIGKILL after the grace period).
 */
public final class ForkedServer implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("^listening on (\\S+):(\\d+)\\s*$");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChildProcess process;
    private final CompletableFuture<HostPort> listening;
    private final BlockingQueue<String> answers;
    private final HarnessSettings settings;
    private final HostPort address;

    /** Where a started server listens. */
    public record HostPort(String host, int port) {
    }

    private ForkedServer(JvmFork fork, String name, JvmLaunch launch, CpuPinning.Role role,
                         HarnessSettings settings) {
        this.settings = settings;
        this.listening = new CompletableFuture<>();
        this.answers = new LinkedBlockingQueue<>(1_000);
        // A framework's launch runs on its module's class path; a module not built fails here, with one line.
        this.process = fork.forLaunch(launch, settings.repository()).start(name, launch, role, this::onStdoutLine);
        this.address = awaitListening();
    }

    /**
     * Forks the server and returns once it listens; fails (and kills it) if it exits first or does not listen within
     * {@link HarnessSettings#serverStartTimeout()}.
     */
    public static ForkedServer start(JvmFork fork, String name, JvmLaunch launch, HarnessSettings settings) {
        return new ForkedServer(fork, name, launch, CpuPinning.Role.SERVER, settings);
    }

    /**
     * Like {@link #start(JvmFork, String, JvmLaunch, HarnessSettings)}, pinned as {@code role}: a helper server (a
     * downstream) runs on the client's CPU so that the measured server keeps its CPU to itself.
     */
    public static ForkedServer start(JvmFork fork, String name, JvmLaunch launch, CpuPinning.Role role,
                                     HarnessSettings settings) {
        return new ForkedServer(fork, name, launch, role, settings);
    }

    private void onStdoutLine(String line) {
        if (!listening.isDone()) {
            Matcher matcher = LISTENING.matcher(line);
            if (matcher.matches()) {
                String host = matcher.group(1).replace("[", "").replace("]", "");
                listening.complete(new HostPort(host, Integer.parseInt(matcher.group(2))));
                return;
            }
        }
        if (line.startsWith("stats ") || line.startsWith("reset-peaks ") || line.startsWith("gc ")
                || line.startsWith("error ")) {
            answers.offer(line);
        }
    }

    private HostPort awaitListening() {
        Duration timeout = settings.serverStartTimeout();
        boolean ended = process.awaitExitOrOther(listening, timeout);
        if (listening.isDone()) {
            return listening.join();
        }
        String why = ended ? "exited before printing 'listening on HOST:PORT'"
                : "did not print 'listening on HOST:PORT' within " + timeout.toSeconds() + " s";
        String message = process.describe() + " " + why + process.details();
        process.kill();
        throw new HarnessException(message);
    }

    public HostPort address() {
        return address;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Completes when the server JVM exits, for whatever reason. */
    public CompletableFuture<Process> onExit() {
        return process.onExit();
    }

    /** The tails of the server's stderr and stdout and its command, for a failure message. */
    public String details() {
        return process.details();
    }

    /** The last lines the server wrote to stderr so far (empty if none). */
    public String stderrTail() {
        return process.stderrTail();
    }

    public String describe() {
        return process.describe();
    }

    /** The exact command the server was started with, class path abbreviated. */
    public String command() {
        return process.abbreviatedCommand();
    }

    /**
     * Starts a new measurement window: the server resets its peak-thread count, and the harness resets the peak RSS
     * ({@code VmHWM}) through {@code /proc/PID/clear_refs} where Linux allows it.
     *
     * @return whether the peak RSS was reset too (otherwise it is the peak since the server started)
     */
    public boolean resetPeaks() {
        String answer = ask("reset-peaks", "reset-peaks ");
        if (!answer.strip().equals("reset-peaks ok")) {
            throw new HarnessException(process.describe() + " answered '" + answer + "' to reset-peaks");
        }
        if (process.isRemote()) {
            // pid() is the local ssh's: the server's /proc is on its own host, out of reach.
            return false;
        }
        try {
            Files.writeString(Path.of("/proc", String.valueOf(pid()), "clear_refs"), "5");
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // Not Linux, an old kernel or no permission: peak RSS then covers the whole server lifetime.
            return false;
        }
    }

    /** Asks the server for a full garbage collection (stdin {@code gc}), so that the next {@link #stats()} shows live heap. */
    public void gc() {
        String answer = ask("gc", "gc ");
        if (!answer.strip().equals("gc ok")) {
            throw new HarnessException(process.describe() + " answered '" + answer + "' to gc");
        }
    }

    /** The server's resource figures now. */
    public ServerStats stats() {
        String answer = ask("stats", "stats ");
        try {
            return JSON.readValue(answer.substring("stats ".length()), ServerStats.class);
        } catch (JsonProcessingException e) {
            // The server answered something that is not a ServerStats: a contract mismatch, not a transient error.
            throw new HarnessException(process.describe() + " answered 'stats' with unreadable JSON: "
                    + e.getOriginalMessage() + "\n" + answer, e);
        }
    }

    private String ask(String command, String answerPrefix) {
        answers.clear();
        process.sendLine(command);
        long deadline = System.nanoTime() + settings.statsTimeout().toNanos();
        for (long left = settings.statsTimeout().toNanos(); left > 0; left = deadline - System.nanoTime()) {
            String line;
            try {
                line = answers.poll(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HarnessException("interrupted while waiting for " + process.name() + " to answer " + command);
            }
            if (line != null && line.startsWith(answerPrefix)) {
                return line;
            }
            if (line != null && line.startsWith("error ")) {
                throw new HarnessException(process.describe() + " answered '" + line + "' to '" + command + "'");
            }
            if (line == null && !process.isAlive()) {
                break;
            }
        }
        throw new HarnessException(process.describe() + " did not answer '" + command + "' on stdin within "
                + settings.statsTimeout().toSeconds() + " s" + process.details());
    }

    /** Stops the server: SIGTERM, then SIGKILL (with descendants) after the grace period. */
    @Override
    public void close() {
        process.stop(settings.serverStopGrace());
        process.close();
    }
}
