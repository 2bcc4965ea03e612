package io.loomarena.harness.summary;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The ratio of a figure between two sides measured fork by fork (this build / the baseline build in the A/B gate; one
 * combination's throughput over another's in a ranking) and its confidence interval, by the hierarchical bootstrap
 * over forks and then iterations ({@link ForkBootstrap}): each resample draws both sides independently and takes the
 * ratio of their means; the interval is the percentile interval of those ratios. With two forks per side the fork
 * level has few distinct resamples, which widens the interval: that is the honest answer for two forks, and the gate
 * then says INCONCLUSIVE, the ranking "tied", rather than guessing. Immutable.
 *
 * @param ratio      the candidate's mean over the baseline's mean, over every measured iteration
 * @param lower      the interval's lower end
 * @param upper      the interval's upper end
 * @param confidence the interval's confidence level, for example {@code 0.95}
 */
public record RatioInterval(double ratio, double lower, double upper, double confidence) {

    /** Resamples per interval. */
    public static final int RESAMPLES = ForkBootstrap.RESAMPLES;

    public RatioInterval {
        if (!(lower <= ratio && ratio <= upper) || !Double.isFinite(lower) || !Double.isFinite(upper)) {
            throw new IllegalArgumentException("need finite lower <= ratio <= upper, got " + lower + ", " + ratio
                    + ", " + upper);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
    }

    /**
     * The ratio {@code candidate / baseline} of the means and its bootstrap interval.
     *
     * @param baseline  the baseline build's measured values, one list per fork (each with at least one value)
     * @param candidate this build's, in the same shape
     * @throws IllegalArgumentException when a side has no fork, a fork has no value, or a value is not positive
     */
    public static RatioInterval of(List<List<Double>> baseline, List<List<Double>> candidate, double confidence) {
        double[][] a = ForkBootstrap.checked("baseline", baseline);
        double[][] b = ForkBootstrap.checked("this build", candidate);
        SplittableRandom random = ForkBootstrap.random();
        double[] ratios = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            ratios[r] = ForkBootstrap.resampledMean(b, random) / ForkBootstrap.resampledMean(a, random);
        }
        double[] ends = ForkBootstrap.percentiles(ratios, confidence);
        double ratio = ForkBootstrap.mean(b) / ForkBootstrap.mean(a);
        // The point estimate can sit a hair outside a percentile interval of a skewed bootstrap distribution with
        // very few distinct resamples; widen to include it rather than report an interval that excludes it.
        return new RatioInterval(ratio, Math.min(ends[0], ratio), Math.max(ends[1], ratio), confidence);
    }

    /** Whether the interval lies wholly above or wholly below 1: the data orders the two sides. */
    public boolean excludesOne() {
        return lower > 1 || upper < 1;
    }

    /** For example {@code 0.982 [0.951, 1.013]}. */
    public String describe() {
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, lower, upper);
    }
}
