package io.loomarena.harness.history;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.Collections;

/**
 * A testbed: what makes two runs' figures comparable (CPU model and count, memory, kernel, virtualisation, JDK
 * vendor and version, JVM flags, the JVM-axes cell), and its fingerprint.
 *
 * @param id        the fingerprint: a short hash of {@code facts}, the same for the same facts on any machine
 * @param facts     each fact by name, sorted
 * @param firstSeen when a run on it was first recorded
 */
public record TestbedRow(String id, SortedMap<String, String> facts, Instant firstSeen) {

    public TestbedRow {
        Objects.requireNonNull(id, "id");
        facts = Collections.unmodifiableSortedMap(new TreeMap<>(facts));
        Objects.requireNonNull(firstSeen, "firstSeen");
    }

    public TestbedRow(String id, Map<String, String> facts, Instant firstSeen) {
        this(id, new TreeMap<>(facts), firstSeen);
    }
}
