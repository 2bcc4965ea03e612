package io.loomarena.harness.summary;

import java.util.Arrays;

/**
 * How a metric's per-iteration values combine into the combination's figure, chosen where the metric is defined
 * ({@link HarnessMetrics}). Stateless.
 */
public enum Aggregator {

    /** The mean, with its 95% confidence interval from 3 iterations on (as the elapsed time's). */
    MEAN,
    /** The middle value. */
    MEDIAN,
    /** Everything the iterations counted together. */
    SUM,
    /** The largest value: for peaks and sizes, the worst iteration. */
    MAX;

    /** The figure of {@code values} (one per measured iteration, at least one). */
    public MetricValue of(double[] values) {
        return switch (this) {
            case MEAN -> new MetricValue(Descriptive.mean(values), MeanInterval.of95(values).orElse(null));
            case MEDIAN -> MetricValue.of(Descriptive.median(values));
            case SUM -> MetricValue.of(Arrays.stream(values).sum());
            case MAX -> MetricValue.of(Arrays.stream(values).max().orElseThrow());
        };
    }
}
