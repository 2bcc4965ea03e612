package io.loomarena.testing.http.support;

import io.loomarena.harness.options.RunOptions;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.http.server.BundledContent;
import io.loomarena.http.server.ServerConfig;

/**
 * The HTTP server of a scenario in its own JVM, started as a user starts it ({@code serve --model M} through
 * {@link HttpServerSetup}, plus the scenario's options) by the harness's {@link ForkedServer}: so that it can be sent
 * SIGTERM and its exit status read, and so that its threads and file descriptors are its own to count. Not pinned to
 * a CPU (these scenarios measure behaviour, not speed). One per scenario (PicoContainer); closing stops it.
 */
public final class HttpForkedServer implements AutoCloseable {

    /** The longest wait for the JVM to exit after SIGTERM: the server's own grace period, then time to exit. */
    public static final Duration EXIT_TIMEOUT = ServerConfig.DEFAULT_GRACE.plusSeconds(5);

    private static final Pattern STACK_TRACE = Pattern.compile("(?m)^\\s+at [\\w$.<>/]+\\(|Exception in thread |^Caused by: ");

    private ForkedServer server;
    private Path tempDir;
    private String setup;
    private long sigtermNanos;
    private CompletableFuture<Long> exitNanos;

    /** Forks {@code serve --model <server> --port 0 <options>} (options separated by spaces) and returns once it listens. */
    public void start(String setup, String options) {
        start(setup, options.isBlank() ? List.of() : Arrays.asList(options.strip().split("\\s+")));
    }

    private void start(String setup, List<String> options) {
        HarnessSettings settings = RunOptions.ofThisJvm().harness();
        JvmFork fork = JvmFork.ofHarnessJvm(settings.jvm(), settings.jvmArgs(), CpuPinning.detect(false));
        this.setup = setup;
        this.server = ForkedServer.start(fork, "HTTP server JVM " + setup,
                HttpServerSetup.parse(setup).launch(options), settings);
        // The first answer on stdin takes a second or more (the server JVM loads its JSON writer): take it now, so
        // that the scenario's own questions are answered within milliseconds. On a crowded machine it can take
        // longer than the harness waits for one answer: ask up to three times.
        for (int attempt = 1; ; attempt++) {
            try {
                this.server.stats();
                return;
            } catch (HarnessException e) {
                if (attempt == 3 || !this.server.isAlive()) {
                    throw e;
                }
            }
        }
    }

    /** Starts the server (model and options) with {@code --data} pointing to a temporary copy of the bundled data file. */
    public Path startWithDataCopy(String setup) {
        Path copy = tempDir().resolve("data.json");
        try {
            Files.copy(BundledContent.dataFile(), copy);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        start(setup, List.of("--data", copy.toString()));
        return copy;
    }

    /** Starts the server (model and options) with {@code --docroot} a temporary folder holding {@code big.txt} of the given size. */
    public void startWithBigFile(String setup, int mebibytes, String options) {
        Path docroot = tempDir().resolve("docroot");
        try {
            Files.createDirectories(docroot);
            byte[] line = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcde\n".getBytes();
            try (var out = new BufferedOutputStream(Files.newOutputStream(docroot.resolve("big.txt")), 1 << 16)) {
                for (long written = 0; written < mebibytes * 1024L * 1024L; written += line.length) {
                    out.write(line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> args = new ArrayList<>(List.of("--docroot", docroot.toString()));
        if (!options.isBlank()) {
            args.addAll(Arrays.asList(options.strip().split("\\s+")));
        }
        start(setup, args);
    }

    private Path tempDir() {
        if (tempDir == null) {
            try {
                tempDir = Files.createTempDirectory("loom-arena-reliability-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return tempDir;
    }

    /** GET path on a new connection ({@code Connection: close}). */
    public RawResponse get(String path) {
        try (RawHttpConnection connection = RawHttpConnection.open(port())) {
            connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            return connection.read();
        }
    }

    public String setup() {
        return setup;
    }

    public int port() {
        return running().address().port();
    }

    public long pid() {
        return running().pid();
    }

    /** A counter of the server's metrics, asked over stdin (works even while single is busy). */
    public long counter(String name) {
        Map<String, Long> counters = running().stats().counters();
        Long value = counters.get(name);
        if (value == null) {
            throw new IllegalStateException("no counter " + name + " in " + counters.keySet());
        }
        return value;
    }

    /** Live platform threads of the server JVM. */
    public int liveThreads() {
        return running().stats().liveThreads();
    }

    /** Open file descriptors of the server JVM ({@code /proc/PID/fd}), or -1 where /proc is not available. */
    public long openFileDescriptors() {
        Path fds = Path.of("/proc", String.valueOf(pid()), "fd");
        if (!Files.isDirectory(fds)) {
            return -1;
        }
        try (Stream<Path> entries = Files.list(fds)) {
            return entries.count();
        } catch (IOException e) {
            return -1;
        }
    }

    /** Sends SIGTERM (a graceful stop), as {@code kill PID} does. */
    public void sigterm() {
        sigtermNanos = System.nanoTime();
        exitNanos = running().onExit().thenApply(process -> System.nanoTime());
        ProcessHandle.of(pid()).orElseThrow(() -> new IllegalStateException("the server JVM is gone")).destroy();
    }

    /** Waits for the JVM to exit by itself; the time from SIGTERM to exit, or null if it did not exit in time. */
    public Duration awaitExit(Duration within) {
        try {
            return Duration.ofNanos(exitNanos.get(within.toMillis(), TimeUnit.MILLISECONDS) - sigtermNanos);
        } catch (TimeoutException e) {
            return null;
        } catch (ExecutionException e) {
            throw new IllegalStateException("waiting for the server JVM to exit failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The server JVM's exit code; only once it has exited ({@link #awaitExit} returned a time). */
    public int exitCode() {
        return running().onExit().join().exitValue();
    }

    public boolean isAlive() {
        return server != null && server.isAlive();
    }

    /** Whether a new connection to the server's port is refused now. */
    public boolean refusesConnections() {
        return RawHttpConnection.refused(port());
    }

    /** Whether a server JVM was started in this scenario. */
    public boolean started() {
        return server != null;
    }

    /** Lines of the server's stderr tail that belong to a stack trace or an uncaught exception. */
    public List<String> stackTraceLines() {
        String details = running().details();
        int from = details.indexOf("--- tail of stderr");
        int to = details.indexOf("--- tail of stdout");
        String stderr = from < 0 ? details : details.substring(from, to < from ? details.length() : to);
        return stderr.lines().filter(line -> STACK_TRACE.matcher(line).find()).toList();
    }

    private ForkedServer running() {
        if (server == null) {
            throw new IllegalStateException("no HTTP server JVM was started in this scenario");
        }
        return server;
    }

    /** The server's state and the tails of its output, for a failure message. */
    public String describe() {
        return running().describe() + running().details();
    }

    @Override
    public void close() {
        if (server != null) {
            server.close();
            server = null;
        }
        if (tempDir != null) {
            try (Stream<Path> files = Files.walk(tempDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
            } catch (IOException e) {
                // A temporary folder left behind is harmless.
            }
        }
    }
}
