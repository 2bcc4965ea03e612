package io.loomarena.harness.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.CrossCpuProbe;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.summary.ServerResources;
import io.loomarena.measure.IterationLoop.Step;
import io.loomarena.measure.IterationProtocol;
import io.loomarena.measure.ServerStats;

/**
 * Paces the client JVMs of one fork from start to exit and watches them together with the server. Every client
 * prints a {@link IterationProtocol.Ready} line before each iteration; once all of them are ready for the same one,
 * the server's figures are taken (before a measured iteration) and all get {@code go} at once, so that their timed
 * work overlaps. Once all printed its {@link IterationProtocol.Done} line, the server's figures are taken again and
 * the progress line printed. A server that dies (even {@code kill -9}) fails the fork at once with its stderr tail;
 * every wait is bounded. Used by one thread, once.
 */
final class ForkPacer {

    /** After a client failed, how long to wait for the server's exit to be seen before blaming the client. */
    private static final Duration SERVER_DEATH_GRACE = Duration.ofSeconds(2);
    /** How often the harness checks that client and server still run while it waits for the client's next line. */
    private static final Duration WATCH_TICK = Duration.ofMillis(50);

    /** One protocol line a client JVM printed, with which client printed it. */
    private record ClientLine(int client, String text) {
    }

    private final ForkedServer server;
    private final String combination;
    private final String forkLabel;
    private final int forkNumber;
    private final ForkProgress progress;
    private final BlockingQueue<ClientLine> lines = new LinkedBlockingQueue<>();
    private final List<ChildProcess> clients = new ArrayList<>();
    private final Map<Step, Integer> ready = new HashMap<>();
    private final Map<Step, List<IterationProtocol.Done>> done = new HashMap<>();
    private final List<ServerStats> before = new ArrayList<>();
    private final List<ServerResources> costs = new ArrayList<>();
    private final Optional<CrossCpuProbe> probe;
    private final Optional<CpuNeighbours> neighbours;
    /** Besides the client JVM, what runs pinned to the client's CPU: the downstream server's JVM, when there is one. */
    private final List<Long> alsoOnClientCpu;
    /** The pinned CPUs' and the two processes' times just before the measured iteration under way. */
    private Optional<CpuNeighbours.Snapshot> neighboursBefore = Optional.empty();
    /** The placement read before the measured iteration under way; the one after it serves the next as its before. */
    private OptionalDouble placementBefore = OptionalDouble.empty();
    private boolean placementRead;
    private boolean peakRssPerRun = true;
    /** Where the fork is, for messages. */
    private String step = "the start of its client JVM";

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
        this.probe = probe;
        this.neighbours = neighbours;
        this.alsoOnClientCpu = List.copyOf(alsoOnClientCpu);
        this.server = server;
        this.combination = combination;
        this.forkNumber = forkNumber;
        this.forkLabel = "fork " + forkNumber + " of " + forks;
        this.progress = progress;
    }

    /** Starts every client JVM; their protocol lines come to this pacer. */
    List<ChildProcess> start(ClientJvms jvms, String clientLabel) {
        int count = jvms.count();
        for (int c = 0; c < count; c++) {
            ClientJvms.ClientJvm jvm = jvms.jvms().get(c);
            int index = c;
            String name = "client JVM " + clientLabel + " (" + forkLabel
                    + (count > 1 ? ", client " + (c + 1) + " of " + count + " on " + jvm.host() : "") + ")";
            clients.add(jvm.fork().start(name, jvm.launch(), CpuPinning.Role.CLIENT, line -> {
                if (line.startsWith(IterationProtocol.PREFIX)) {
                    lines.add(new ClientLine(index, line));
                }
            }));
        }
        return List.copyOf(clients);
    }

    /**
     * Paces the clients until all exited 0 with nothing left to read, or fails.
     *
     * @throws HarnessException when the server died, a client failed or did not finish within {@code timeout}
     */
    void pace(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            ClientLine line = poll();
            if (line != null) {
                handle(line);
                continue;
            }
            if (!server.isAlive()) {
                throw serverDied();
            }
            ChildProcess failed = firstFailed();
            if (failed != null) {
                clientFailed(failed);
                continue; // what it printed before it failed says how far it got
            }
            if (clients.stream().noneMatch(ChildProcess::isAlive)) {
                clients.forEach(client -> client.awaitOutputEnd(SERVER_DEATH_GRACE));
                if (lines.isEmpty()) {
                    return;
                }
                continue; // lines the clients printed just before they exited
            }
            if (System.nanoTime() - deadline > 0) {
                throw late(timeout);
            }
        }
    }

    /** Closes every client JVM started (kills those still running). */
    void closeClients() {
        clients.forEach(ChildProcess::close);
    }

    /** The server's cost over each measured iteration, in order. */
    List<ServerResources> costs() {
        return List.copyOf(costs);
    }

    /** Whether the server's peak RSS could be reset before each measured iteration. */
    boolean peakRssPerRun() {
        return peakRssPerRun;
    }

    private void handle(ClientLine line) {
        IterationProtocol.Line parsed;
        try {
            parsed = IterationProtocol.parse(line.text()).orElseThrow();
        } catch (IllegalArgumentException e) {
            throw brokeProtocol(line, e.getMessage());
        }
        if (parsed instanceof IterationProtocol.Ready r) {
            onReady(r.step());
        } else {
            IterationProtocol.Done d = (IterationProtocol.Done) parsed;
            // A 'done' whose step every client has not announced ready has no 'before' figures to pair with.
            if (ready.getOrDefault(d.step(), 0) < clients.size()) {
                throw brokeProtocol(line, "'" + line.text() + "' before every client was ready for " + d.step());
            }
            onDone(d);
        }
    }

    private HarnessException brokeProtocol(ClientLine line, String why) {
        clients.forEach(ChildProcess::kill);
        ChildProcess client = clients.get(line.client());
        return new HarnessException(client.describe() + " broke the protocol at " + forkLabel + ", " + step
                + ", of " + combination + ": " + why + client.details());
    }

    private void onReady(Step readyFor) {
        if (ready.merge(readyFor, 1, Integer::sum) < clients.size()) {
            return;
        }
        step = readyFor.toString();
        if (!readyFor.warmup() && readyFor.index() == 1) {
            settleServer();
        }
        if (!readyFor.warmup()) {
            if (probe.isPresent() && !placementRead) {
                placementBefore = probe.get().measure();
                placementRead = true;
            }
            requireServerAlive(forkLabel + ", " + step);
            boolean reset = server.resetPeaks(); // asked before every measured iteration, whatever the last answer
            peakRssPerRun = peakRssPerRun && reset;
            before.add(server.stats());
            neighboursBefore = readNeighbours();
        }
        clients.forEach(client -> client.sendLine(IterationProtocol.GO));
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
    private void settleServer() {
        requireServerAlive("the settling before " + forkLabel + ", " + step);
        server.stats();
        server.resetPeaks();
        server.gc();
    }

    private void onDone(IterationProtocol.Done line) {
        List<IterationProtocol.Done> finished = done.computeIfAbsent(line.step(), k -> new ArrayList<>());
        finished.add(line);
        if (finished.size() < clients.size()) {
            return;
        }
        if (!line.step().warmup()) {
            requireServerAlive("the stats after " + forkLabel + ", " + step);
            Optional<CpuNeighbours.Snapshot> neighboursAfter = readNeighbours();
            Optional<CpuNeighbours.KernelShares> kernel = CpuNeighbours.kernelShares(neighboursBefore,
                    neighboursAfter);
            ServerResources cost = ServerResources.between(before.get(costs.size()), server.stats(), peakRssPerRun)
                    .withNeighbours(CpuNeighbours.share(neighboursBefore, neighboursAfter))
                    .withKernelShares(kernel.map(k -> OptionalDouble.of(k.server())).orElse(OptionalDouble.empty()),
                            kernel.map(k -> OptionalDouble.of(k.client())).orElse(OptionalDouble.empty()));
            if (probe.isPresent()) {
                OptionalDouble after = probe.get().measure();
                cost = cost.withCrossCpu(placementBefore, after);
                placementBefore = after;
            }
            costs.add(cost);
        }
        progress.iterationDone(forkNumber, finished, line.step().warmup() ? OptionalDouble.empty()
                : costs.get(costs.size() - 1).neighbourCpuShare());
    }

    /** The pinned CPUs' and the benchmark's JVMs' times now, when they are watched. */
    private Optional<CpuNeighbours.Snapshot> readNeighbours() {
        if (neighbours.isEmpty()) {
            return Optional.empty();
        }
        List<Long> onClientCpu = new ArrayList<>();
        onClientCpu.add(clients.get(0).pid()); // first: its own user and system time are read too
        onClientCpu.addAll(alsoOnClientCpu);
        return neighbours.get().snapshot(server.pid(), onClientCpu);
    }

    /** A client exited non-zero: the server's death if it is dying too, else the client's failure. */
    private void clientFailed(ChildProcess failed) {
        failed.awaitOutputEnd(SERVER_DEATH_GRACE);
        if (!lines.isEmpty()) {
            return;
        }
        if (serverExitsWithin(SERVER_DEATH_GRACE)) {
            throw serverDied();
        }
        String others = clients.size() > 1 ? "; the other client JVMs were stopped" : "";
        clients.forEach(ChildProcess::kill);
        throw new HarnessException(failed.describe() + " failed " + forkLabel + ", " + step + ", of " + combination
                + " (the server is still running)" + others + failed.details());
    }

    private HarnessException late(Duration timeout) {
        ChildProcess late = clients.stream().filter(ChildProcess::isAlive).findFirst().orElseThrow();
        String message = late.describe() + " did not finish " + forkLabel + " of " + combination + " within "
                + timeout.toSeconds() + " s (at " + step + "); it was killed" + late.details();
        clients.forEach(ChildProcess::kill);
        return new HarnessException(message);
    }

    /** The first client that exited with a non-zero code, or {@code null}. */
    private ChildProcess firstFailed() {
        for (ChildProcess client : clients) {
            if (!client.isAlive() && client.exitValue() != 0) {
                return client;
            }
        }
        return null;
    }

    private ClientLine poll() {
        try {
            return lines.poll(WATCH_TICK.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HarnessException("interrupted while a client JVM ran", e);
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
        } catch (ExecutionException e) {
            return !server.isAlive();
        }
    }

    /**
     * The server died: every client is stopped, and the message says of each whether it was still running (then
     * killed) or had already exited, which a client whose connection the dead server refused may have done first.
     */
    private HarnessException serverDied() {
        StringBuilder what = new StringBuilder();
        StringBuilder details = new StringBuilder();
        for (ChildProcess client : clients) {
            boolean wasRunning = client.isAlive();
            client.kill();
            what.append(wasRunning ? "; the client JVM (pid " + client.pid() + ") was killed"
                    : "; the client JVM (pid " + client.pid() + ") had exited with code " + client.exitValue());
            details.append(client.details());
        }
        return new HarnessException(server.describe() + " died during " + forkLabel + ", " + step + " of "
                + combination + what + server.details() + details);
    }

    private void requireServerAlive(String label) {
        if (!server.isAlive()) {
            throw new HarnessException(server.describe() + " is not running before " + label + " of " + combination
                    + server.details());
        }
    }
}
