package io.loomarena.harness.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.harness.fork.CrossCpuProbe;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.summary.IterationReadings;
import io.loomarena.measure.IterationLoop.Step;
import io.loomarena.measure.IterationProtocol;

/**
 * Paces the client JVMs of one fork from start to exit. Every client prints a {@link IterationProtocol.Ready} line
 * before each iteration; once all of them are ready for the same one, the readings before a measured iteration are
 * taken ({@link IterationReader}) and all get {@code go} at once, so that their timed work overlaps. Once all printed
 * its {@link IterationProtocol.Done} line, the readings after it are taken and the progress line printed. Watching
 * the processes is {@link ForkClients}'s. Used by one thread, once.
 */
final class ForkPacer {

    private final ForkClients clients;
    private final IterationReader reader;
    private final String forkLabel;
    private final int forkNumber;
    private final ForkProgress progress;
    private final Map<Step, Integer> ready = new HashMap<>();
    private final Map<Step, List<IterationProtocol.Done>> done = new HashMap<>();

    ForkPacer(ForkedServer server, String combination, int forkNumber, int forks, ForkProgress progress) {
        this(server, combination, forkNumber, forks, progress, Optional.empty(), Optional.empty(), List.of());
    }

    /**
     * @param probe      reads the placement of the server's and client's CPUs between measured iterations, when
     *                   present: before the first and after each one, while every JVM of the fork waits
     * @param neighbours reads, when present, how much of the two pinned CPUs other work took over each measured
     *                   iteration (server and one client JVM, both on this machine)
     * @param alsoOnClientCpu the pids of the benchmark's other JVMs pinned to the client's CPU (a downstream server)
     */
    ForkPacer(ForkedServer server, String combination, int forkNumber, int forks, ForkProgress progress,
              Optional<CrossCpuProbe> probe, Optional<CpuNeighbours> neighbours, List<Long> alsoOnClientCpu) {
        this.forkLabel = "fork " + forkNumber + " of " + forks;
        this.clients = new ForkClients(server, combination, forkLabel);
        this.reader = new IterationReader(server, probe, neighbours, alsoOnClientCpu);
        this.forkNumber = forkNumber;
        this.progress = progress;
    }

    /** Starts every client JVM; their protocol lines come to this pacer. */
    List<ChildProcess> start(ClientJvms jvms, String clientLabel) {
        return clients.start(jvms, clientLabel);
    }

    /**
     * Paces the clients until all exited 0 with nothing left to read, or fails.
     *
     * @throws io.loomarena.harness.HarnessException when the server died, a client failed or did not finish within
     *                                               {@code timeout}
     */
    void pace(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (ForkClients.ClientLine line = clients.next(deadline, timeout); line != null;
             line = clients.next(deadline, timeout)) {
            handle(line);
        }
    }

    /** Closes every client JVM started (kills those still running). */
    void closeClients() {
        clients.close();
    }

    /** The readings around each measured iteration, in order. */
    List<IterationReadings> costs() {
        return reader.readings();
    }

    /** Whether the server's peak RSS could be reset before each measured iteration. */
    /** The framework and its version the server named at the settling; null for loom-arena's own servers. */
    String implementation() {
        return reader.implementation();
    }

    boolean peakRssPerRun() {
        return reader.peakRssPerRun();
    }

    private void handle(ForkClients.ClientLine line) {
        IterationProtocol.Line parsed;
        try {
            parsed = IterationProtocol.parse(line.text()).orElseThrow();
        } catch (IllegalArgumentException e) {
            throw clients.brokeProtocol(line, e.getMessage());
        }
        if (parsed instanceof IterationProtocol.Ready r) {
            onReady(r.step());
        } else {
            IterationProtocol.Done d = (IterationProtocol.Done) parsed;
            // A 'done' whose step every client has not announced ready has no 'before' figures to pair with.
            if (ready.getOrDefault(d.step(), 0) < clients.count()) {
                throw clients.brokeProtocol(line, "'" + line.text() + "' before every client was ready for "
                        + d.step());
            }
            onDone(d);
        }
    }

    private void onReady(Step readyFor) {
        if (ready.merge(readyFor, 1, Integer::sum) < clients.count()) {
            return;
        }
        clients.at(readyFor.toString());
        if (!readyFor.warmup() && readyFor.index() == 1) {
            clients.requireServerAlive("the settling before " + forkLabel + ", " + clients.step());
            reader.settle();
        }
        if (!readyFor.warmup()) {
            clients.requireServerAlive(forkLabel + ", " + clients.step());
            reader.before(clients.firstPid());
        }
        clients.sendAll(IterationProtocol.GO);
    }

    private void onDone(IterationProtocol.Done line) {
        List<IterationProtocol.Done> finished = done.computeIfAbsent(line.step(), k -> new ArrayList<>());
        finished.add(line);
        if (finished.size() < clients.count()) {
            return;
        }
        OptionalDouble neighbourShare = OptionalDouble.empty();
        if (!line.step().warmup()) {
            clients.requireServerAlive("the stats after " + forkLabel + ", " + clients.step());
            neighbourShare = reader.after(clients.firstPid()).neighbourCpuShare();
        }
        progress.iterationDone(forkNumber, finished, neighbourShare);
    }
}
