package io.loomarena.harness.summary;

import java.util.Optional;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The 95% confidence interval of a mean from a small sample, with Student's t distribution from Apache Commons
 * Statistics: {@code mean ± t(0.975, n-1) · s / √n}. The only place that computes intervals. Stateless and
 * thread-safe.
 */
public final class MeanInterval {

    /** Intervals need at least this many values; fewer say nothing useful about spread. */
    public static final int MIN_VALUES = 3;
    /** The confidence level of every interval in the summaries and rankings. */
    public static final double LEVEL = 0.95;

    private MeanInterval() {
    }

    /** The {@value #LEVEL} interval of the mean of {@code values}, or empty with fewer than {@value #MIN_VALUES} values. */
    public static Optional<ConfidenceInterval> of95(double[] values) {
        int n = values.length;
        if (n < MIN_VALUES) {
            return Optional.empty();
        }
        double mean = Descriptive.mean(values);
        double halfWidth = critical(n - 1) * Descriptive.sampleStdDev(values) / Math.sqrt(n);
        return Optional.of(new ConfidenceInterval(LEVEL, mean - halfWidth, mean + halfWidth));
    }

    /** The two-sided critical value {@code t(1 - (1 - LEVEL) / 2, df)}, for example 4.303 for 2 degrees of freedom. */
    static double critical(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + degreesOfFreedom);
        }
        return TDistribution.of(degreesOfFreedom).inverseSurvivalProbability((1 - LEVEL) / 2);
    }
}
