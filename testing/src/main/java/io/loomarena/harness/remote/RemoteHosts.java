package io.loomarena.harness.remote;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.PerRun;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.gate.BaselineBuild;
import io.loomarena.harness.gate.BuildJars;
import io.loomarena.harness.session.Deployment;
import io.loomarena.harness.summary.HostInfo;

/**
 * The hosts of one test run, made ready once before any measurement: every host probed ({@link HostProbe}) and its
 * clock read ({@link ClockOffset}), every problem of every host reported together, the jars copied into a temporary
 * folder on each host, and for each role a {@link JvmFork} that starts JVMs there through ssh with the same flags and
 * pinning rules as on this machine. Every remote JVM carries this run's id ({@code -Dloomarena.runId}) and a stdin
 * lifeline, so that closing kills whatever is left of this run on each host and removes its folders. One per run
 * ({@link #shared}); thread-safe.
 */
public final class RemoteHosts implements AutoCloseable {

    /** The JVM flag that makes a remote JVM stop when its ssh session (its stdin) ends. */
    public static final String LIFELINE_FLAG = "-Dloomarena.stdinLifeline=true";
    private static final Duration CLOCK_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration CLEANUP_TIMEOUT = Duration.ofSeconds(30);

    private static final PerRun<RemoteHosts> SHARED = new PerRun<>();

    private final RemoteSettings remote;
    private final Ssh ssh;
    private final String runId;
    private final Map<String, HostProbe.Found> found;
    private final List<HostInfo> hosts;
    private final JvmFork serverFork;
    private final List<JvmFork> clientForks;
    private final AutoCloseable localBuild;
    /** Kills this run's JVMs and removes its folders if the harness JVM exits with the hosts still open. */
    private final Thread lastResort;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private RemoteHosts(RemoteSettings remote, Ssh ssh, String runId, Map<String, HostProbe.Found> found,
                        List<HostInfo> hosts, JvmFork serverFork, List<JvmFork> clientForks,
                        AutoCloseable localBuild) {
        this.remote = remote;
        this.ssh = ssh;
        this.runId = runId;
        this.found = found;
        this.hosts = List.copyOf(hosts);
        this.serverFork = serverFork;
        this.clientForks = List.copyOf(clientForks);
        this.localBuild = localBuild;
        this.lastResort = new Thread(() -> removeFolders(ssh, found, runId), "remote-hosts-cleanup");
        Runtime.getRuntime().addShutdownHook(lastResort);
    }

    /**
     * The hosts of this run, made ready on first use from {@code remote}; empty when no remote host is set. A failed
     * setup is remembered: later callers get the same message at once.
     */
    public static Optional<RemoteHosts> shared(RemoteSettings remote, HarnessSettings settings, Path repo,
                                               PrintStream out) {
        return Optional.ofNullable(SHARED.get(() -> remote.isRemote() ? open(remote, settings, repo, out) : null));
    }

    /**
     * Where the JVMs of a session run in this test run, chosen once at the edge: on the hosts of {@link #shared} when
     * {@code remote} names any, else on this machine.
     */
    public static Deployment deploymentOfRun(RemoteSettings remote, HarnessSettings settings, Path repo,
                                           PrintStream out) {
        JvmFork local = JvmFork.local(settings);
        return shared(remote, settings, repo, out).map(hosts -> hosts.deployment(local))
                .orElseGet(() -> Deployment.local(local));
    }

    /** Closes the run's hosts, if any were made ready (kills leftovers, removes folders); safe when none were. */
    public static void closeShared() {
        SHARED.close();
    }

    /**
     * Probes every host, reads its clock, copies the jars and builds the forks; on any problem, removes what it made
     * and fails with one message that names every host's problem.
     */
    public static RemoteHosts open(RemoteSettings remote, HarnessSettings settings, Path repo, PrintStream out) {
        Ssh ssh = new Ssh(remote.sshOptions());
        String runId = UUID.randomUUID().toString().substring(0, 12);
        List<String> targets = new ArrayList<>(new LinkedHashSet<>(allTargets(remote)));
        List<String> javaCandidates = remote.remoteJava().map(List::of)
                .orElseGet(() -> List.of(settings.jvm().javaBinary().toString()));
        Map<String, HostProbe.Found> found = new LinkedHashMap<>();
        AutoCloseable localBuild = null;
        try {
            Map<String, ClockOffset.Measured> clocks = probe(remote, ssh, targets, javaCandidates, found, out);
            HostJars.Placed jars = HostJars.place(remote, ssh, found, repo, out);
            localBuild = jars.localBuild();
            Map<String, JvmFork> forks = forks(settings, ssh, found, jars.classPath(), runId);
            List<HostInfo> hosts = new ArrayList<>();
            String serverTarget = remote.serverHost().orElseThrow();
            hosts.add(info("server", found.get(serverTarget), clocks.get(serverTarget), forks.get(serverTarget)));
            List<JvmFork> clientForks = new ArrayList<>();
            for (int i = 0; i < remote.clientHosts().size(); i++) {
                String target = remote.clientHosts().get(i);
                clientForks.add(forks.get(target));
                hosts.add(info("client " + (i + 1) + " of " + remote.clientHosts().size(), found.get(target),
                        clocks.get(target), forks.get(target)));
            }
            RemoteHosts ready = new RemoteHosts(remote, ssh, runId, found, hosts, forks.get(serverTarget),
                    clientForks, localBuild);
            hosts.forEach(host -> out.println("[REMOTE] " + describe(host)));
            return ready;
        } catch (RuntimeException e) {
            removeFolders(ssh, found, runId);
            closeQuietly(localBuild);
            throw e;
        }
    }

    /**
     * Probes every host and reads the clock of each that can be used, filling {@code found}; fails with one message
     * naming every host's problem.
     */
    private static Map<String, ClockOffset.Measured> probe(RemoteSettings remote, Ssh ssh, List<String> targets,
                                                           List<String> javaCandidates,
                                                           Map<String, HostProbe.Found> found, PrintStream out) {
        List<String> problems = new ArrayList<>();
        for (String target : targets) {
            out.println("[REMOTE] probing " + target + " over ssh");
            HostProbe.Found host = HostProbe.probe(ssh, target, javaCandidates, remote.remoteJava().isPresent(),
                    remote.remoteJars());
            found.put(target, host);
            host.problem().ifPresent(problems::add);
        }
        Map<String, ClockOffset.Measured> clocks = new LinkedHashMap<>();
        for (String target : targets) {
            if (found.get(target).problem().isPresent()) {
                continue;
            }
            ClockOffset.Measured clock = ClockOffset.measure(ssh, target, CLOCK_TIMEOUT);
            clocks.put(target, clock);
            clockProblem(target, clock, remote.maxClockOffset()).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw new HarnessException("the hosts cannot be used, nothing was started or measured:"
                    + System.lineSeparator() + "  - " + String.join(System.lineSeparator() + "  - ", problems));
        }
        return clocks;
    }

    /** One fork per host: its java, the jars in its work folder, this run's flags and id, its own pinning. */
    private static Map<String, JvmFork> forks(HarnessSettings settings, Ssh ssh, Map<String, HostProbe.Found> found,
                                              String classPath, String runId) {
        List<String> jvmArgs = new ArrayList<>(settings.jvmArgs());
        jvmArgs.add(LIFELINE_FLAG);
        jvmArgs.add("-Dloomarena.runId=" + runId);
        Map<String, JvmFork> forks = new LinkedHashMap<>();
        for (Map.Entry<String, HostProbe.Found> entry : found.entrySet()) {
            HostProbe.Found host = entry.getValue();
            forks.put(entry.getKey(), new JvmFork(Path.of(host.java().orElseThrow()),
                    classPath.replace("{work}", host.workDir()), jvmArgs, pinning(settings.pinning(), host),
                    new SshLauncher(ssh, entry.getKey(), host.workDir())));
        }
        return forks;
    }

    /**
     * The problem with a host whose clock is certainly farther than {@code max} from this machine's: even the
     * offset's bound (offset minus its error) is beyond it. Interval logs of several hosts are lined up by their
     * clocks; a host whose clock is off shifts its latency records against the others'.
     */
    static Optional<String> clockProblem(String target, ClockOffset.Measured clock, Duration max) {
        double far = Math.abs(clock.offsetMillis()) - clock.errorMillis();
        if (far <= max.toNanos() / 1e6) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s: its clock is %+.0f ms (+/- %.1f) off this machine's,"
                + " more than -Dloomarena.maxClockOffset=%d ms; synchronise it (chrony, ntpd)", target,
                clock.offsetMillis(), clock.errorMillis(), max.toMillis()));
    }

    /**
     * Where a session's JVMs run on these hosts: the server on its host, each client on its own (or on this machine
     * through {@code local} when no client host is set).
     */
    public Deployment deployment(JvmFork local) {
        List<JvmFork> clients = clientForks.isEmpty() ? List.of(local) : clientForks;
        return new Deployment(serverFork, clients, hosts, Optional.of(serverConnectAddress()));
    }

    /** The JVMs of the server role (the server and a suite's downstream) start here. */
    public JvmFork serverFork() {
        return serverFork;
    }

    /** One fork per client host, in the order given; empty when the client runs on this machine. */
    public List<JvmFork> clientForks() {
        return clientForks;
    }

    /** Every host with its role, as summaries record them. */
    public List<HostInfo> hosts() {
        return hosts;
    }

    /** The address clients connect to. */
    public String serverConnectAddress() {
        return remote.serverConnectAddress();
    }

    /** This run's id, carried by every JVM it starts on a host ({@code -Dloomarena.runId=ID}). */
    public String runId() {
        return runId;
    }

    /** How many processes of this run still run, on every host together ({@code pgrep} for the run id). */
    public int processesLeft() {
        int left = 0;
        for (String target : found.keySet()) {
            // [.] keeps the pattern from matching the remote shell that runs pgrep, whose command line holds it.
            Ssh.Result result = ssh.run(target, "pgrep -f -c -- 'loomarena[.]runId=" + runId + "' || true",
                    CLEANUP_TIMEOUT);
            if (result.exitCode() != 0) {
                throw new HarnessException("cannot count the processes left on " + target + ": " + result.reason());
            }
            String count = result.stdout().strip();
            left += count.isEmpty() ? 0 : Integer.parseInt(count.lines().reduce((a, b) -> b).orElse("0").strip());
        }
        return left;
    }

    /** The run's folders that still exist on the hosts (none once closed). */
    public List<String> foldersLeft() {
        List<String> left = new ArrayList<>();
        for (HostProbe.Found host : found.values()) {
            Ssh.Result result = ssh.run(host.target(), "test -e " + Ssh.quote(host.workDir()) + " && echo left || true",
                    CLEANUP_TIMEOUT);
            if (result.exitCode() != 0 || result.stdout().contains("left")) {
                left.add(host.target() + ":" + host.workDir() + (result.exitCode() != 0 ? " (" + result.reason()
                        + ")" : ""));
            }
        }
        return left;
    }

    /** Kills every process of this run left on each host and removes the run's folders there; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            removeFolders(ssh, found, runId);
        } finally {
            closeQuietly(localBuild);
            try {
                Runtime.getRuntime().removeShutdownHook(lastResort);
            } catch (IllegalStateException e) {
                // The JVM is shutting down already: the hook runs or ran; removing is what is unnecessary.
            }
        }
    }

    private static void removeFolders(Ssh ssh, Map<String, HostProbe.Found> found, String runId) {
        for (HostProbe.Found host : found.values()) {
            String rm = host.workDir().isEmpty() ? "true" : "rm -rf -- " + Ssh.quote(host.workDir());
            // Best effort: a host that cannot be reached now cannot be cleaned either; its JVMs end with the session.
            ssh.run(host.target(), "pkill -KILL -f -- 'loomarena[.]runId=" + runId + "'; " + rm, CLEANUP_TIMEOUT);
        }
    }

    private static CpuPinning pinning(boolean wanted, HostProbe.Found host) {
        if (!wanted) {
            return CpuPinning.notApplied("CPU pinning disabled (loomarena.pinning=false)");
        }
        if (host.allowedCpus().isBlank()) {
            return CpuPinning.notApplied(host.target() + ": its CPUs could not be read: not pinned");
        }
        return CpuPinning.decide(host.taskset().map(Path::of), CpuPinning.parseCpuList(host.allowedCpus()));
    }

    private static HostInfo info(String role, HostProbe.Found host, ClockOffset.Measured clock, JvmFork fork) {
        CpuPinning pinning = fork.pinning();
        String pinned = !pinning.applied() ? "none (" + pinning.warning() + ")"
                : role.equals("server") ? "server on CPU " + pinning.serverCpu().orElseThrow() + ", a downstream on CPU "
                + pinning.clientCpu().orElseThrow() : "client on CPU " + pinning.clientCpu().orElseThrow();
        return new HostInfo(role, host.target(), CpuPinning.parseCpuList(host.allowedCpus()).size(), host.kernel(),
                host.java().orElseThrow(), host.javaVersion(), clock.offsetMillis(), clock.errorMillis(), pinned, 0, Map.of());
    }

    private static String describe(HostInfo host) {
        return String.format(Locale.ROOT, "%s %s: %d CPUs, %s, %s (%s), clock %+.1f ms (+/- %.1f), pinning %s",
                host.role(), host.host(), host.cpuCount(), host.kernel(), host.java(), host.javaVersion(),
                host.clockOffsetMillis(), host.clockErrorMillis(), host.pinning());
    }

    private static List<String> allTargets(RemoteSettings remote) {
        List<String> targets = new ArrayList<>();
        remote.serverHost().ifPresent(targets::add);
        targets.addAll(remote.clientHosts());
        return targets;
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // Deleting a local temporary build failed: it is in the system's temp folder and harmless.
        }
    }
}
