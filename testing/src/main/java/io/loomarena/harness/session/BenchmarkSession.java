package io.loomarena.harness.session;

import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.SuiteProgress;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.BenchmarkPlan;
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
import java.util.Optional;
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
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.summary.HostInfo;
import io.loomarena.harness.remote.RemoteHosts;
import io.loomarena.harness.remote.RemoteSettings;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HostResults;
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
    /** Where the server (and a downstream) runs, and where each client JVM runs: one entry per client host. */
    private final Placement placement;
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
    /** Per client host, the errors its client JVMs saw over the measured iterations so far. */
    private final Map<String, Map<String, Long>> errorsPerHost = new LinkedHashMap<>();
    /** Per client host, the operations its client JVMs completed over the measured iterations so far. */
    private final Map<String, Long> operationsPerHost = new LinkedHashMap<>();

    /**
     * Where the JVMs of a session run: on this machine (one fork for every role, no hosts recorded), or on the hosts
     * of {@link RemoteHosts}. Immutable.
     *
     * @param server         the server's and the downstream's host
     * @param clients        one fork per client JVM, each on its own host
     * @param hosts          the hosts as summaries record them; empty on this machine
     * @param connectAddress what clients connect to instead of the address the server prints; empty on this machine
     */
    private record Placement(JvmFork server, List<JvmFork> clients, List<HostInfo> hosts,
                             Optional<String> connectAddress) {

        static Placement of(JvmFork local, Optional<RemoteHosts> remote) {
            if (remote.isEmpty()) {
                return new Placement(local, List.of(local), List.of(), Optional.empty());
            }
            RemoteHosts hosts = remote.get();
            List<JvmFork> clients = hosts.clientForks().isEmpty() ? List.of(local) : hosts.clientForks();
            return new Placement(hosts.serverFork(), clients, hosts.hosts(),
                    Optional.of(hosts.serverConnectAddress()));
        }

        boolean remoteServer() {
            return server.launcher().remote();
        }
    }

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

    private BenchmarkSession(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress, Placement placement,
                             String build, boolean startFirstFork) {
        this.plan = plan;
        this.settings = settings;
        this.progress = progress;
        this.placement = placement;
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

    /**
     * Like {@link #start(BenchmarkPlan, HarnessSettings)}, printing the progress lines to {@code progress}; on the
     * hosts of the run ({@link RemoteHosts#shared}) when {@code -Dloomarena.serverHost} is set.
     */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress) {
        return start(plan, settings, progress, RemoteHosts.shared(settings,
                Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir()), progress));
    }

    /** Like {@link #start(BenchmarkPlan, HarnessSettings, PrintStream)}, on {@code hosts} (empty: this machine). */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                                         Optional<RemoteHosts> hosts) {
        JvmFork local = JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning()));
        return new BenchmarkSession(plan, settings, progress, Placement.of(local, hosts), "", true);
    }

    /**
     * The server on this machine and one client JVM per fork of {@code clients}, paced together and merged as client
     * hosts are: for tests of that path without other hosts (each fork's launcher must name a different host).
     */
    static BenchmarkSession startWithClients(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                                             List<JvmFork> clients) {
        JvmFork local = JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning()));
        return new BenchmarkSession(plan, settings, progress, new Placement(local, List.copyOf(clients), List.of(),
                Optional.empty()), "", true);
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
        if (RemoteSettings.fromSystemProperties().isRemote()) {
            throw new HarnessException("the A/B gate runs both builds on this machine only; unset"
                    + " -Dloomarena.serverHost and -Dloomarena.clientHosts for it");
        }
        JvmFork fork = JvmFork.ofCurrentJvm(settings.jvmArgs(), CpuPinning.detect(settings.pinning()))
                .withClassPath(classPath);
        return new BenchmarkSession(plan, settings, progress, new Placement(fork, List.of(fork), List.of(),
                Optional.empty()), build, false);
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
                EnvironmentProbe.capture(placement.server(), started, loadAverage,
                        !peakRssResetPerFork.contains(false),
                        Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir()),
                        hostsWithErrors()));
    }

    /** The hosts, each client host with the errors its clients saw. */
    private List<HostInfo> hostsWithErrors() {
        List<HostInfo> hosts = new ArrayList<>();
        for (HostInfo host : placement.hosts()) {
            hosts.add(host.isClient() ? host.withResults(operationsPerHost.getOrDefault(host.host(), 0L),
                    errorsPerHost.getOrDefault(host.host(), Map.of())) : host);
        }
        return hosts;
    }

    private Servers startServers(int forkNumber) {
        String suffix = settings.forks() > 1 ? " (fork " + forkNumber + " of " + settings.forks() + ")" : "";
        ForkedServer downstream = null;
        try {
            JvmFork fork = placement.server();
            JvmLaunch serverLaunch = plan.server();
            if (plan.downstream() != null) {
                // On the server's host, listening on its loopback: only the server calls it.
                downstream = ForkedServer.start(fork, "downstream JVM " + plan.downstream().label() + suffix,
                        plan.downstream().launch(), CpuPinning.Role.CLIENT, settings);
                serverLaunch = plan.serverWithDownstream(downstream.address().host(), downstream.address().port());
            }
            if (placement.remoteServer()) {
                // Clients on other hosts must reach it: every address of its host, not only loopback.
                serverLaunch = serverLaunch.withOption("--host", "0.0.0.0");
            }
            return new Servers(ForkedServer.start(fork, "server JVM " + plan.serverLabel() + suffix
                    + (placement.remoteServer() ? " on " + fork.launcher().host() : ""), serverLaunch, settings),
                    downstream);
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
        if (plan.downstream() == null && placement.hosts().isEmpty()) {
            return plan.workload();
        }
        Map<String, Object> workload = new LinkedHashMap<>(plan.workload());
        if (plan.downstream() != null) {
            JvmFork fork = placement.server();
            workload.put("downstream", plan.downstream().description());
            workload.put("downstreamCpu", fork.pinning().applied()
                    ? "CPU " + fork.pinning().clientCpu().orElseThrow() + " with the client JVMs"
                    : "not pinned");
        }
        if (!placement.hosts().isEmpty()) {
            // Measured across hosts: ranked only with summaries measured on the same hosts.
            workload.put("serverHost", placement.server().launcher().host());
            workload.put("clientHosts", placement.clients().stream().map(f -> f.launcher().host()).toList());
        }
        return workload;
    }

    /** One line a client JVM printed, with which client printed it. */
    private record ClientLine(int client, String text) {
    }

    /** One client JVM of a fork: where it runs and where its files are, there and here. */
    private record ClientJvm(JvmFork fork, String host, Path json, String jsonThere, Path histogramLog,
                             String histogramLogThere, JvmLaunch launch) {
    }

    /**
     * The client JVMs of one fork from start to exit (one per client host, one on this machine by default), paced
     * iteration by iteration and watched together with the server; adds their measured iterations to
     * {@code measured}. Every client prints {@code READY} before each iteration; once all of them are ready for the
     * same iteration, the server's figures are taken and all get {@code GO} at once, so their timed work overlaps.
     * Returns whether the server's peak RSS could be reset before each measured iteration.
     */
    private boolean runFork(int forkNumber, List<MeasuredRun> measured) {
        ForkedServer server = servers.server();
        String forkLabel = "fork " + forkNumber + " of " + settings.forks();
        requireServerAlive(server, forkLabel);
        List<ClientJvm> jvms = clientJvms(forkNumber, server);
        int count = jvms.size();
        Duration timeout = settings.clientRunTimeout(plan.expectedOperations()).plus(plan.clientTimeByDesign());
        BlockingQueue<ClientLine> lines = new LinkedBlockingQueue<>();
        List<ServerStats> before = new ArrayList<>();
        List<ServerResources> costs = new ArrayList<>();
        Map<String, Integer> ready = new LinkedHashMap<>();
        Map<String, List<Matcher>> done = new LinkedHashMap<>();
        boolean peakRssPerRun = true;
        String step = "the start of its client JVM";
        List<ChildProcess> clients = new ArrayList<>();
        try {
            for (int c = 0; c < count; c++) {
                ClientJvm jvm = jvms.get(c);
                int index = c;
                String name = "client JVM " + plan.clientLabel() + " (" + forkLabel
                        + (count > 1 ? ", client " + (c + 1) + " of " + count + " on " + jvm.host() : "") + ")";
                clients.add(jvm.fork().start(name, jvm.launch(), CpuPinning.Role.CLIENT, line -> {
                    if (line.startsWith(IterationLoop.READY) || line.startsWith(IterationLoop.DONE)) {
                        lines.add(new ClientLine(index, line));
                    }
                }));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                ClientLine line = poll(lines);
                if (line != null) {
                    if (line.text().startsWith(IterationLoop.READY)) {
                        String readyFor = line.text().substring(IterationLoop.READY.length()).strip();
                        if (ready.merge(readyFor, 1, Integer::sum) == count) {
                            step = readyFor;
                            if (step.startsWith("iteration")) {
                                requireServerAlive(server, forkLabel + ", " + step);
                                peakRssPerRun &= server.resetPeaks();
                                before.add(server.stats());
                            }
                            clients.forEach(client -> client.sendLine(IterationLoop.GO));
                        }
                    } else {
                        Matcher matcher = DONE.matcher(line.text());
                        if (!matcher.matches()) {
                            printProgress(forkNumber, List.of(), line.text());
                            continue;
                        }
                        String key = matcher.group(1) + " " + matcher.group(2);
                        List<Matcher> finished = done.computeIfAbsent(key, k -> new ArrayList<>());
                        finished.add(matcher);
                        if (finished.size() == count) {
                            if ("iteration".equals(matcher.group(1))) {
                                requireServerAlive(server, "the stats after " + forkLabel + ", " + step);
                                costs.add(ServerResources.between(before.get(costs.size()), server.stats(),
                                        peakRssPerRun));
                            }
                            printProgress(forkNumber, finished, line.text());
                        }
                    }
                    continue;
                }
                if (!server.isAlive()) {
                    throw serverDied(server, forkLabel + ", " + step, clients);
                }
                ChildProcess failed = firstFailed(clients);
                if (failed != null) {
                    failed.awaitOutputEnd(SERVER_DEATH_GRACE);
                    if (!lines.isEmpty()) {
                        continue; // what it printed before it failed says how far it got
                    }
                    if (serverExitsWithin(server, SERVER_DEATH_GRACE)) {
                        throw serverDied(server, forkLabel + ", " + step, clients);
                    }
                    String others = count > 1 ? "; the other client JVMs were stopped" : "";
                    clients.forEach(ChildProcess::kill);
                    throw new HarnessException(failed.describe() + " failed " + forkLabel + ", " + step + ", of "
                            + plan.combination() + " (the server is still running)" + others + failed.details());
                }
                if (clients.stream().noneMatch(ChildProcess::isAlive)) {
                    clients.forEach(client -> client.awaitOutputEnd(SERVER_DEATH_GRACE));
                    if (lines.isEmpty()) {
                        break;
                    }
                    continue; // lines the clients printed just before they exited
                }
                if (System.nanoTime() - deadline > 0) {
                    ChildProcess late = clients.stream().filter(ChildProcess::isAlive).findFirst().orElseThrow();
                    String message = late.describe() + " did not finish " + forkLabel + " of " + plan.combination()
                            + " within " + timeout.toSeconds() + " s (at " + step + "); it was killed"
                            + late.details();
                    clients.forEach(ChildProcess::kill);
                    throw new HarnessException(message);
                }
            }
            RunResult result = collect(jvms, clients, forkLabel);
            if (result.iterations().size() != settings.iterations() || costs.size() != settings.iterations()) {
                throw new HarnessException(clients.get(0).describe() + " reported " + result.iterations().size()
                        + " measured iterations (" + costs.size() + " paced) of " + forkLabel + " of "
                        + plan.combination() + ", expected " + settings.iterations() + clients.get(0).details());
            }
            for (int i = 0; i < settings.iterations(); i++) {
                measured.add(MeasuredRun.of(measured.size() + 1, forkNumber, result, result.iterations().get(i),
                        server.pid(), costs.get(i)));
            }
            return peakRssPerRun;
        } finally {
            clients.forEach(ChildProcess::close);
        }
    }

    /** The client JVMs of a fork: one per client fork, each with its share of the work and its files. */
    private List<ClientJvm> clientJvms(int forkNumber, ForkedServer server) {
        List<JvmFork> forks = placement.clients();
        String host = placement.connectAddress().orElse(server.address().host());
        List<ClientJvm> jvms = new ArrayList<>();
        for (int c = 0; c < forks.size(); c++) {
            JvmFork fork = forks.get(c);
            String suffix = forks.size() > 1 ? "-client-" + (c + 1) : "";
            Path json = workDir.resolve("fork-" + forkNumber + suffix + ".json");
            Path log = workDir.resolve("fork-" + forkNumber + suffix + ".hlog");
            String jsonThere = fork.launcher().fileFor(json);
            String logThere = fork.launcher().fileFor(log);
            JvmLaunch launch;
            try {
                launch = plan.client().forRun(host, server.address().port(), jsonThere,
                        new BenchmarkPlan.ClientShare(c, forks.size()));
            } catch (IllegalArgumentException e) {
                throw new HarnessException(plan.combination() + ": " + e.getMessage());
            }
            List<String> more = new ArrayList<>(List.of("--warmup-iterations",
                    String.valueOf(settings.warmupIterations()), "--iterations", String.valueOf(settings.iterations()),
                    "--paced"));
            if (forks.size() > 1) {
                more.addAll(List.of("--histogram-log", logThere));
            }
            jvms.add(new ClientJvm(fork, fork.launcher().host(), json, jsonThere, log, logThere,
                    launch.withMoreArgs(more)));
        }
        return jvms;
    }

    /**
     * Every client's result, fetched from its host and read; with several clients, merged into one: operations
     * added, the longest client's time as the window, latency from their merged interval logs.
     */
    private RunResult collect(List<ClientJvm> jvms, List<ChildProcess> clients, String forkLabel) {
        List<HostResults.HostRun> runs = new ArrayList<>();
        for (int c = 0; c < jvms.size(); c++) {
            ClientJvm jvm = jvms.get(c);
            ChildProcess client = clients.get(c);
            try {
                jvm.fork().launcher().fetch(jvm.jsonThere(), jvm.json());
                if (jvms.size() > 1) {
                    jvm.fork().launcher().fetch(jvm.histogramLogThere(), jvm.histogramLog());
                }
            } catch (HarnessException e) {
                throw new HarnessException(client.describe() + " exited 0 but its result could not be fetched from "
                        + jvm.host() + ": " + e.getMessage() + client.details());
            }
            if (!Files.isRegularFile(jvm.json())) {
                throw new HarnessException(client.describe() + " exited 0 but wrote no result to " + jvm.jsonThere()
                        + client.details());
            }
            runs.add(new HostResults.HostRun(jvm.host(), RunResult.readJson(jvm.json()), jvm.histogramLog()));
        }
        for (HostResults.HostRun run : runs) {
            long operations = run.result().iterations().stream().mapToLong(RunResult.Iteration::operations).sum();
            operationsPerHost.merge(run.host(), operations, Long::sum);
            if (runs.size() == 1) {
                run.result().iterations().forEach(iteration -> iteration.errors().forEach((kind, n) ->
                        errorsPerHost.computeIfAbsent(run.host(), h -> new java.util.TreeMap<>())
                                .merge(kind, n, Long::sum)));
            }
        }
        if (runs.size() == 1) {
            return runs.get(0).result();
        }
        try {
            RunResult merged = HostResults.merge(runs);
            HostResults.errorsPerHost(runs).forEach((host, errors) -> errors.forEach((kind, n) ->
                    errorsPerHost.computeIfAbsent(host, h -> new java.util.TreeMap<>()).merge(kind, n, Long::sum)));
            return merged;
        } catch (RuntimeException e) {
            throw new HarnessException("the client results of " + forkLabel + " of " + plan.combination()
                    + " cannot be merged: " + e.getMessage(), e);
        }
    }

    /** The first client that exited with a non-zero code, or {@code null}. */
    private static ChildProcess firstFailed(List<ChildProcess> clients) {
        for (ChildProcess client : clients) {
            if (!client.isAlive() && client.exitValue() != 0) {
                return client;
            }
        }
        return null;
    }

    private static ClientLine poll(BlockingQueue<ClientLine> lines) {
        try {
            return lines.poll(WATCH_TICK.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while a client JVM ran", e);
        }
    }

    /**
     * {@code [PERF] VIRTUAL_SERVER+VIRTUAL_CLIENT fork 1/2 iteration 3/3: 1.214 s, 82,371 msg/s}, warmups marked as
     * such; printed after the iteration's timed work ended in every client. With several clients: their operations
     * and errors added over the longest client's time.
     */
    private void printProgress(int forkNumber, List<Matcher> done, String line) {
        if (done.isEmpty()) {
            progress.println("[PERF] " + buildPrefix() + plan.combination() + " fork " + forkNumber + "/" + settings.forks() + ": "
                    + line);
            return;
        }
        Matcher first = done.get(0);
        long elapsed = 0;
        long operations = 0;
        long errors = 0;
        for (Matcher matcher : done) {
            elapsed = Math.max(elapsed, Long.parseLong(matcher.group(4)));
            operations += Long.parseLong(matcher.group(5));
            errors += Long.parseLong(matcher.group(6));
        }
        progress.println(String.format(Locale.ROOT, "[PERF] %s%s fork %d/%d %s %s/%s: %.3f s, %,.0f %s/s%s%s",
                buildPrefix(), plan.combination(), forkNumber, settings.forks(), first.group(1), first.group(2),
                first.group(3), elapsed / 1e9, RunResult.throughput(operations, elapsed), plan.unit(),
                errors == 0 ? "" : ", " + errors + " errors", done.size() > 1 ? ", " + done.size() + " clients" : ""));
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

    private HarnessException serverDied(ForkedServer server, String label, List<ChildProcess> clients) {
        StringBuilder what = new StringBuilder();
        StringBuilder details = new StringBuilder();
        for (ChildProcess client : clients) {
            boolean wasRunning = client.isAlive();
            client.kill();
            what.append(wasRunning ? "; the client JVM (pid " + client.pid() + ") was killed"
                    : "; the client JVM (pid " + client.pid() + ") had exited with code " + client.exitValue());
            details.append(client.details());
        }
        return new HarnessException(server.describe() + " died during " + label + " of " + plan.combination()
                + what + server.details() + details);
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
