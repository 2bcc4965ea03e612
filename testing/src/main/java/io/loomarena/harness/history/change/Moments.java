package io.loomarena.harness.history.change;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The mean and sample variance of a stretch of a series, and the 95% interval of that mean (Student's t over its
 * points, which treats forks as independent: the fork is the unit of evidence). Immutable.
 *
 * @param n        the points
 * @param mean     their mean
 * @param variance their sample variance (n - 1); 0 for one point
 */
record Moments(int n, double mean, double variance) {

    /** The moments of {@code [from, to)}, by Welford's update (stable for values far from 0). */
    static Moments of(PointLayout layout, int from, int to) {
        double mean = 0;
        double m2 = 0;
        int n = 0;
        for (int i = from; i < to; i++) {
            n++;
            double x = layout.value(i);
            double delta = x - mean;
            mean += delta / n;
            m2 += delta * (x - mean);
        }
        return new Moments(n, mean, n > 1 ? m2 / (n - 1) : 0);
    }

    /** Half the width of the mean's 95% interval; NaN for one point (no variance to judge by). */
    double halfWidth95() {
        if (n < 2) {
            return Double.NaN;
        }
        return TDistribution.of(n - 1).inverseSurvivalProbability(0.025) * Math.sqrt(variance / n);
    }
}
