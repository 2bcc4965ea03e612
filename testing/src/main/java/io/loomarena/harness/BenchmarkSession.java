package io.loomarena.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.fork.JvmLaunch;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Runs;
import io.loomarena.harness.summary.ServerResources;
import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.ServerStats;

/**
 * Measures one combination the way JMH measures a benchmark: {@code forks} times, a fresh server JVM (and the plan's
 * downstream, if any) and a fresh client JVM; inside that client JVM, {@code warmupIterations} iterations and then
 * {@code iterations} measured ones, each the plan's fixed work against the same server. The client is paced over its
 * stdin and stdout ({@link IterationLoop.IterationPacer#onStdio}): right before the timed work of a measured
 * iteration the server is asked for its figures ({@code reset-peaks}, {@code stats}), right after it once more, so
 * that CPU, GC and allocation figures cover exactly the measured iterations, not JVM start-up or connecting. One
 * progress line per iteration is printed as it ends, never inside a timed loop.
 * <p>
 * While a client runs, the harness watches client and server together, so a server that dies (even {@code kill -9})
 * fails the run at once with its stderr tail. Every wait is bounded. Used by one thread; closing stops the servers
 * and deletes the temporary files.
 * <pre>
 * try (BenchmarkSession session = BenchmarkSession.start(plan, settings)) {
 *     BenchmarkSummary summary = session.run();
 * }
 * </pre>
 */
public final class BenchmarkSession implements AutoCloseable {

    /** After a client failed, how long to wait for the server's exit to be seen before blaming the client. */
    private static final Duration SERVER_DEATH_GRACE = Duration.ofSeconds(2);
    /** How often the harness checks that client and server still run while it waits for the client's next line. */
    private static final Duration WATCH_TICK = Duration.ofMillis(50);
    private static final Pattern DONE = Pattern.compile(Pattern.quote(IterationLoop.DONE)
            + "(warmup|iteration) (\\d+)/(\\d+) elapsedNanos=(\\d+) operations=(\\d+) errors=(\\d+)");

    private final BenchmarkPlan plan;
    private final HarnessSettings settings;
    private final JvmFork fork;
    private final Instant started;
    private final String loadAverage;
    private final Path workDir;
    private final PrintStream progress;
    /** The build measured, as the progress lines name it ({@code baseline main}); empty outside the A/B gate. */
    private final String build;
    /** The servers of the fork in progress; replaced by the next fork's; {@code null} between forks of an A/B run. */
    private volatile Servers servers;
    private final List<MeasuredRun> measured = new ArrayList<>();
    /** Per fork run so far, whether the server's peak RSS could be reset before each measured iteration. */
    private final List<Boolean> peakRssResetPerFork = new ArrayList<>();

    /** The server JVM of one fork and, started before it, the plan's downstream JVM ({@code null} when none). */
    private record Servers(ForkedServer server, ForkedServer downstream) implements AutoCloseable {

        @Override
        public void close() {
            try {
                server.close();
            } finally {
                if (downstream != null) {
                    downstream.close();
                }
            }
        }
    }

    private BenchmarkSession(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress, JvmFork fork,
                             String build, boolean startFirstFork) {
        this.plan = plan;
        this.settings = settings;
        this.progress = progress;
        this.fork = fork;
        this.build = build;
        this.started = Instant.now();
        this.loadAverage = EnvironmentProbe.loadAverage();
        try {
            this.workDir = Files.createTempDirectory("loomarena-" + plan.suite() + "-");
        } catch (IOException e) {
            throw new HarnessException("cannot create a temporary folder for client results: " + e.getMessage(), e);
        }
        if (startFirstFork) {
            try {
                this.servers = startServers(1);
            } catch (RuntimeException e) {
                deleteWorkDir();
                throw e;
            }
        }
    }

    /** Forks the plan's server (the first fork's) and returns once it listens; progress goes to standard output. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings) {
        return start(plan, settings, System.out);
    }

    /** Like {@link #start(BenchmarkPlan, HarnessSettings)}, printing the progress lines to {@code progress}. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress) {
        return new BenchmarkSession(plan, settings, progress,
                JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning())), "", true);
    }

    /**
     * A session of one build of an A/B comparison: its JVMs run from {@code classPath} (that build's jars) with the
     * same flags and pinning as any other session, and nothing is started until {@link #runNextFork()}, which stops
     * its servers again at the end of the fork so that the other build's fork runs next to no idle JVM of this one.
     *
     * @param build the build as progress lines name it, for example {@code baseline main} or {@code this build}
     */
    public static BenchmarkSession forBuild(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                                            String classPath, String build) {
        JvmFork current = JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning()));
        return new BenchmarkSession(plan, settings, progress, new JvmFork(current.javaBinary(), classPath,
                current.jvmArgs(), current.pinning()), build, false);
    }

    public BenchmarkPlan plan() {
        return plan;
    }

    /** The process id of the current fork's server JVM (for tests and for killing it on purpose). */
    public long serverPid() {
        return servers.server().pid();
    }

    /** The current fork's downstream JVM's process id, when the plan has a downstream (for tests). */
    public OptionalLong downstreamPid() {
        ForkedServer downstream = servers.downstream();
        return downstream == null ? OptionalLong.empty() : OptionalLong.of(downstream.pid());
    }

    /** Runs every fork and returns the combination's summary (not yet persisted). */
    public BenchmarkSummary run() {
        for (int f = 1; f <= settings.forks(); f++) {
            if (f > 1) {
                Servers previous = servers;
                previous.close();
                servers = startServers(f);
            }
            peakRssResetPerFork.add(runFork(f, measured));
        }
        return summary();
    }

    /**
     * Runs the next fork of a {@link #forBuild} session: a fresh server JVM (and downstream), one client JVM with its
     * warmup and measured iterations, then the servers are stopped.
     *
     * @throws IllegalStateException when every fork has run already
     */
    public void runNextFork() {
        if (peakRssResetPerFork.size() >= settings.forks()) {
            throw new IllegalStateException("all " + settings.forks() + " forks of " + plan.combination()
                    + " have run");
        }
        int forkNumber = peakRssResetPerFork.size() + 1;
        servers = startServers(forkNumber);
        try {
            peakRssResetPerFork.add(runFork(forkNumber, measured));
        } finally {
            Servers done = servers;
            servers = null;
            done.close();
        }
    }

    /** The summary of the forks run so far (all of them, once {@link #run()} or every {@link #runNextFork()} ran). */
    public BenchmarkSummary summary() {
        if (peakRssResetPerFork.size() < settings.forks()) {
            throw new IllegalStateException(peakRssResetPerFork.size() + " of " + settings.forks() + " forks of " + plan.combination()
                    + " have run");
        }
        return new BenchmarkSummary(plan.suite(), plan.combination(), plan.serverModel(), plan.clientModel(),
                plan.serverLabel(), plan.clientLabel(), plan.unit(), workload(),
                new Runs(settings.forks(), settings.warmupIterations(), settings.iterations(), measured),
                Aggregate.of(measured),
                EnvironmentProbe.capture(fork, started, loadAverage, !peakRssResetPerFork.contains(false),
                        Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir())));
    }

    private Servers startServers(int forkNumber) {
        String suffix = settings.forks() > 1 ? " (fork " + forkNumber + " of " + settings.forks() + ")" : "";
        ForkedServer downstream = null;
        try {
            JvmLaunch serverLaunch = plan.server();
            if (plan.downstream() != null) {
                downstream = ForkedServer.start(fork, "downstream JVM " + plan.downstream().label() + suffix,
                        plan.downstream().launch(), CpuPinning.Role.CLIENT, settings);
                serverLaunch = plan.serverWithDownstream(downstream.address().host(), downstream.address().port());
            }
            return new Servers(ForkedServer.start(fork, "server JVM " + plan.serverLabel() + suffix, serverLaunch,
                    settings), downstream);
        } catch (RuntimeException e) {
            if (downstream != null) {
                downstream.close();
            }
            throw e;
        }
    }

    /**
     * The plan's workload; with a downstream, also what it was and where it ran ({@code downstream},
     * {@code downstreamCpu}), so that a summary says it and only summaries measured alike are ranked together.
     */
    private Map<String, Object> workload() {
        if (plan.downstream() == null) {
            return plan.workload();
        }
        Map<String, Object> workload = new LinkedHashMap<>(plan.workload());
        workload.put("downstream", plan.downstream().description());
        workload.put("downstreamCpu", fork.pinning().applied()
                ? "CPU " + fork.pinning().clientCpu().orElseThrow() + " with the client JVMs"
                : "not pinned");
        return workload;
    }

    /**
     * One client JVM from start to exit, paced iteration by iteration and watched together with the server; adds its
     * measured iterations to {@code measured}. Returns whether the server's peak RSS could be reset before each one.
     */
    private boolean runFork(int forkNumber, List<MeasuredRun> measured) {
        ForkedServer server = servers.server();
        String forkLabel = "fork " + forkNumber + " of " + settings.forks();
        requireServerAlive(server, forkLabel);
        Path json = workDir.resolve("fork-" + forkNumber + ".json");
        JvmLaunch launch = plan.client().forRun(server.address().host(), server.address().port(), json)
                .withMoreArgs(List.of("--warmup-iterations", String.valueOf(settings.warmupIterations()),
                        "--iterations", String.valueOf(settings.iterations()), "--paced"));
        Duration timeout = settings.clientRunTimeout(plan.expectedOperations()).plus(plan.clientTimeByDesign());
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        List<ServerStats> before = new ArrayList<>();
        List<ServerResources> costs = new ArrayList<>();
        boolean peakRssPerRun = true;
        String step = "the start of its client JVM";
        String name = "client JVM " + plan.clientLabel() + " (" + forkLabel + ")";
        try (ChildProcess client = fork.start(name, launch, CpuPinning.Role.CLIENT, line -> {
            if (line.startsWith(IterationLoop.READY) || line.startsWith(IterationLoop.DONE)) {
                lines.add(line);
            }
        })) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                String line = poll(lines);
                if (line != null) {
                    if (line.startsWith(IterationLoop.READY)) {
                        step = line.substring(IterationLoop.READY.length()).strip();
                        if (step.startsWith("iteration")) {
                            requireServerAlive(server, forkLabel + ", " + step);
                            peakRssPerRun &= server.resetPeaks();
                            before.add(server.stats());
                        }
                        client.sendLine(IterationLoop.GO);
                    } else {
                        Matcher done = DONE.matcher(line);
                        if (done.matches() && "iteration".equals(done.group(1))) {
                            requireServerAlive(server, "the stats after " + forkLabel + ", " + step);
                            costs.add(ServerResources.between(before.get(costs.size()), server.stats(),
                                    peakRssPerRun));
                        }
                        printProgress(forkNumber, done, line);
                    }
                    continue;
                }
                if (!server.isAlive()) {
                    throw serverDied(server, forkLabel + ", " + step, client);
                }
                if (!client.isAlive()) {
                    client.awaitOutputEnd(SERVER_DEATH_GRACE);
                    if (lines.isEmpty()) {
                        break;
                    }
                    continue; // lines the client printed just before it exited
                }
                if (System.nanoTime() - deadline > 0) {
                    String message = client.describe() + " did not finish " + forkLabel + " of " + plan.combination()
                            + " within " + timeout.toSeconds() + " s (at " + step + "); it was killed"
                            + client.details();
                    client.kill();
                    throw new HarnessException(message);
                }
            }
            if (client.exitValue() != 0) {
                if (serverExitsWithin(server, SERVER_DEATH_GRACE)) {
                    throw serverDied(server, forkLabel + ", " + step, client);
                }
                throw new HarnessException(client.describe() + " failed " + forkLabel + ", " + step + ", of "
                        + plan.combination() + " (the server is still running)" + client.details());
            }
            if (!Files.isRegularFile(json)) {
                throw new HarnessException(client.describe() + " exited 0 but wrote no result to " + json
                        + client.details());
            }
            RunResult result = RunResult.readJson(json);
            if (result.iterations().size() != settings.iterations() || costs.size() != settings.iterations()) {
                throw new HarnessException(client.describe() + " reported " + result.iterations().size()
                        + " measured iterations (" + costs.size() + " paced) of " + forkLabel + " of "
                        + plan.combination() + ", expected " + settings.iterations() + client.details());
            }
            for (int i = 0; i < settings.iterations(); i++) {
                measured.add(MeasuredRun.of(measured.size() + 1, forkNumber, result, result.iterations().get(i),
                        server.pid(), costs.get(i)));
            }
            return peakRssPerRun;
        }
    }

    private static String poll(BlockingQueue<String> lines) {
        try {
            return lines.poll(WATCH_TICK.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while a client JVM ran", e);
        }
    }

    /**
     * {@code [PERF] VIRTUAL_SERVER+VIRTUAL_CLIENT fork 1/2 iteration 3/3: 1.214 s, 82,371 msg/s}, warmups marked as
     * such; printed after the iteration's timed work ended.
     */
    private void printProgress(int forkNumber, Matcher done, String line) {
        if (!done.matches()) {
            progress.println("[PERF] " + buildPrefix() + plan.combination() + " fork " + forkNumber + "/" + settings.forks() + ": "
                    + line);
            return;
        }
        long elapsed = Long.parseLong(done.group(4));
        long operations = Long.parseLong(done.group(5));
        long errors = Long.parseLong(done.group(6));
        progress.println(String.format(Locale.ROOT, "[PERF] %s%s fork %d/%d %s %s/%s: %.3f s, %,.0f %s/s%s",
                buildPrefix(), plan.combination(), forkNumber, settings.forks(), done.group(1), done.group(2), done.group(3),
                elapsed / 1e9, RunResult.throughput(operations, elapsed), plan.unit(),
                errors == 0 ? "" : ", " + errors + " errors"));
        progress.flush();
    }

    /** {@code "baseline main: "} in an A/B run, so each progress line says which build it measured. */
    private String buildPrefix() {
        return build.isEmpty() ? "" : build + ": ";
    }

    private static boolean serverExitsWithin(ForkedServer server, Duration grace) {
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

    private HarnessException serverDied(ForkedServer server, String label, ChildProcess client) {
        boolean clientWasRunning = client.isAlive();
        client.kill();
        return new HarnessException(server.describe() + " died during " + label + " of " + plan.combination()
                + (clientWasRunning ? "; the client JVM (pid " + client.pid() + ") was killed"
                : "; the client JVM (pid " + client.pid() + ") had exited with code " + client.exitValue())
                + server.details() + client.details());
    }

    private void requireServerAlive(ForkedServer server, String label) {
        if (!server.isAlive()) {
            throw new HarnessException(server.describe() + " is not running before " + label + " of "
                    + plan.combination() + server.details());
        }
    }

    /** Stops the current fork's server, then its downstream if any (SIGTERM, then SIGKILL), and deletes the files. */
    @Override
    public void close() {
        try {
            if (servers != null) {
                servers.close();
            }
        } finally {
            deleteWorkDir();
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
