package io.loomarena.harness.gate;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The ratio of a figure between two builds measured side by side (this build / the baseline build) and its
 * confidence interval, by the hierarchical bootstrap that Kalibera and Jones recommend for a two-level design (forks,
 * then iterations inside each fork). Immutable.
 * <p>
 * Why a bootstrap over forks and then iterations: iterations of one JVM agree with each other more than with another
 * JVM's (JIT decisions, heap layout), so resampling iterations alone would treat 2 forks x 3 iterations as 6
 * independent values and give too narrow an interval. Each resample draws, on each side independently, as many forks
 * as were measured (with replacement), then inside each drawn fork as many of its iterations as it has (with
 * replacement), and takes the ratio of the two sides' means. The interval is the percentile interval of those ratios
 * (Commons Statistics' default quantile estimator); the seed is fixed so that the same data gives the same interval.
 * With two forks per side the fork level has few distinct resamples, which widens the interval: that is the honest
 * answer for two forks, and the gate then says INCONCLUSIVE rather than guessing.
 *
 * @param ratio      this build's mean over the baseline's mean, over every measured iteration
 * @param lower      the interval's lower end
 * @param upper      the interval's upper end
 * @param confidence the interval's confidence level, for example {@code 0.95}
 */
public record RatioInterval(double ratio, double lower, double upper, double confidence) {

    /** Resamples per interval: the percentile ends move by well under 0.1% between seeds at this count. */
    public static final int RESAMPLES = 10_000;
    private static final long SEED = 0x5EED_1E55L;

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
        double[][] a = checked("baseline", baseline);
        double[][] b = checked("this build", candidate);
        SplittableRandom random = new SplittableRandom(SEED);
        double[] ratios = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            ratios[r] = resampledMean(b, random) / resampledMean(a, random);
        }
        double tail = (1 - confidence) / 2;
        double[] ends = Quantile.withDefaults().evaluate(ratios, tail, 1 - tail);
        double ratio = mean(b) / mean(a);
        // The point estimate can sit a hair outside a percentile interval of a skewed bootstrap distribution with
        // very few distinct resamples; widen to include it rather than report an interval that excludes it.
        return new RatioInterval(ratio, Math.min(ends[0], ratio), Math.max(ends[1], ratio), confidence);
    }

    /** For example {@code 0.982 [0.951, 1.013]}. */
    public String describe() {
        return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", ratio, lower, upper);
    }

    private static double resampledMean(double[][] forks, SplittableRandom random) {
        double sum = 0;
        int count = 0;
        for (int f = 0; f < forks.length; f++) {
            double[] fork = forks[random.nextInt(forks.length)];
            for (int i = 0; i < fork.length; i++) {
                sum += fork[random.nextInt(fork.length)];
                count++;
            }
        }
        return sum / count;
    }

    private static double mean(double[][] forks) {
        double sum = 0;
        int count = 0;
        for (double[] fork : forks) {
            for (double value : fork) {
                sum += value;
                count++;
            }
        }
        return sum / count;
    }

    private static double[][] checked(String side, List<List<Double>> forks) {
        if (forks.isEmpty()) {
            throw new IllegalArgumentException(side + ": no fork measured");
        }
        double[][] values = new double[forks.size()][];
        for (int f = 0; f < forks.size(); f++) {
            List<Double> fork = forks.get(f);
            if (fork.isEmpty()) {
                throw new IllegalArgumentException(side + ": fork " + (f + 1) + " has no measured iteration");
            }
            values[f] = fork.stream().mapToDouble(Double::doubleValue).toArray();
            for (double v : values[f]) {
                if (!(v > 0) || !Double.isFinite(v)) {
                    throw new IllegalArgumentException(side + ": fork " + (f + 1) + " has a value " + v
                            + "; every value must be positive and finite");
                }
            }
        }
        return values;
    }
}
