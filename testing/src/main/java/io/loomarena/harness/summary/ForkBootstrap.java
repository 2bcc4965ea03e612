package io.loomarena.harness.summary;

import java.util.List;
import java.util.SplittableRandom;

import org.apache.commons.statistics.descriptive.Quantile;

/**
 * The hierarchical bootstrap that Kalibera and Jones recommend for a two-level design (forks, then iterations inside
 * each fork): one resample draws as many forks as were measured (with replacement), then inside each drawn fork as
 * many of its iterations as it has (with replacement), and takes the mean of what it drew. The one resampling of the
 * harness: the A/B gate's ratio between builds, the ranking's ratio between combinations and each combination's own
 * interval all use it, so they agree on what the data can say. The seed is fixed so that the same data gives the same
 * interval. Stateless and thread-safe.
 * <p>
 * Why forks first: iterations of one JVM agree with each other more than with another JVM's (JIT decisions, heap
 * layout, where the scheduler put the threads), so resampling iterations alone would treat 2 forks x 3 iterations as 6
 * independent values. With two forks the fork level has only four distinct draws, so the interval spans about the
 * two fork means and no more: wider than an interval over iterations when the forks differ, and still an
 * underestimate of what a third fork could show (docs/methodology.md says how far).
 */
public final class ForkBootstrap {

    /** Resamples per interval: the percentile ends move by well under 0.1% between seeds at this count. */
    public static final int RESAMPLES = 10_000;
    private static final long SEED = 0x5EED_1E55L;

    private ForkBootstrap() {
    }

    /** A fresh generator with the fixed seed: the same data gives the same resamples. */
    static SplittableRandom random() {
        return new SplittableRandom(SEED);
    }

    /** The {@code (1 - level) / 2} and {@code 1 - (1 - level) / 2} quantiles of {@code values}. */
    static double[] percentiles(double[] values, double level) {
        double tail = (1 - level) / 2;
        return Quantile.withDefaults().evaluate(values, tail, 1 - tail);
    }

    /** The percentile interval of the mean of {@code forks} at {@code level}. */
    static double[] meanInterval(double[][] forks, double level) {
        SplittableRandom random = random();
        double[] means = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            means[r] = resampledMean(forks, random);
        }
        return percentiles(means, level);
    }

    /** One resample's mean: forks drawn with replacement, then iterations within each drawn fork. */
    static double resampledMean(double[][] forks, SplittableRandom random) {
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

    /** The mean of every value of every fork (each iteration weighs the same). */
    static double mean(double[][] forks) {
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

    /** How many values there are over every fork. */
    static int count(double[][] forks) {
        int count = 0;
        for (double[] fork : forks) {
            count += fork.length;
        }
        return count;
    }

    /**
     * {@code forks} as arrays, checked.
     *
     * @param side what the values are, for messages
     * @throws IllegalArgumentException when there is no fork, a fork has no value, or a value is not positive
     */
    static double[][] checked(String side, List<List<Double>> forks) {
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
