package io.loomarena.harness.gate;

import java.util.Locale;

import io.loomarena.harness.NoVerdict;

/**
 * One rule applied to one combination: pass or fail, the measured figure and the limit; or no verdict, when there was
 * nothing to compare. Immutable.
 *
 * @param pass        whether the rule holds (false without a verdict)
 * @param combination the combination judged
 * @param figure      what was measured, with its unit, for example {@code p5 latency 1350 us}; without a verdict, why
 *                    there is none and what to do
 * @param limit       what the rule allows, for example {@code <= 820 us (baseline 320 us + 500 us)}
 * @param rule        the rule in words
 * @param judged      false when there was nothing to compare (NO VERDICT): a failure only under
 *                    {@link NoVerdict#FAIL}
 */
public record GateVerdict(boolean pass, String combination, String figure, String limit, String rule,
                          boolean judged) {

    /** A verdict: PASS or FAIL. */
    public GateVerdict(boolean pass, String combination, String figure, String limit, String rule) {
        this(pass, combination, figure, limit, rule, true);
    }

    /** No verdict for {@code combination} under {@code rule}: {@code why} says why and what to do. */
    public static GateVerdict none(String combination, String why, String rule) {
        return new GateVerdict(false, combination, why, "", rule, false);
    }

    /**
     * {@code [PERF][GATE] PASS|FAIL <combination>: <figure>, limit <limit> (<rule>)}; without a verdict
     * {@code [PERF][GATE] NO VERDICT <combination>: <why> (<rule>; a failure only with -Dloomarena.noVerdict=fail)}.
     */
    public String line() {
        if (!judged) {
            return String.format(Locale.ROOT, "[PERF][GATE] NO VERDICT %s: %s (%s; %s)", combination, figure, rule,
                    NoVerdict.NOTE);
        }
        return String.format(Locale.ROOT, "[PERF][GATE] %s %s: %s, limit %s (%s)", pass ? "PASS" : "FAIL",
                combination, figure, limit, rule);
    }

    /** Whether the rule failed: a verdict that does not pass (a missing verdict is not a FAIL). */
    public boolean failed() {
        return judged && !pass;
    }
}
