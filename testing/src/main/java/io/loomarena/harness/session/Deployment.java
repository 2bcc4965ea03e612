package io.loomarena.harness.session;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.HostInfo;
import io.loomarena.harness.summary.ServerCell;

/**
 * Where the JVMs of a session run, chosen at the edge and handed to the session: on this machine ({@link #local}), or
 * on the hosts of a run across hosts (built by {@code remote.RemoteHosts}). The session only sees {@link JvmFork}s,
 * whose {@code Launcher} runs a command here or through ssh, so the core knows nothing of hosts. (Not a placement:
 * in this project that word means only how near the server's and the client's CPUs are, {@code CpuPlacement}.) Immutable.
 *
 * @param server         the server's and the downstream's fork
 * @param clients        one fork per client JVM, each on its own host
 * @param hosts          the hosts as summaries record them; empty on this machine
 * @param connectAddress what clients connect to instead of the address the server prints; empty on this machine
 * @param downstream     the downstream's fork (the fan-out suite's), on the server's host: the server's own fork,
 *                       except in a cell of the run's JVM axes, where it keeps the default JVM and flags
 * @param serverCell     the cell of the run's JVM axes the server runs in, as its summary records it
 */
public record Deployment(JvmFork server, List<JvmFork> clients, List<HostInfo> hosts, Optional<String> connectAddress,
                         JvmFork downstream, ServerCell serverCell) {

    public Deployment {
        Objects.requireNonNull(server, "server");
        clients = List.copyOf(clients);
        hosts = List.copyOf(hosts);
        Objects.requireNonNull(connectAddress, "connectAddress");
        Objects.requireNonNull(downstream, "downstream");
        Objects.requireNonNull(serverCell, "serverCell");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("a session needs at least one client fork");
        }
    }

    /** The server, clients and downstream on the forks given; the run's one cell of today's JVM and flags. */
    public Deployment(JvmFork server, List<JvmFork> clients, List<HostInfo> hosts, Optional<String> connectAddress) {
        this(server, clients, hosts, connectAddress, server, ServerCell.ONLY);
    }

    /**
     * The same deployment with the server forked by {@code cellServer} (another java, more flags) in {@code cell};
     * clients and downstream keep their forks, so that the yardstick does not move between cells.
     */
    public Deployment inCell(JvmFork cellServer, ServerCell cell) {
        return new Deployment(cellServer, clients, hosts, connectAddress, downstream, cell);
    }

    /** Every JVM on this machine through {@code fork}: one client JVM, no hosts recorded. */
    public static Deployment local(JvmFork fork) {
        return new Deployment(fork, List.of(fork), List.of(), Optional.empty());
    }

    /** Whether the server runs on another host (then it must listen on every address, not only loopback). */
    public boolean remoteServer() {
        return server.launcher().remote();
    }
}
