package io.loomarena.harness.gate;

import java.util.Locale;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.summary.RatioInterval;

/**
 * One A/B gate rule applied to one combination: the outcome, both sides' means and the ratio's interval; or, when
 * nothing was left to judge, why not. Immutable.
 *
 * @param outcome       PASS, FAIL or INCONCLUSIVE ({@link RatioRule} says when), or NO_VERDICT
 * @param combination   the combination judged, for example {@code VIRTUAL_SERVER+VIRTUAL_CLIENT}
 * @param rule          the rule
 * @param baselineName  the baseline as named by the user (git ref or jar folder)
 * @param interval      the ratio this/baseline and its interval; {@code null} for NO_VERDICT
 * @param baselineMean  the baseline build's mean figure; NaN for NO_VERDICT
 * @param candidateMean this build's mean figure; NaN for NO_VERDICT
 * @param why           for NO_VERDICT, why there is none and what to do; empty otherwise
 */
public record AbVerdict(Outcome outcome, String combination, RatioRule rule, String baselineName,
        RatioInterval interval, double baselineMean, double candidateMean, String why) {

    /** What the gate concluded for one combination and rule. */
    public enum Outcome {
        PASS, FAIL, INCONCLUSIVE,
        /** Nothing was left to judge (every iteration set aside, a build without a measured fork). */
        NO_VERDICT;

        /** Whether the build may go on: only FAIL stops it (a NO_VERDICT does under {@link NoVerdict#FAIL}). */
        public boolean acceptable() {
            return this != FAIL;
        }

        /** As the line prints it: {@code PASS}, {@code NO VERDICT}. */
        public String label() {
            return name().replace('_', ' ');
        }
    }

    /** A verdict on a ratio. */
    public AbVerdict(Outcome outcome, String combination, RatioRule rule, String baselineName,
                     RatioInterval interval, double baselineMean, double candidateMean) {
        this(outcome, combination, rule, baselineName, interval, baselineMean, candidateMean, "");
    }

    /** No verdict on {@code rule} for {@code combination}: {@code why} says why and what to do. */
    static AbVerdict none(String combination, RatioRule rule, String baselineName, String why) {
        return new AbVerdict(Outcome.NO_VERDICT, combination, rule, baselineName, null, Double.NaN, Double.NaN, why);
    }

    /**
     * {@code [PERF][GATE] PASS VIRTUAL_SERVER+VIRTUAL_CLIENT: throughput this/baseline 0.991 [0.962, 1.018] (95%),
     * 201,345 vs 203,170 msg/s, limit >= 0.950 (throughput at most 5% lower than the baseline main)}; without a
     * verdict {@code [PERF][GATE] NO VERDICT VIRTUAL_SERVER+VIRTUAL_CLIENT: throughput: <why> (throughput at most 5%
     * lower than the baseline main; a failure only with -Dloomarena.noVerdict=fail)}.
     */
    public String line() {
        if (outcome == Outcome.NO_VERDICT) {
            return String.format(Locale.ROOT, "[PERF][GATE] %s %s: %s: %s", outcome.label(), combination,
                    rule.figure(), why);
        }
        return String.format(Locale.ROOT, "[PERF][GATE] %s %s: %s this/baseline %s (%.0f%%), %,.0f vs %,.0f %s,"
                + " limit %s %.3f (%s %s)", outcome, combination, rule.figure(), interval.describe(),
                interval.confidence() * 100, candidateMean, baselineMean, rule.unit(), rule.higherBetter() ? ">=" : "<=",
                rule.limit(), rule.describe(), baselineName);
    }
}
