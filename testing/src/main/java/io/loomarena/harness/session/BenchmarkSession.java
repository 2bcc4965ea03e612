package io.loomarena.harness.session;

import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.measure.IterationLoop;

/**
 * Measures one combination the way JMH measures a benchmark: {@code forks} times, a fresh server JVM (and the plan's
 * downstream, if any) and fresh client JVMs, each fork run by a {@link ForkRunner}; inside a client JVM,
 * {@code warmupIterations} iterations and then {@code iterations} measured ones ({@link IterationLoop}). Where the
 * JVMs run is the {@link Deployment} given at the edge. The first fork's server is started by {@link #start}, so that
 * a caller (a test) can see it before {@link #run()}; each later fork's replaces it. Used by one thread; closing stops
 * the servers and deletes the temporary files.
 * <pre>
 * try (BenchmarkSession session = BenchmarkSession.start(plan, settings, out, deployment)) {
 *     BenchmarkSummary summary = session.run();
 * }
 * </pre>
 */
public final class BenchmarkSession implements AutoCloseable {

    private final BenchmarkPlan plan;
    private final HarnessSettings settings;
    private final ForkRunner runner;
    private final MeasuredForks measured;
    /** The servers of the fork in progress; replaced by the next fork's. */
    private ForkServers servers;

    private BenchmarkSession(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                             Deployment deployment) {
        this.plan = plan;
        this.settings = settings;
        this.measured = new MeasuredForks(plan, settings, deployment);
        this.runner = new ForkRunner(plan, settings, deployment, progress, "");
        try {
            this.servers = runner.startServers(1);
        } catch (RuntimeException e) {
            runner.close();
            throw e;
        }
    }

    /** Forks the plan's server (the first fork's) on this machine and returns once it listens; progress to stdout. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings) {
        return start(plan, settings, System.out);
    }

    /** Like {@link #start(BenchmarkPlan, HarnessSettings)}, printing the progress lines to {@code progress}. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress) {
        return start(plan, settings, progress, Deployment.local(JvmFork.local(settings)));
    }

    /** Like {@link #start(BenchmarkPlan, HarnessSettings, PrintStream)}, the JVMs where {@code deployment} says. */
    public static BenchmarkSession start(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                                         Deployment deployment) {
        return new BenchmarkSession(plan, settings, progress, deployment);
    }

    /**
     * The server on this machine and one client JVM per fork of {@code clients}, paced together and merged as client
     * hosts are: for tests of that path without other hosts (each fork's launcher must name a different host).
     */
    static BenchmarkSession startWithClients(BenchmarkPlan plan, HarnessSettings settings, PrintStream progress,
                                             List<JvmFork> clients) {
        return start(plan, settings, progress, new Deployment(JvmFork.local(settings), clients, List.of(),
                Optional.empty()));
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
                servers.close();
                servers = runner.startServers(f);
            }
            measured.add(runner.runClients(f, servers));
        }
        return measured.summary();
    }

    /** Stops the current fork's server, then its downstream if any (SIGTERM, then SIGKILL), and deletes the files. */
    @Override
    public void close() {
        try {
            servers.close();
        } finally {
            runner.close();
        }
    }
}
