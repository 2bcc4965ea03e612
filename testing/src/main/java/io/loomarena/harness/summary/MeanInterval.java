package io.loomarena.harness.summary;

import java.util.List;
import java.util.Optional;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The 95% confidence interval of a mean from a small sample, with Student's t distribution from Apache Commons
 * Statistics: {@code mean ± t(0.975, n-1) · s / √n}; and, for values measured fork by fork, the interval that also
 * takes the spread between forks into account ({@link #of95(List)}). The only place that computes intervals of a
 * mean. Stateless and thread-safe.
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

    /**
     * The {@value #LEVEL} interval of the mean of values measured fork by fork: the smallest interval that holds both
     * Student's t interval over every value (as if the iterations were independent, JMH's score error) and the
     * hierarchical bootstrap interval over forks, then iterations ({@link ForkBootstrap}). Where the forks agree the t
     * interval is the wider and nothing changes; where one JVM ran slower than another, the bootstrap spans both
     * forks' means and the interval says so. Empty with fewer than {@value #MIN_VALUES} values in all.
     *
     * @param forks the values of each fork, in fork order (each fork with at least one value)
     */
    public static Optional<ConfidenceInterval> of95(List<double[]> forks) {
        double[][] values = forks.toArray(double[][]::new);
        for (double[] fork : values) {
            if (fork.length == 0) {
                throw new IllegalArgumentException("a fork has no value");
            }
        }
        double[] all = forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        Optional<ConfidenceInterval> t = of95(all);
        if (t.isEmpty() || values.length < 2) {
            return t;
        }
        double[] ends = ForkBootstrap.meanInterval(values, LEVEL);
        return Optional.of(new ConfidenceInterval(LEVEL, Math.min(t.get().low(), ends[0]),
                Math.max(t.get().high(), ends[1])));
    }

    /** The two-sided critical value {@code t(1 - (1 - LEVEL) / 2, df)}, for example 4.303 for 2 degrees of freedom. */
    static double critical(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + degreesOfFreedom);
        }
        return TDistribution.of(degreesOfFreedom).inverseSurvivalProbability((1 - LEVEL) / 2);
    }
}
