package io.loomarena.harness.summary;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One host of a run as it was found at the start, before any measurement: what runs there and on what, recorded in
 * every summary so that a reader can tell how the figures were made. Immutable.
 *
 * @param role              {@code server} or {@code client 1 of 2} (a host may be both: {@code server, client 1 of 1})
 * @param host              {@code local} or {@code [user@]host} as given
 * @param cpuCount          CPUs the host lets the harness's processes use
 * @param kernel            {@code uname -sr} and the machine type
 * @param java              the {@code java} binary used there
 * @param javaVersion       the first line of its {@code java -version}
 * @param clockOffsetMillis the host's clock minus this machine's, from the sample with the shortest round trip; 0
 *                          for this machine
 * @param clockErrorMillis  half that round trip: the offset is right to within this
 * @param pinning           where the JVMs of its role run on that host ({@code server on CPU 0, a downstream on
 *                          CPU 1}, {@code client on CPU 1}) or why they are not pinned
 * @param operations        a client host's completed operations over every measured iteration: its share of the
 *                          work; 0 for the server and before the run
 * @param errors            a client host's failed operations by kind over every measured iteration; empty for the
 *                          server and before the run
 */
public record HostInfo(String role, String host, int cpuCount, String kernel, String java, String javaVersion,
                       double clockOffsetMillis, double clockErrorMillis, String pinning, long operations,
                       Map<String, Long> errors) {

    public HostInfo {
        // Zero counts say nothing: kept out so that an empty map reads as "no errors".
        TreeMap<String, Long> nonZero = new TreeMap<>();
        (errors == null ? Map.<String, Long>of() : errors).forEach((kind, count) -> {
            if (count != 0) {
                nonZero.put(kind, count);
            }
        });
        errors = Collections.unmodifiableMap(nonZero);
    }

    /** Whether a client JVM ran here. */
    public boolean isClient() {
        return role.contains("client");
    }

    /** The same host with what its client did. */
    public HostInfo withResults(long newOperations, Map<String, Long> newErrors) {
        return new HostInfo(role, host, cpuCount, kernel, java, javaVersion, clockOffsetMillis, clockErrorMillis,
                pinning, newOperations, newErrors);
    }
}
