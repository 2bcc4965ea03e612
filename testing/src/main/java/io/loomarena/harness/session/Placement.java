package io.loomarena.harness.session;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.HostInfo;

/**
 * Where the JVMs of a session run, chosen at the edge and handed to the session: on this machine ({@link #local}), or
 * on the hosts of a run across hosts (built by {@code remote.RemoteHosts}). The session only sees {@link JvmFork}s,
 * whose {@code Launcher} runs a command here or through ssh, so the core knows nothing of hosts. Immutable.
 *
 * @param server         the server's and the downstream's fork
 * @param clients        one fork per client JVM, each on its own host
 * @param hosts          the hosts as summaries record them; empty on this machine
 * @param connectAddress what clients connect to instead of the address the server prints; empty on this machine
 */
public record Placement(JvmFork server, List<JvmFork> clients, List<HostInfo> hosts, Optional<String> connectAddress) {

    public Placement {
        Objects.requireNonNull(server, "server");
        clients = List.copyOf(clients);
        hosts = List.copyOf(hosts);
        Objects.requireNonNull(connectAddress, "connectAddress");
        if (clients.isEmpty()) {
            throw new IllegalArgumentException("a session needs at least one client fork");
        }
    }

    /** Every JVM on this machine through {@code fork}: one client JVM, no hosts recorded. */
    public static Placement local(JvmFork fork) {
        return new Placement(fork, List.of(fork), List.of(), Optional.empty());
    }

    /** Whether the server runs on another host (then it must listen on every address, not only loopback). */
    public boolean remoteServer() {
        return server.launcher().remote();
    }
}
