package io.loomarena.testing.reliability;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures one {@code @Reliability} scenario measured, shared between its steps by PicoContainer (one instance per
 * scenario). Steps call {@link #figure}; {@link ReliabilityHooks} persists them with the scenario's status. Not
 * thread-safe: a scenario runs on one thread.
 */
public final class ReliabilityRecord {

    private final Map<String, String> figures = new LinkedHashMap<>();

    /** Records (or replaces) a figure, for example {@code figure("connections held", "10000")}. */
    public void figure(String name, Object value) {
        figures.put(name, String.valueOf(value));
    }

    Map<String, String> figures() {
        return figures;
    }
}
