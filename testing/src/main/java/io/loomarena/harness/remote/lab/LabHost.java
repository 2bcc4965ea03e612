package io.loomarena.harness.remote.lab;

import java.util.Objects;

/**
 * One host of the lab: a network namespace that the lab created, the one address the lab gave it there, and the
 * sshd listening on that address (port 22 of the namespace's own network stack).
 *
 * @param role      {@code server}, {@code client1} or {@code client2}
 * @param namespace the name of the network namespace ({@code ip netns list})
 * @param address   the host's IPv4 address inside the lab's network
 */
public record LabHost(String role, String namespace, String address) {

    public LabHost {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(address, "address");
    }

    /** The ssh destination, {@code root@ADDRESS}: the lab's sshd admits root with the test's key only. */
    public String target() {
        return "root@" + address;
    }
}
