package io.loomarena.testing.http.support;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.fork.JvmLaunch;

/**
 * The HTTP server as its own process, started as a user starts it ({@code serve --stage S --port 0}), for what only
 * a process shows: how it ends on SIGTERM. One per scenario; kills what is left on {@link #close()}.
 */
public final class ServerProcess implements AutoCloseable {

    /** Longest wait for the process to print its {@code listening on} line. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    /** Longest wait for the process to exit after SIGTERM (its grace period is 10 s). */
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);
    private static final String LISTENING = "listening on ";

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private ChildProcess child;
    private int port;
    private RawHttpConnection connection;
    private CompletableFuture<RawResponse> inFlight;

    /** Starts {@code serve --stage <stage> --port 0} in a fresh JVM and waits for its port. */
    public void start(String stage) {
        CompletableFuture<Integer> listening = new CompletableFuture<>();
        JvmFork fork = JvmFork.ofCurrentJvm(List.of("-Xms64m", "-Xmx64m"), CpuPinning.notApplied("not a benchmark"));
        child = fork.start("HTTP server process " + stage,
                JvmLaunch.of("io.loomarena.http.HttpMain", "serve", "--stage", stage, "--port", "0"),
                CpuPinning.Role.SERVER, line -> {
                    if (line.startsWith(LISTENING)) {
                        listening.complete(Integer.parseInt(line.substring(line.lastIndexOf(':') + 1).trim()));
                    }
                });
        try {
            port = listening.orTimeout(START_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).join();
        } catch (RuntimeException e) {
            throw new IllegalStateException(child.describe() + " did not start" + child.details(), e);
        }
    }

    /** Sends a keep-alive GET of {@code path} and waits until the server reports it in progress. */
    public void requestInFlight(String path) {
        connection = RawHttpConnection.open(port);
        connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n");
        inFlight = CompletableFuture.supplyAsync(() -> connection.read(false, STOP_TIMEOUT), executor);
        // The /metrics request that looks is in progress itself, so 2 means the other one has begun.
        Awaitility.await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(20))
                .until(() -> inProgress() >= 2);
    }

    private double inProgress() {
        try (RawHttpConnection metrics = RawHttpConnection.open(port)) {
            metrics.send("GET /metrics HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            for (String line : metrics.read().bodyText().split("\n")) {
                if (line.startsWith("loomarena_http_requests_in_progress{")) {
                    return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                }
            }
            return 0;
        }
    }

    /** Sends SIGTERM and waits for the process to exit (killing it if it does not within the timeout). */
    public void sigterm() {
        child.stop(STOP_TIMEOUT);
    }

    /** The in-flight request's response. */
    public RawResponse inFlightResponse() {
        return inFlight.orTimeout(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS).join();
    }

    /** The exit status, after {@link #sigterm()}. */
    public int exitValue() {
        return child.exitValue();
    }

    /** For a failure message: the process, its state and the tails of its output. */
    public String describe() {
        return child.describe() + child.details();
    }

    @Override
    public void close() {
        if (connection != null) {
            connection.close();
        }
        if (child != null && child.isAlive()) {
            child.kill();
        }
        executor.shutdownNow();
    }
}
