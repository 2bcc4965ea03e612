package io.loomarena.harness.gate;

import java.util.Locale;

import io.loomarena.harness.summary.RatioInterval;

/**
 * One A/B gate rule applied to one combination: the outcome, both sides' means and the ratio's interval. Immutable.
 *
 * @param outcome       PASS, FAIL or INCONCLUSIVE ({@link RatioRule} says when)
 * @param combination   the combination judged, for example {@code VIRTUAL_SERVER+VIRTUAL_CLIENT}
 * @param rule          the rule
 * @param baselineName  the baseline as named by the user (git ref or jar folder)
 * @param interval      the ratio this/baseline and its interval
 * @param baselineMean  the baseline build's mean figure
 * @param candidateMean this build's mean figure
 */
public record AbVerdict(Outcome outcome, String combination, RatioRule rule, String baselineName,
        RatioInterval interval, double baselineMean, double candidateMean) {

    /** What the gate concluded for one combination and rule. */
    public enum Outcome {
        PASS, FAIL, INCONCLUSIVE;

        /** Whether the build may go on: only FAIL stops it. */
        public boolean acceptable() {
            return this != FAIL;
        }
    }

    /**
     * {@code [PERF][GATE] PASS VIRTUAL_SERVER+VIRTUAL_CLIENT: throughput this/baseline 0.991 [0.962, 1.018] (95%),
     * 201,345 vs 203,170 msg/s, limit >= 0.950 (throughput at most 5% lower than the baseline main)}.
     */
    public String line() {
        return String.format(Locale.ROOT, "[PERF][GATE] %s %s: %s this/baseline %s (%.0f%%), %,.0f vs %,.0f %s,"
                + " limit %s %.3f (%s %s)", outcome, combination, rule.figure(), interval.describe(),
                interval.confidence() * 100, candidateMean, baselineMean, rule.unit(), rule.higherBetter() ? ">=" : "<=",
                rule.limit(), rule.describe(), baselineName);
    }
}
