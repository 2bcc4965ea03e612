package io.loomarena.harness.gate;

import java.util.List;
import java.util.Locale;

import io.loomarena.harness.summary.RatioInterval;

/**
 * A rule of the A/B gate: this build's figure may be at most {@code tolerance} worse than the baseline build's, judged
 * on the ratio this/baseline and its interval ({@link RatioInterval}). Immutable.
 * <ul>
 * <li>PASS: the whole interval is on the good side of the limit;</li>
 * <li>FAIL: the whole interval is beyond the limit (worse by more than the tolerance, with the stated confidence);</li>
 * <li>INCONCLUSIVE: the interval straddles the limit. It counts as a pass and is printed with its interval: a noisy
 * runner must not fail a build on noise, and the reader sees how close it was.</li>
 * </ul>
 *
 * @param figure       what is compared, for example {@code throughput}
 * @param unit         its unit, for example {@code msg/s}
 * @param higherBetter whether a higher figure is better (throughput) or worse (latency)
 * @param tolerance    how much worse is still acceptable, for example {@code 0.05} for 5%
 * @param confidence   the interval's confidence level, for example {@code 0.95}
 */
public record RatioRule(String figure, String unit, boolean higherBetter, double tolerance, double confidence) {

    public RatioRule {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("tolerance must be in [0, 1), got " + tolerance);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
    }

    /** Throughput (operations per second of each measured iteration) at most {@code tolerance} lower. */
    public static RatioRule throughput(String unit, double tolerance) {
        return new RatioRule("throughput", unit + "/s", true, tolerance, 0.95);
    }

    /**
     * The server's CPU time per operation over each measured iteration (its process's user + system time, read before
     * and after the iteration's timed work, divided by the operations) at most {@code tolerance} higher. Judged beside
     * throughput because it sees a slower server where throughput cannot: when the client sets the pace (a
     * client-bound row), a server that spends 10% more per message still keeps up, and only its CPU time shows it.
     * Only while the server has CPU to spare: a server busy all the time spends, per operation, the wall time per
     * operation, and then this figure is throughput's inverse, with its noise.
     */
    public static RatioRule serverCpuPerOperation(String unit, double tolerance) {
        return new RatioRule("server CPU per " + unit, "ns/" + unit, false, tolerance, 0.95);
    }

    /** The p99 latency of each measured iteration at most {@code tolerance} higher. */
    public static RatioRule p99(double tolerance) {
        return new RatioRule("p99 latency", "us", false, tolerance, 0.95);
    }

    /** The ratio this/baseline at the limit: {@code 0.95} for throughput, {@code 1.05} for latency at 5%. */
    public double limit() {
        return higherBetter ? 1 - tolerance : 1 + tolerance;
    }

    /**
     * Judges {@code combination} from each side's values, one list per fork.
     *
     * @param baselineName the baseline as the user named it (a git ref or a jar folder), for the line
     */
    public AbVerdict judge(String combination, String baselineName, List<List<Double>> baseline,
            List<List<Double>> candidate) {
        RatioInterval interval = RatioInterval.of(baseline, candidate, confidence);
        double limit = limit();
        boolean allGood = higherBetter ? interval.lower() >= limit : interval.upper() <= limit;
        boolean allBad = higherBetter ? interval.upper() < limit : interval.lower() > limit;
        AbVerdict.Outcome outcome = allGood ? AbVerdict.Outcome.PASS
                : allBad ? AbVerdict.Outcome.FAIL : AbVerdict.Outcome.INCONCLUSIVE;
        return new AbVerdict(outcome, combination, this, baselineName, interval, mean(baseline), mean(candidate));
    }

    /** For example {@code throughput at most 5% lower than the baseline}. */
    public String describe() {
        return String.format(Locale.ROOT, "%s at most %s%% %s than the baseline", figure,
                new java.math.BigDecimal(Double.toString(tolerance * 100)).stripTrailingZeros().toPlainString(),
                higherBetter ? "lower" : "higher");
    }

    private static double mean(List<List<Double>> forks) {
        return forks.stream().flatMap(List::stream).mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
}
