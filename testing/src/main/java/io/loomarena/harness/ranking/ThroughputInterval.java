package io.loomarena.harness.ranking;

import java.util.Locale;

import io.loomarena.harness.summary.Aggregate;
import io.loomarena.harness.summary.ConfidenceInterval;

/**
 * The throughputs a combination's runs allow, derived from its interval of the mean elapsed time: the 95% confidence
 * interval turned into operations per second ({@code operationsPerRun / high} up to {@code operationsPerRun / low}),
 * or, with fewer than 3 runs and so no interval, the slowest and fastest run. It shows one combination's precision;
 * whether two combinations are ordered is decided on the interval of the ratio of their throughputs
 * ({@link Ranking#TIE_RULE}), which can separate two combinations whose intervals overlap a little: two intervals
 * that overlap are a stricter test than the interval of the ratio, whose width grows as the square root of the sum of
 * both sides' variances, not as the sum of their widths. An elapsed interval reaching zero (a wide interval from three very
 * different runs) puts no bound on throughput: {@code high} is then infinite. Immutable.
 *
 * @param low          lowest throughput, operations per second
 * @param high         highest throughput, operations per second, {@link Double#POSITIVE_INFINITY} when unbounded
 * @param fromRunRange whether it is the fastest and slowest run rather than a 95% confidence interval
 */
public record ThroughputInterval(double low, double high, boolean fromRunRange) {

    /** The interval of {@code aggregate}'s throughput. */
    public static ThroughputInterval of(Aggregate aggregate) {
        double operations = aggregate.operationsPerRun();
        ConfidenceInterval ci = aggregate.elapsedCi95Nanos();
        double fastestNanos = ci == null ? aggregate.minElapsedNanos() : ci.low();
        double slowestNanos = ci == null ? aggregate.maxElapsedNanos() : ci.high();
        return new ThroughputInterval(slowestNanos <= 0 ? 0 : operations * 1e9 / slowestNanos,
                fastestNanos <= 0 ? Double.POSITIVE_INFINITY : operations * 1e9 / fastestNanos, ci == null);
    }

    /** {@code 34,100–35,010}, or {@code 34,100–∞} without an upper bound. */
    public String text() {
        return grouped(low) + "–" + grouped(high);
    }

    /** A throughput or bound with thousands separators and no decimals below 100 only; {@code ∞} for infinity. */
    public static String grouped(double value) {
        if (Double.isInfinite(value)) {
            return "∞";
        }
        return String.format(Locale.ROOT, value >= 100 ? "%,.0f" : "%,.1f", value);
    }
}
