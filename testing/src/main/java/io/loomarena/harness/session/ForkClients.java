package io.loomarena.harness.session;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.measure.IterationProtocol;

/**
 * The client JVMs of one fork, watched together with the server: starts them, hands over their protocol lines one at
 * a time, and turns whatever goes wrong into one message. A server that dies (even {@code kill -9}) fails the fork at
 * once with its stderr tail; a client that fails, breaks the protocol or runs late is stopped with the others; every
 * wait is bounded. Used by one thread, once.
 */
final class ForkClients {

    /** After a client failed, how long to wait for the server's exit to be seen before blaming the client. */
    private static final Duration SERVER_DEATH_GRACE = Duration.ofSeconds(2);
    /** How often the harness checks that client and server still run while it waits for the client's next line. */
    private static final Duration WATCH_TICK = Duration.ofMillis(50);

    /** One protocol line a client JVM printed, with which client printed it. */
    record ClientLine(int client, String text) {
    }

    private final ForkedServer server;
    private final String combination;
    private final String forkLabel;
    private final BlockingQueue<ClientLine> lines = new LinkedBlockingQueue<>();
    private final List<ChildProcess> clients = new ArrayList<>();
    /** Where the fork is, for messages. */
    private String step = "the start of its client JVM";

    ForkClients(ForkedServer server, String combination, String forkLabel) {
        this.server = server;
        this.combination = combination;
        this.forkLabel = forkLabel;
    }

    /** Starts every client JVM; their protocol lines come to {@link #next}. */
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

    /** How many client JVMs were started. */
    int count() {
        return clients.size();
    }

    /** The first client JVM's process id: the one whose own times are read. */
    long firstPid() {
        return clients.get(0).pid();
    }

    /** Where the fork is now, for every message after this. */
    void at(String where) {
        this.step = where;
    }

    /** Where the fork is, for messages. */
    String step() {
        return step;
    }

    /** Sends {@code line} to every client. */
    void sendAll(String line) {
        clients.forEach(client -> client.sendLine(line));
    }

    /**
     * The next protocol line of any client, or {@code null} once all exited 0 with nothing left to read.
     *
     * @param deadline the {@link System#nanoTime()} by which every client must have finished
     * @throws HarnessException when the server died, a client failed or did not finish by {@code deadline}
     */
    ClientLine next(long deadline, Duration timeout) {
        while (true) {
            ClientLine line = poll();
            if (line != null) {
                return line;
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
                    return null;
                }
                continue; // lines the clients printed just before they exited
            }
            if (System.nanoTime() - deadline > 0) {
                throw late(timeout);
            }
        }
    }

    /** Closes every client JVM started (kills those still running). */
    void close() {
        clients.forEach(ChildProcess::close);
    }

    /** Stops every client and names the one that broke the protocol, and why. */
    HarnessException brokeProtocol(ClientLine line, String why) {
        clients.forEach(ChildProcess::kill);
        ChildProcess client = clients.get(line.client());
        return new HarnessException(client.describe() + " broke the protocol at " + forkLabel + ", " + step
                + ", of " + combination + ": " + why + client.details());
    }

    /** Fails the fork when the server no longer runs before {@code label}. */
    void requireServerAlive(String label) {
        if (!server.isAlive()) {
            throw new HarnessException(server.describe() + " is not running before " + label + " of " + combination
                    + server.details());
        }
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
}
