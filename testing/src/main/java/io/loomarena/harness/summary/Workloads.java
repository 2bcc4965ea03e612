package io.loomarena.harness.summary;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;

/**
 * Whether two workloads are the same: the same parameter names with the same values. Numbers compare by value,
 * whatever type JSON or the code gave them ({@code 20}, {@code 20L} and {@code 20.0} are one value); any other value
 * by equality, so the text {@code "32"} is not the number {@code 32} (comparing the maps' texts, as the gate once did,
 * took them for one). Stateless.
 */
public final class Workloads {

    private Workloads() {
    }

    /** Whether {@code a} and {@code b} name the same parameters with the same values. */
    public static boolean same(Map<String, Object> a, Map<String, Object> b) {
        return a.keySet().equals(b.keySet()) && a.entrySet().stream().allMatch(e -> sameValue(e.getValue(),
                b.get(e.getKey())));
    }

    private static boolean sameValue(Object x, Object y) {
        if (x instanceof Number m && y instanceof Number n) {
            return decimal(m).compareTo(decimal(n)) == 0;
        }
        return Objects.equals(x, y);
    }

    private static BigDecimal decimal(Number number) {
        return new BigDecimal(number.toString());
    }
}
