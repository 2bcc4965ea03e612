package io.loomarena.harness.history.change;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Two adjacent stretches of a series compared: the two-sample t-test that decides whether a split is a change point,
 * and the relative change {@code mean(after) / mean(before) - 1} with its 95% interval. Immutable.
 * <p>
 * The test is Welch's (no equal variances assumed; Student's t with the Welch-Satterthwaite degrees of freedom):
 * Otava pools the variances, but a short stretch holding one outlier then borrows the long stretch's small variance
 * and looks like a level. The interval is the delta method on the log of the ratio, with the same degrees of freedom:
 * {@code exp(log r +- t * se)} where {@code se^2 = s1^2 / (n1 m1^2) + s2^2 / (n2 m2^2)}; always finite and positive,
 * unlike Fieller's, which is unbounded when the first mean's interval reaches 0.
 *
 * @param meanBefore     the mean of the first stretch
 * @param meanAfter      the mean of the second
 * @param pValue         the two-sided p-value of the difference of the means
 * @param relativeChange {@code meanAfter / meanBefore - 1}
 * @param ciLow          the lower end of its 95% interval
 * @param ciHigh         the upper end
 */
record SegmentComparison(double meanBefore, double meanAfter, double pValue, double relativeChange, double ciLow,
                         double ciHigh) {

    /** Compares {@code [from, split)} with {@code [split, to)}; each needs at least 2 points. */
    static SegmentComparison of(PointLayout layout, int from, int split, int to) {
        Moments before = Moments.of(layout, from, split);
        Moments after = Moments.of(layout, split, to);
        double v1 = before.variance() / before.n();
        double v2 = after.variance() / after.n();
        double se = Math.sqrt(v1 + v2);
        double df = welchDf(v1, before.n(), v2, after.n());
        double diff = after.mean() - before.mean();
        double p;
        if (se == 0) {
            p = diff == 0 ? 1 : 0;
        } else {
            p = 2 * TDistribution.of(df).survivalProbability(Math.abs(diff) / se);
        }
        double ratio = after.mean() / before.mean();
        double r1 = v1 / (before.mean() * before.mean());
        double r2 = v2 / (after.mean() * after.mean());
        double logSe = Math.sqrt(r1 + r2);
        double t = logSe == 0 ? 0 : TDistribution.of(welchDf(r1, before.n(), r2, after.n()))
                .inverseSurvivalProbability(0.025);
        double low = ratio * Math.exp(-t * logSe);
        double high = ratio * Math.exp(t * logSe);
        return new SegmentComparison(before.mean(), after.mean(), p, ratio - 1, low - 1, high - 1);
    }

    /** The Welch-Satterthwaite degrees of freedom of two variances of means from n1 and n2 points. */
    private static double welchDf(double v1, int n1, double v2, int n2) {
        double sum = v1 + v2;
        if (sum == 0) {
            return n1 + n2 - 2;
        }
        double df = sum * sum / (v1 * v1 / (n1 - 1) + v2 * v2 / (n2 - 1));
        return Math.max(1, df);
    }
}
