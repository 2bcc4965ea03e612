package io.loomarena.harness.flood;

import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a flood's client side saw. Immutable.
 *
 * @param attempted connections the flood tried to open
 * @param served    connections whose reply arrived and was right
 * @param failures  connections that failed, by kind: {@code connect}, {@code refused}, {@code timeout}, {@code reset},
 *                  {@code closed} (end of stream before the whole reply), {@code mismatch}, {@code io},
 *                  {@code unsettled} (neither served nor failed when the flood's time was up)
 * @param elapsed   from the first connect to the moment every connection was settled
 * @param firstFailure the message of the first failure, or empty
 */
public record FloodOutcome(int attempted, int served, Map<String, Integer> failures, Duration elapsed,
                           String firstFailure) {

    public FloodOutcome {
        failures = Map.copyOf(new TreeMap<>(failures));
    }

    /** Connections that failed, all kinds. */
    public int failed() {
        return failures.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Failures in a stable order, for messages: {@code {refused=3, timeout=1}}. */
    public String failuresText() {
        return new TreeMap<>(failures).toString();
    }
}
