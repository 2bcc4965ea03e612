package io.loomarena.harness.summary;

/**
 * A two-sided confidence interval for a mean. Immutable.
 *
 * @param level confidence level, for example 0.95
 * @param low   lower bound
 * @param high  upper bound
 */
public record ConfidenceInterval(double level, double low, double high) {

    public ConfidenceInterval {
        if (!(level > 0 && level < 1) || low > high) {
            throw new IllegalArgumentException("need 0 < level < 1 and low <= high, got " + level + ", " + low + ", "
                    + high);
        }
    }

    /** Half the width: the {@code ±} figure. */
    public double halfWidth() {
        return (high - low) / 2;
    }

    /** Whether the two intervals share any value (then their means are not distinguishable at this level). */
    public boolean overlaps(ConfidenceInterval other) {
        return low <= other.high && other.low <= high;
    }
}
