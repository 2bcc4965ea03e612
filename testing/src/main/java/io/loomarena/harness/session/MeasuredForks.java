package io.loomarena.harness.session;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.HostInfo;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Runs;

/**
 * The forks of one combination measured so far, and the summary they make once all ran: measured runs numbered in
 * order, whether peak RSS was reset per run in every fork, and per client host what its clients did. Used by one
 * thread.
 */
public final class MeasuredForks {

    private final BenchmarkPlan plan;
    private final HarnessSettings settings;
    private final Deployment deployment;
    /** The seed of the interleaved order these forks ran in; {@code null} when they ran back to back. */
    private final Long interleavingSeed;
    private final Instant started = Instant.now();
    private final String loadAverage = EnvironmentProbe.loadAverage();
    private final List<MeasuredRun> measured = new ArrayList<>();
    private final List<Boolean> peakRssPerFork = new ArrayList<>();
    private final Map<String, Map<String, Long>> errorsPerHost = new LinkedHashMap<>();
    private final Map<String, Long> operationsPerHost = new LinkedHashMap<>();
    /** What the server's stats named in the forks so far (a framework and its version); null: none did. */
    private String implementation;

    public MeasuredForks(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment) {
        this(plan, settings, deployment, null);
    }

    /** Forks run interleaved with other combinations' in the order drawn from {@code interleavingSeed}. */
    MeasuredForks(BenchmarkPlan plan, HarnessSettings settings, Deployment deployment, Long interleavingSeed) {
        this.plan = plan;
        this.settings = settings;
        this.deployment = deployment;
        this.interleavingSeed = interleavingSeed;
    }

    /** Adds the next fork's measured iterations. */
    public void add(ForkOutcome fork) {
        for (int i = 0; i < fork.costs().size(); i++) {
            measured.add(MeasuredRun.of(measured.size() + 1, fork.fork(), fork.result(),
                    fork.result().iterations().get(i), fork.serverPid(), fork.costs().get(i)));
        }
        peakRssPerFork.add(fork.peakRssPerRun());
        if (fork.implementation() != null) {
            implementation = fork.implementation();
        }
        fork.operationsPerHost().forEach((host, n) -> operationsPerHost.merge(host, n, Long::sum));
        fork.errorsPerHost().forEach((host, errors) -> errors.forEach((kind, n) ->
                errorsPerHost.computeIfAbsent(host, h -> new TreeMap<>()).merge(kind, n, Long::sum)));
    }

    /** How many forks were added. */
    public int forks() {
        return peakRssPerFork.size();
    }

    /**
     * The summary of every fork (not yet persisted); forks beyond the settings' are adaptive forks
     * ({@link AdaptiveForks}).
     *
     * @throws IllegalStateException when fewer forks ran than the settings ask for
     */
    public BenchmarkSummary summary() {
        if (forks() < settings.forks()) {
            throw new IllegalStateException(forks() + " of " + settings.forks() + " forks of " + plan.combination()
                    + " have run");
        }
        Path repository = Objects.requireNonNullElse(settings.resultsDir().getParent(), settings.resultsDir());
        Environment environment = EnvironmentProbe.capture(settings.jvm(), deployment, started, loadAverage,
                !peakRssPerFork.contains(false), repository, hostsWithErrors());
        return new BenchmarkSummary(plan.suite(), plan.combination(), plan.serverModel(), plan.clientModel(),
                plan.serverLabel(), plan.clientLabel(), plan.unit(), workload(),
                new Runs(forks(), settings.warmupIterations(), settings.iterations(), measured,
                        interleavingSeed, forks() - settings.forks()),
                Aggregate.of(measured), environment,
                implementation != null ? implementation : BenchmarkSummary.arenaImplementation(environment.gitCommit()));
    }

    /** The hosts, each client host with the operations and errors its clients saw. */
    private List<HostInfo> hostsWithErrors() {
        List<HostInfo> hosts = new ArrayList<>();
        for (HostInfo host : deployment.hosts()) {
            hosts.add(host.isClient() ? host.withResults(operationsPerHost.getOrDefault(host.host(), 0L),
                    errorsPerHost.getOrDefault(host.host(), Map.of())) : host);
        }
        return hosts;
    }

    /**
     * The plan's workload; with a downstream, also what it was and where it ran ({@code downstream},
     * {@code downstreamCpu}), so that a summary says it and only summaries measured alike are ranked together.
     */
    private Map<String, Object> workload() {
        if (plan.downstream() == null && deployment.hosts().isEmpty()) {
            return plan.workload();
        }
        Map<String, Object> workload = new LinkedHashMap<>(plan.workload());
        if (plan.downstream() != null) {
            workload.put("downstream", plan.downstream().description());
            workload.put("downstreamCpu", deployment.server().pinning().applied()
                    ? "CPU " + deployment.server().pinning().clientCpu().orElseThrow() + " with the client JVMs"
                    : "not pinned");
        }
        if (!deployment.hosts().isEmpty()) {
            // Measured across hosts: ranked only with summaries measured on the same hosts.
            workload.put("serverHost", deployment.server().launcher().host());
            workload.put("clientHosts", deployment.clients().stream().map(f -> f.launcher().host()).toList());
        }
        return workload;
    }
}
