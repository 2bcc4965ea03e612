package io.loomarena.harness.summary;

/**
 * A metric's figure over a combination's measured iterations, as its {@link Aggregator} made it. Immutable.
 *
 * @param value the figure, in the metric's unit
 * @param ci95  the 95% confidence interval of a mean over at least 3 iterations; {@code null} otherwise
 */
public record MetricValue(double value, ConfidenceInterval ci95) {

    /** A figure without an interval. */
    public static MetricValue of(double value) {
        return new MetricValue(value, null);
    }
}
