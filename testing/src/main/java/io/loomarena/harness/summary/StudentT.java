package io.loomarena.harness.summary;

import java.util.Optional;

/**
 * The 95% confidence interval of a mean from a small sample, with Student's t distribution: {@code mean ± t(0.975,
 * n-1) · s / √n}. This is the only place that computes intervals, so that it can be replaced by a statistics library
 * without touching the summaries. Stateless and thread-safe.
 */
public final class StudentT {

    /** Intervals need at least this many values; fewer say nothing useful about spread. */
    public static final int MIN_VALUES = 3;

    /** Two-sided 95% critical values t(0.975, df) for df = 1..30 (standard tables). */
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    };

    private StudentT() {
    }

    /** The 95% interval of the mean of {@code values}, or empty with fewer than {@value #MIN_VALUES} values. */
    public static Optional<ConfidenceInterval> interval95(double[] values) {
        int n = values.length;
        if (n < MIN_VALUES) {
            return Optional.empty();
        }
        double mean = Descriptive.mean(values);
        double halfWidth = critical975(n - 1) * Descriptive.sampleStdDev(values) / Math.sqrt(n);
        return Optional.of(new ConfidenceInterval(0.95, mean - halfWidth, mean + halfWidth));
    }

    /** t(0.975, df); beyond the table, 40 → 2.021, 60 → 2.000, 120 → 1.980, then the normal 1.960. */
    static double critical975(int degreesOfFreedom) {
        if (degreesOfFreedom < 1) {
            throw new IllegalArgumentException("degrees of freedom must be >= 1, got " + degreesOfFreedom);
        }
        if (degreesOfFreedom <= T_975.length) {
            return T_975[degreesOfFreedom - 1];
        }
        // Conservative: use the critical value of the next smaller tabulated df.
        return degreesOfFreedom < 40 ? T_975[T_975.length - 1] : degreesOfFreedom < 60 ? 2.021
                : degreesOfFreedom < 120 ? 2.000 : degreesOfFreedom < 1000 ? 1.980 : 1.960;
    }
}
