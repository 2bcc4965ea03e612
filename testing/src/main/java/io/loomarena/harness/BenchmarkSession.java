package io.loomarena.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.fork.JvmLaunch;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Runs;
import io.loomarena.harness.summary.ServerResources;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.ServerStats;

/**
 * Measures one combination: one fresh server JVM for the whole combination, then {@code warmups} client runs that
 * are not measured and {@code measuredRuns} that are, each in a fresh client JVM that writes its {@link RunResult} to
 * a temporary JSON file. Around each measured run the server is asked over stdin for its figures ({@code reset-peaks}
 * and {@code stats} before, {@code stats} after). While a client runs, the harness waits on whichever exits first,
 * client or server, so a server that dies (even {@code kill -9}) fails the run at once with its stderr tail. Every
 * wait is bounded. Used by one thread; closing stops the server and deletes the temporary files.
 * <pre>
 * try (BenchmarkSession session = BenchmarkSession.start(plan, settings)) {
 *     BenchmarkSummary summary = session.run();
 * }
 * </pre>
 */
public final class BenchmarkSession implements AutoCloseable {

    /** After a client failed, how long to wait for the server's exit to be seen before blaming the client. */
    private static final Duration SERVER_DEATH_GRACE = Duration.ofSeconds(2);

    private final BenchmarkPlan plan;
    private final HarnessSettings settings;
    private final JvmFork fork;
    private final Instant started;
    private final String loadAverage;
    private final Path workDir;
    private final ForkedServer server;
    /** The plan's downstream server, started before {@link #server}; {@code null} when the plan has none. */
    private final ForkedServer downstream;

    private BenchmarkSession(BenchmarkPlan plan, HarnessSettings settings) {
        this.plan = plan;
        this.settings = settings;
        this.fork = JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning()));
        this.started = Instant.now();
        this.loadAverage = EnvironmentProbe.loadAverage();
        try {
            this.workDir = Files.createTempDirectory("loomarena-" + plan.suite() + "-");
        } catch (IOException e) {
            throw new HarnessException("cannot create a temporary folder for client results: " + e.getMessage(), e);
        }
        ForkedServer startedDownstream = null;
        try {
            JvmLaunch serverLaunch = plan.server();
            if (plan.downstream() != null) {
                startedDownstream = ForkedServer.start(fork, "downstream JVM " + plan.downstream().label(),
                        plan.downstream().launch(), CpuPinning.Role.CLIENT, settings);
                serverLaunch = plan.serverWithDownstream(startedDownstream.address().host(),
                        startedDownstream.address().port());
            }
            this.downstream = startedDownstream;
            this.server = ForkedServer.start(fork, "server JVM " + plan.serverLabel(), serverLaunch, settings);
        } catch (RuntimeException e) {
            if (startedDownstream != null) {
                startedDownstream.close();
            }
            deleteWorkDir();
            throw e;
        }
    }

    /** Forks the plan's server and returns once it listens. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings) {
        return new BenchmarkSession(plan, settings);
    }

    public BenchmarkPlan plan() {
        return plan;
    }

    /** The server JVM's process id (for tests and for killing it on purpose). */
    public long serverPid() {
        return server.pid();
    }

    /** The downstream JVM's process id, when the plan has a downstream (for tests). */
    public OptionalLong downstreamPid() {
        return downstream == null ? OptionalLong.empty() : OptionalLong.of(downstream.pid());
    }

    /** Runs the warmups and the measured runs and returns the combination's summary (not yet persisted). */
    public BenchmarkSummary run() {
        for (int i = 1; i <= settings.warmups(); i++) {
            runClient("warmup " + i + " of " + settings.warmups());
        }
        List<MeasuredRun> measured = new ArrayList<>();
        boolean peakRssPerRun = true;
        for (int i = 1; i <= settings.measuredRuns(); i++) {
            String label = "measured run " + i + " of " + settings.measuredRuns();
            requireServerAlive(label);
            peakRssPerRun &= server.resetPeaks();
            ServerStats before = server.stats();
            RunResult result = runClient(label);
            requireServerAlive("the stats after " + label);
            ServerStats after = server.stats();
            measured.add(MeasuredRun.of(i, result, after.pid(),
                    ServerResources.between(before, after, peakRssPerRun)));
        }
        return new BenchmarkSummary(plan.suite(), plan.combination(), plan.serverModel(), plan.clientModel(),
                plan.serverLabel(), plan.clientLabel(), plan.unit(), workload(),
                new Runs(settings.warmups(), settings.measuredRuns(), measured), Aggregate.of(measured),
                EnvironmentProbe.capture(fork, started, loadAverage, peakRssPerRun,
                        settings.resultsDir().getParent() == null ? settings.resultsDir()
                                : settings.resultsDir().getParent()));
    }

    /**
     * The plan's workload; with a downstream, also what it was and where it ran ({@code downstream},
     * {@code downstreamCpu}), so that a summary says it and only summaries measured alike are ranked together.
     */
    private Map<String, Object> workload() {
        if (downstream == null) {
            return plan.workload();
        }
        Map<String, Object> workload = new LinkedHashMap<>(plan.workload());
        workload.put("downstream", plan.downstream().description());
        workload.put("downstreamCpu", fork.pinning().applied()
                ? "CPU " + fork.pinning().clientCpu().orElseThrow() + " with the client JVMs"
                : "not pinned");
        return workload;
    }

    /** One client JVM from start to exit, watched together with the server; returns what the client wrote. */
    private RunResult runClient(String label) {
        requireServerAlive(label);
        Path json = workDir.resolve(label.replaceAll("[^a-z0-9]+", "-") + ".json");
        JvmLaunch launch = plan.client().forRun(server.address().host(), server.address().port(), json);
        Duration timeout = settings.clientRunTimeout(plan.expectedOperations());
        String name = "client JVM " + plan.clientLabel() + " (" + label + ")";
        try (ChildProcess client = fork.start(name, launch, CpuPinning.Role.CLIENT, line -> { })) {
            boolean ended = client.awaitExitOrOther(server.onExit(), timeout);
            if (!server.isAlive()) {
                throw serverDied(label, client);
            }
            if (!ended) {
                String message = client.describe() + " did not finish " + label + " of " + plan.combination()
                        + " within " + timeout.toSeconds() + " s; it was killed" + client.details();
                client.kill();
                throw new HarnessException(message);
            }
            if (client.exitValue() != 0) {
                if (serverExitsWithin(SERVER_DEATH_GRACE)) {
                    throw serverDied(label, client);
                }
                throw new HarnessException(client.describe() + " failed " + label + " of " + plan.combination()
                        + " (the server is still running)" + client.details());
            }
            if (!Files.isRegularFile(json)) {
                throw new HarnessException(client.describe() + " exited 0 but wrote no result to " + json
                        + client.details());
            }
            return RunResult.readJson(json);
        }
    }

    private boolean serverExitsWithin(Duration grace) {
        try {
            server.onExit().get(grace.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !server.isAlive();
        } catch (java.util.concurrent.ExecutionException e) {
            return !server.isAlive();
        }
    }

    private HarnessException serverDied(String label, ChildProcess client) {
        boolean clientWasRunning = client.isAlive();
        client.kill();
        return new HarnessException(server.describe() + " died during " + label + " of " + plan.combination()
                + (clientWasRunning ? "; the client JVM (pid " + client.pid() + ") was killed"
                : "; the client JVM (pid " + client.pid() + ") had exited with code " + client.exitValue())
                + server.details() + client.details());
    }

    private void requireServerAlive(String label) {
        if (!server.isAlive()) {
            throw new HarnessException(server.describe() + " is not running before " + label + " of "
                    + plan.combination() + server.details());
        }
    }

    /** Stops the server, then its downstream if any (SIGTERM, then SIGKILL), and deletes the client result files. */
    @Override
    public void close() {
        try {
            server.close();
        } finally {
            try {
                if (downstream != null) {
                    downstream.close();
                }
            } finally {
                deleteWorkDir();
            }
        }
    }

    private void deleteWorkDir() {
        try (var files = Files.list(workDir)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(workDir);
        } catch (IOException e) {
            // A leftover file in the temp folder is harmless; the run's outcome does not depend on it.
        }
    }
}
