package io.loomarena.harness.session;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.harness.fork.CrossCpuProbe;
import io.loomarena.harness.fork.ForkedServer;

/**
 * Runs the forks of one combination the way JMH runs a benchmark's: each fork a fresh server JVM (and the plan's
 * downstream, if any) and fresh client JVMs, one per client fork of the {@link Deployment}; inside each client JVM,
 * {@code warmupIterations} iterations and then {@code iterations} measured ones, paced over stdin and stdout
 * ({@link ForkPacer}) so that the server's CPU, GC and allocation figures cover exactly the measured iterations. Where
 * the JVMs run is the deployment's business: here or on hosts, this class does the same. Both a
 * {@link BenchmarkSession} (forks in a row) and the A/B gate (two runners, forks alternating) run forks through it.
 * Used by one thread; closing ends the cross-CPU probe it created and deletes the client result files of its forks.
 */
public final class ForkRunner implements AutoCloseable {

    private final BenchmarkPlan plan;
    private final HarnessSettings settings;
    private final Deployment deployment;
    private final ForkProgress progress;
    private final Path workDir;
    private final Optional<CrossCpuProbe> probe;
    /** Whether this runner created {@link #probe}, and so closes it. */
    private final boolean ownsProbe;
    private final Optional<CpuNeighbours> neighbours;

    /**
     * @param build the build measured, as progress lines name it ({@code baseline main}); empty outside the A/B gate
     */
    public ForkRunner(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, PrintStream out,
                      String build) {
        this(plan, settings, deployment, out, build, probe(settings, deployment), true);
    }

    /**
     * A runner that reads the placement with {@code sharedProbe}, which its creator closes, instead of a probe of its
     * own: runners pinned alike in one run then keep two idle probe JVMs between them, not two each.
     */
    ForkRunner(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, PrintStream out, String build,
               Optional<CrossCpuProbe> sharedProbe) {
        this(plan, settings, deployment, out, build, sharedProbe, false);
    }

    private ForkRunner(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, PrintStream out,
                       String build, Optional<CrossCpuProbe> probe, boolean ownsProbe) {
        this.probe = probe;
        this.ownsProbe = ownsProbe;
        this.neighbours = oneLocalPair(deployment) ? CpuNeighbours.of(deployment.server().pinning()) : Optional.empty();
        this.plan = plan;
        this.settings = settings;
        this.deployment = deployment;
        this.progress = new ForkProgress(out, plan, settings.forks(), build);
        try {
            this.workDir = Files.createTempDirectory("loomarena-" + plan.suite() + "-");
        } catch (IOException e) {
            throw new HarnessException("cannot create a temporary folder for client results: " + e.getMessage(), e);
        }
    }

    /**
     * The probe of the two CPUs' placement when the settings ask for it ({@link HarnessSettings#crossCpuProbe}) and
     * there is one placement to read: server and one client JVM pinned to two CPUs of this machine. Its JVMs start
     * with its first reading.
     */
    static Optional<CrossCpuProbe> probe(HarnessSettings settings, Deployment deployment) {
        if (!settings.crossCpuProbe() || !oneLocalPair(deployment)) {
            return Optional.empty();
        }
        return CrossCpuProbe.of(deployment.server().pinning(), settings.jvm(), deployment.server().launcher());
    }

    /** Whether the fork is one server and one client JVM, both on this machine: one pair of CPUs to watch. */
    private static boolean oneLocalPair(Deployment deployment) {
        return deployment.clients().size() == 1 && !deployment.clients().get(0).launcher().remote()
                && !deployment.server().launcher().remote();
    }

    public Deployment deployment() {
        return deployment;
    }

    /** Starts fork {@code forkNumber}'s server (and downstream) and returns once it listens. */
    ForkServers startServers(int forkNumber) {
        return ForkServers.start(plan, settings, deployment, forkNumber);
    }

    /** Runs fork {@code forkNumber} whole: its servers started, its clients run, its servers stopped. */
    public ForkOutcome run(int forkNumber) {
        try (ForkServers servers = startServers(forkNumber)) {
            return runClients(forkNumber, servers);
        }
    }

    /**
     * Runs fork {@code forkNumber}'s client JVMs against {@code servers} (already listening) to the end.
     *
     * @throws HarnessException when the server died, a client failed, or the iterations are not all there
     */
    ForkOutcome runClients(int forkNumber, ForkServers servers) {
        ForkedServer server = servers.server();
        String forkLabel = ForkProgress.label(forkNumber, settings.forks());
        if (!server.isAlive()) {
            throw new HarnessException(server.describe() + " is not running before " + forkLabel + " of "
                    + plan.combination() + server.details());
        }
        ClientJvms jvms = ClientJvms.of(plan, settings, deployment, workDir, forkNumber, server);
        ForkPacer pacer = new ForkPacer(server, plan.combination(), forkNumber, settings.forks(), progress,
                probe, neighbours, servers.downstream() == null ? List.of() : List.of(servers.downstream().pid()));
        try {
            List<ChildProcess> clients = pacer.start(jvms, plan.clientLabel());
            pacer.pace(settings.clientRunTimeout(plan.expectedOperations()).plus(plan.clientTimeByDesign()));
            ClientJvms.Results results = jvms.collect(clients, forkLabel);
            int measured = results.merged().iterations().size();
            if (measured != settings.iterations() || pacer.costs().size() != settings.iterations()) {
                throw new HarnessException(clients.get(0).describe() + " reported " + measured
                        + " measured iterations (" + pacer.costs().size() + " paced) of " + forkLabel + " of "
                        + plan.combination() + ", expected " + settings.iterations() + clients.get(0).details());
            }
            return new ForkOutcome(forkNumber, server.pid(), results.merged(), pacer.costs(), pacer.peakRssPerRun(),
                    results.operationsPerHost(), results.errorsPerHost(), pacer.implementation());
        } finally {
            pacer.closeClients();
        }
    }

    /** Ends its own probe's JVMs and deletes the client result files of every fork run. */
    @Override
    public void close() {
        if (ownsProbe) {
            probe.ifPresent(CrossCpuProbe::close);
        }
        try (Stream<Path> files = Files.list(workDir)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(workDir);
        } catch (IOException e) {
            // A leftover file in the temp folder is harmless; the run's outcome does not depend on it.
        }
    }
}
