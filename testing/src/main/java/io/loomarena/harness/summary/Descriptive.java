package io.loomarena.harness.summary;

import java.util.Arrays;

/** Mean, median, sample standard deviation of small samples. Stateless and thread-safe. */
public final class Descriptive {

    private Descriptive() {
    }

    public static double mean(double[] values) {
        requireValues(values);
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    /** The middle value, or the mean of the two middle values for an even count. */
    public static double median(double[] values) {
        requireValues(values);
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /** Sample standard deviation (n - 1 in the denominator); 0 for a single value. */
    public static double sampleStdDev(double[] values) {
        requireValues(values);
        if (values.length == 1) {
            return 0;
        }
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return Math.sqrt(squares / (values.length - 1));
    }

    private static void requireValues(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("no values");
        }
    }
}
