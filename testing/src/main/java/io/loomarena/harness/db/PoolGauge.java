package io.loomarena.harness.db;

import java.util.Optional;

/**
 * The pool's connections in use, as a server's {@code /metrics} (Prometheus text) gives it: the arena's
 * {@value #ARENA_ACTIVE}, or Micrometer's HikariCP binding's {@value #ACTIVE} on a framework, summed over its pools.
 * Empty when the page has no such line (a server that does not publish its pool), so that a scenario falls back on
 * what a request shows. Stateless.
 */
public final class PoolGauge {

    /** Micrometer's name of HikariCP's connections in use. */
    public static final String ACTIVE = "hikaricp_connections_active";
    /** The arena server's name of the same figure. */
    public static final String ARENA_ACTIVE = "loomarena_db_pool_active_connections";

    private PoolGauge() {
    }

    /** The connections in use on {@code metrics}, or empty when it does not say. */
    public static Optional<Double> active(String metrics) {
        double sum = 0;
        boolean found = false;
        for (String line : metrics.split("\n")) {
            String text = line.strip();
            if (named(text, ACTIVE) || named(text, ARENA_ACTIVE)) {
                try {
                    sum += Double.parseDouble(text.substring(text.lastIndexOf(' ') + 1));
                    found = true;
                } catch (NumberFormatException e) {
                    // A line this reader does not understand counts as no figure, not as zero.
                }
            }
        }
        return found ? Optional.of(sum) : Optional.empty();
    }

    private static boolean named(String line, String name) {
        return line.startsWith(name + "{") || line.startsWith(name + " ");
    }
}
