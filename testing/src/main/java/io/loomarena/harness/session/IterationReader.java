package io.loomarena.harness.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.harness.fork.CrossCpuProbe;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.summary.IterationReadings;
import io.loomarena.measure.ServerStats;

/**
 * Takes the readings around each measured iteration of one fork, while every client JVM waits: the server's
 * {@code stats} (its peaks reset first), the placement of the two CPUs ({@link CrossCpuProbe}) and the pinned CPUs'
 * and JVMs' times ({@link CpuNeighbours}). What a metric makes of them is {@code HarnessMetrics}'s. Used by one
 * thread, once.
 */
final class IterationReader {

    private final ForkedServer server;
    private final Optional<CrossCpuProbe> probe;
    private final Optional<CpuNeighbours> neighbours;
    /** Besides the client JVM, what runs pinned to the client's CPU: the downstream server's JVM, when there is one. */
    private final List<Long> alsoOnClientCpu;
    private final List<IterationReadings> readings = new ArrayList<>();
    private ServerStats statsBefore;
    /** The pinned CPUs' and the JVMs' times just before the measured iteration under way. */
    private Optional<CpuNeighbours.Snapshot> cpusBefore = Optional.empty();
    /** The placement read before the measured iteration under way; the one after it serves the next as its before. */
    private OptionalDouble placementBefore = OptionalDouble.empty();
    private boolean placementRead;
    private boolean peakRssPerRun = true;
    /** The framework and version the server's stats name ({@code ServerStats.implementation()}); null for ours. */
    private String implementation;

    IterationReader(ForkedServer server, Optional<CrossCpuProbe> probe, Optional<CpuNeighbours> neighbours,
                    List<Long> alsoOnClientCpu) {
        this.server = server;
        this.probe = probe;
        this.neighbours = neighbours;
        this.alsoOnClientCpu = List.copyOf(alsoOnClientCpu);
    }

    /**
     * Before the first measured iteration, while every client waits: the server answers {@code stats} and
     * {@code reset-peaks} once, then runs a full collection. Without it the first measured iteration paid for two
     * things the later ones did not (docs/methodology.md, "The first measured iteration"): the server's first answers
     * to the harness (JSON and management beans used for the first time, about 0.1 s of the server's CPU, counted in
     * that iteration's cost), and the JVM's first collections, which fall where the heap's start sizes put them, not
     * where the model does: in that iteration in 9 forks of 10 of the A/B gate's echo forks. Every server of every
     * model gets the same, whatever its build.
     */
    void settle() {
        implementation = server.stats().implementation();
        server.resetPeaks();
        server.gc();
    }

    /** Just before a measured iteration's {@code go}: the placement (first time only), peaks reset, the figures. */
    void before(long clientPid) {
        if (probe.isPresent() && !placementRead) {
            placementBefore = probe.get().measure();
            placementRead = true;
        }
        boolean reset = server.resetPeaks(); // asked before every measured iteration, whatever the last answer
        peakRssPerRun = peakRssPerRun && reset;
        statsBefore = server.stats();
        cpusBefore = cpus(clientPid);
    }

    /** Just after every client finished a measured iteration: its readings, kept in order. */
    IterationReadings after(long clientPid) {
        Optional<CpuNeighbours.Snapshot> cpusAfter = cpus(clientPid);
        IterationReadings around = IterationReadings.between(statsBefore, server.stats(), peakRssPerRun)
                .withCpus(cpusBefore, cpusAfter);
        if (probe.isPresent()) {
            OptionalDouble placementAfter = probe.get().measure();
            around = around.withCrossCpu(placementBefore, placementAfter);
            placementBefore = placementAfter;
        }
        readings.add(around);
        return around;
    }

    /** The readings around each measured iteration, in order. */
    List<IterationReadings> readings() {
        return List.copyOf(readings);
    }

    /** The framework and its version as the server's first stats named them; null for loom-arena's own servers. */
    String implementation() {
        return implementation;
    }

    /** Whether the server's peak RSS could be reset before each measured iteration. */
    boolean peakRssPerRun() {
        return peakRssPerRun;
    }

    /** The pinned CPUs' and the benchmark's JVMs' times now, when they are watched. */
    private Optional<CpuNeighbours.Snapshot> cpus(long clientPid) {
        if (neighbours.isEmpty()) {
            return Optional.empty();
        }
        List<Long> onClientCpu = new ArrayList<>();
        onClientCpu.add(clientPid); // first: its own user and system time are read too
        onClientCpu.addAll(alsoOnClientCpu);
        return neighbours.get().snapshot(server.pid(), onClientCpu);
    }
}
