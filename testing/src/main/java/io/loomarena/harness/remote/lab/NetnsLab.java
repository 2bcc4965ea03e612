package io.loomarena.harness.remote.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.loomarena.harness.HarnessException;

/**
 * Three "hosts" on one machine for proving the remote harness: network namespaces joined by a bridge, each running
 * its own sshd that admits root with a key made for this lab only. The harness stays in the root namespace, which
 * gets no address and no link: it reaches the hosts through {@link #sshOptions()}, whose ProxyCommand enters the
 * server namespace and connects from there.
 *
 * <p>Topology: the server namespace holds the bridge {@code br0} with {@value #SUBNET}.1/24; each client namespace
 * has {@code eth0} with .2 or .3, the other end of a veth pair enslaved to that bridge. So every host reaches every
 * other by address, and clients reach the server at {@link #server()}'s address.
 *
 * <p>{@link #close()} stops the sshd processes and anything else still running in the namespaces, deletes the
 * namespaces (and with them the links) and the lab's folder with its keys. It is idempotent, runs when
 * {@link #start} fails halfway, and runs from a shutdown hook when the JVM exits with the lab open.
 */
public final class NetnsLab implements AutoCloseable {

    /** The lab's private network, inside its namespaces only. */
    static final String SUBNET = "10.213.0";

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration SSHD_START_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(5);
    private static final String SETUP_SCRIPT = "install-prerequisites.sh";

    /** Names of this lab's namespaces: la-PID-SEQ-ROLE; PID lets a later lab find leftovers of a killed JVM. */
    private static final Pattern NAMESPACE = Pattern.compile("la-(\\d+)-\\d+-(srv|c1|c2)");
    /** Numbers the labs of this JVM, so that two of them never share a namespace name. */
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Path workDir;
    private final Path ip;
    private final LabHost server;
    private final List<LabHost> clients;
    private final List<String> createdNamespaces = Collections.synchronizedList(new ArrayList<>());
    private final List<LabSshd> sshds = Collections.synchronizedList(new ArrayList<>());
    private final AtomicBoolean closed = new AtomicBoolean();
    private final Thread shutdownHook;
    private volatile List<String> sshOptions = List.of();

    private NetnsLab(Path workDir, Path ip) {
        this.workDir = workDir;
        this.ip = ip;
        String prefix = namespacePrefix(ProcessHandle.current().pid(), SEQUENCE.incrementAndGet());
        this.server = new LabHost("server", prefix + "srv", SUBNET + ".1");
        this.clients = List.of(new LabHost("client1", prefix + "c1", SUBNET + ".2"),
                new LabHost("client2", prefix + "c2", SUBNET + ".3"));
        this.shutdownHook = Thread.ofPlatform().name("netns-lab-cleanup").unstarted(this::close);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Builds the lab in a new folder under {@code parentDir} (created when missing): installs sshd and nc with
     * {@code testing/remote-lab/install-prerequisites.sh} when they are missing, creates the namespaces and links,
     * makes the keys and waits until each sshd listens.
     *
     * @param osName this machine's {@code os.name} (the lab needs Linux), from {@code HarnessJvm}
     * @throws LabUnavailableException when this machine cannot run the lab (the message says why: skip with it)
     * @throws HarnessException        when building it failed; everything made so far is removed again
     */
    public static NetnsLab start(Path parentDir, String osName) {
        return start(parentDir, osName, System.out::println);
    }

    /**
     * As {@link #start(Path, String)}, telling {@code progress} what the setup script installs and why, when it runs.
     */
    public static NetnsLab start(Path parentDir, String osName, Consumer<String> progress) {
        Optional<String> blocker = LabPrerequisites.blocker(osName,
                LabPrerequisites.effectiveUid(), tool -> LabPrerequisites.locate(tool).isPresent());
        if (blocker.isPresent()) {
            throw new LabUnavailableException(blocker.get());
        }
        Path ip = LabPrerequisites.locate("ip").orElseThrow();
        Path workDir;
        try {
            Files.createDirectories(parentDir);
            workDir = Files.createTempDirectory(parentDir, "netns-lab-");
        } catch (IOException e) {
            throw new HarnessException("namespace lab: cannot create its folder under " + parentDir + ": " + e, e);
        }
        NetnsLab lab = new NetnsLab(workDir, ip);
        try {
            lab.installMissingTools(progress);
            lab.removeLeftoversOfDeadJvms();
            lab.build();
            return lab;
        } catch (RuntimeException e) {
            try {
                lab.close();
            } catch (RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    /** The server host: the one the clients connect to. */
    public LabHost server() {
        return server;
    }

    /** The two client hosts. */
    public List<LabHost> clients() {
        return clients;
    }

    /** Server first, then the clients. */
    public List<LabHost> hosts() {
        return Stream.concat(Stream.of(server), clients.stream()).toList();
    }

    /** The lab's own folder (keys, sshd configurations, pid files); deleted by {@link #close()}. */
    public Path workDir() {
        return workDir;
    }

    /** The private key that the lab's sshd processes accept for root. */
    public Path privateKey() {
        return workDir.resolve("id_ed25519");
    }

    /**
     * The options that let {@code ssh} and {@code scp} in the root namespace reach any {@link LabHost#target()}: the
     * lab's key only, no host key checks nor known_hosts entries (the host keys are made anew each time), no prompts,
     * and a ProxyCommand that opens the TCP connection from inside the server namespace. Each element is one argument
     * (the ProxyCommand's contains spaces: quote it when passing the options through a shell).
     */
    public List<String> sshOptions() {
        return sshOptions;
    }

    /** An address in the lab's own network that no host has: a host that cannot be reached, for tests. */
    public String unusedAddress() {
        return SUBNET + ".99";
    }

    /** {@code ssh}, {@link #sshOptions()}, {@code target} and {@code remoteCommand}, ready for a ProcessBuilder. */
    public List<String> sshCommand(String target, String remoteCommand) {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(remoteCommand, "remoteCommand");
        List<String> command = new ArrayList<>();
        command.add("ssh");
        command.addAll(sshOptions);
        command.add(target);
        command.add(remoteCommand);
        return List.copyOf(command);
    }

    /** How many labs this JVM has begun: the next one is number {@code labsBegun() + 1}. */
    static int labsBegun() {
        return SEQUENCE.get();
    }

    /** The start of the namespace names of the lab number {@code sequence} of the JVM {@code pid}. */
    static String namespacePrefix(long pid, int sequence) {
        return "la-" + pid + "-" + sequence + "-";
    }

    /** The private configuration of {@code host}'s sshd, with its files in {@code dir}. */
    static String sshdConfig(LabHost host, Path dir) {
        String role = host.role();
        return String.join("\n",
                "# Written by NetnsLab for " + role + " in namespace " + host.namespace() + "; deleted with the lab.",
                "ListenAddress " + host.address() + ":22",
                "HostKey " + dir.resolve("host_ed25519"),
                "PidFile " + dir.resolve("sshd-" + role + ".pid"),
                "AuthorizedKeysFile " + dir.resolve("id_ed25519.pub"),
                "PermitRootLogin prohibit-password",
                "PubkeyAuthentication yes",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "UsePAM no",
                // The lab's folder lives under a shared temporary directory whose modes sshd would refuse.
                "StrictModes no",
                "PrintMotd no",
                // OpenSSH 9 scp speaks SFTP by default.
                "Subsystem sftp internal-sftp",
                // A benchmark opens several sessions per host at once; the defaults (10) would refuse some.
                "MaxStartups 100",
                "MaxSessions 100",
                "LogLevel INFO",
                "");
    }

    private void installMissingTools(Consumer<String> progress) {
        List<String> missing = LabPrerequisites.missingInstallable(tool -> LabPrerequisites.locate(tool).isPresent());
        if (missing.isEmpty()) {
            return;
        }
        Path script = workDir.resolve(SETUP_SCRIPT);
        try (InputStream in = NetnsLab.class.getResourceAsStream(SETUP_SCRIPT)) {
            if (in == null) {
                throw new LabUnavailableException("the namespace lab needs " + String.join(", ", missing)
                        + ", and " + SETUP_SCRIPT + " is not on the class path to install them");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("namespace lab: cannot write " + script, e);
        }
        // The script's own lines (what it installs and why) are shown; apt-get's are kept for a failure message.
        LabCommand.Outcome install = LabCommand.run(INSTALL_TIMEOUT, List.of("bash", script.toString()), line -> {
            if (line.startsWith(SETUP_SCRIPT + ":")) {
                progress.accept("[LAB] " + line);
            }
        });
        List<String> stillMissing = LabPrerequisites.missingInstallable(
                tool -> LabPrerequisites.locate(tool).isPresent());
        if (!install.succeeded() || !stillMissing.isEmpty()) {
            throw new LabUnavailableException("the namespace lab needs " + String.join(", ", missing) + ", and "
                    + "testing/remote-lab/" + SETUP_SCRIPT + " failed (exit " + install.exit() + ")"
                    + (stillMissing.isEmpty() ? "" : ", still missing: " + String.join(", ", stillMissing)) + ": "
                    + lastLine(install.output()));
        }
    }

    /** Namespaces named like ours whose JVM is gone (killed before its shutdown hook ran). */
    private void removeLeftoversOfDeadJvms() {
        for (String line : LabCommand.require(COMMAND_TIMEOUT, "listing namespaces", List.of(ip.toString(), "netns",
                "list")).lines().toList()) {
            String name = line.strip().split("\\s+")[0];
            Matcher matcher = NAMESPACE.matcher(name);
            if (matcher.matches() && ProcessHandle.of(Long.parseLong(matcher.group(1))).isEmpty()) {
                killEverythingIn(name);
                LabCommand.run(COMMAND_TIMEOUT, List.of(ip.toString(), "netns", "delete", name));
            }
        }
    }

    private void build() {
        for (LabHost host : hosts()) {
            LabCommand.Outcome added = LabCommand.run(COMMAND_TIMEOUT,
                    List.of(ip.toString(), "netns", "add", host.namespace()));
            if (!added.succeeded()) {
                // The first one failing means this machine (a container without CAP_SYS_ADMIN) refuses namespaces.
                String why = "cannot create a network namespace (ip netns add " + host.namespace() + "): "
                        + lastLine(added.output());
                if (createdNamespaces.isEmpty()) {
                    throw new LabUnavailableException("the namespace lab " + why);
                }
                throw new HarnessException("namespace lab: " + why);
            }
            createdNamespaces.add(host.namespace());
            inNamespace(host, "bringing lo up", "link", "set", "lo", "up");
        }
        inNamespace(server, "adding the bridge", "link", "add", "br0", "type", "bridge");
        inNamespace(server, "addressing the bridge", "addr", "add", server.address() + "/24", "dev", "br0");
        inNamespace(server, "bringing the bridge up", "link", "set", "br0", "up");
        for (int i = 0; i < clients.size(); i++) {
            LabHost client = clients.get(i);
            String port = "c" + (i + 1);
            inNamespace(server, "linking " + client.role(), "link", "add", port, "type", "veth", "peer", "name",
                    "eth0", "netns", client.namespace());
            inNamespace(server, "bridging " + client.role(), "link", "set", port, "master", "br0", "up");
            inNamespace(client, "addressing " + client.role(), "addr", "add", client.address() + "/24", "dev",
                    "eth0");
            inNamespace(client, "bringing up " + client.role(), "link", "set", "eth0", "up");
        }
        makeKeys();
        startSshds();
        sshOptions = List.of("-i", privateKey().toString(), "-o", "IdentitiesOnly=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "BatchMode=yes", "-o", "ConnectTimeout=10",
                "-o", "ProxyCommand=" + ip + " netns exec " + server.namespace() + " "
                        + LabPrerequisites.locate("nc").orElseThrow() + " %h %p");
    }

    private void inNamespace(LabHost host, String step, String... ipArguments) {
        List<String> command = new ArrayList<>(List.of(ip.toString(), "-n", host.namespace()));
        command.addAll(List.of(ipArguments));
        LabCommand.require(COMMAND_TIMEOUT, step, command);
    }

    private void makeKeys() {
        for (String key : List.of("id_ed25519", "host_ed25519")) {
            LabCommand.require(COMMAND_TIMEOUT, "making the key " + key, List.of("ssh-keygen", "-q", "-t",
                    "ed25519", "-N", "", "-C", "loom-arena-netns-lab", "-f", workDir.resolve(key).toString()));
        }
    }

    private void startSshds() {
        try {
            // sshd refuses to start without its privilege separation directory, which a fresh /run lacks.
            Files.createDirectories(Path.of("/run/sshd"));
            for (LabHost host : hosts()) {
                Path config = workDir.resolve("sshd-" + host.role() + ".conf");
                Files.writeString(config, sshdConfig(host, workDir), StandardCharsets.UTF_8);
                sshds.add(LabSshd.start(ip, host, config));
            }
        } catch (IOException e) {
            throw new HarnessException("namespace lab: cannot write the sshd configuration: " + e, e);
        }
        for (LabSshd sshd : List.copyOf(sshds)) {
            sshd.awaitListening(SSHD_START_TIMEOUT);
        }
    }

    /**
     * Stops the sshd processes and everything else running in the lab's namespaces, deletes the namespaces and the
     * lab's folder. Safe to call more than once.
     *
     * @throws HarnessException naming what could not be removed
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<String> problems = new ArrayList<>();
        for (LabSshd sshd : List.copyOf(sshds)) {
            if (!sshd.stop(STOP_TIMEOUT)) {
                problems.add("sshd of " + sshd.host().role() + " still runs");
            }
        }
        List<String> namespaces = new ArrayList<>(List.copyOf(createdNamespaces));
        Collections.reverse(namespaces);
        for (String namespace : namespaces) {
            killEverythingIn(namespace);
            LabCommand.Outcome deleted = LabCommand.run(COMMAND_TIMEOUT,
                    List.of(ip.toString(), "netns", "delete", namespace));
            if (!deleted.succeeded()) {
                problems.add("namespace " + namespace + ": " + lastLine(deleted.output()));
            }
        }
        try {
            deleteRecursively(workDir);
        } catch (IOException | UncheckedIOException e) {
            problems.add("folder " + workDir + ": " + e.getMessage());
        }
        if (Thread.currentThread() != shutdownHook) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down: the hook finds the lab closed and returns.
            }
        }
        if (!problems.isEmpty()) {
            throw new HarnessException("namespace lab: could not clean up: " + String.join("; ", problems));
        }
    }

    /** Kills whatever still runs in {@code namespace} (ssh sessions and their children) and waits, bounded. */
    private void killEverythingIn(String namespace) {
        LabCommand.Outcome pids = LabCommand.run(COMMAND_TIMEOUT, List.of(ip.toString(), "netns", "pids", namespace));
        if (!pids.succeeded()) {
            return;
        }
        List<ProcessHandle> running = pids.output().lines().map(String::strip).filter(s -> s.matches("\\d+"))
                .map(Long::parseLong).map(ProcessHandle::of).flatMap(Optional::stream).toList();
        running.forEach(ProcessHandle::destroyForcibly);
        for (ProcessHandle process : running) {
            try {
                process.onExit().get(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (ExecutionException | TimeoutException e) {
                // Left to `ip netns delete`, which still detaches the namespace; the caller checks that.
            }
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String lastLine(String output) {
        List<String> lines = output.strip().lines().toList();
        return lines.isEmpty() ? "(no output)" : lines.getLast();
    }
}
