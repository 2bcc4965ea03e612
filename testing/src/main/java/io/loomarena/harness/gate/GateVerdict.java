package io.loomarena.harness.gate;

import java.util.Locale;

/**
 * One rule applied to one combination: pass or fail, the measured figure and the limit. Immutable.
 *
 * @param pass        whether the rule holds
 * @param combination the combination judged
 * @param figure      what was measured, with its unit, for example {@code p5 latency 1350 us}
 * @param limit       what the rule allows, for example {@code <= 820 us (baseline 320 us + 500 us)}
 * @param rule        the rule in words
 */
public record GateVerdict(boolean pass, String combination, String figure, String limit, String rule) {

    /** {@code [PERF][GATE] PASS|FAIL <combination>: <figure>, limit <limit> (<rule>)}. */
    public String line() {
        return String.format(Locale.ROOT, "[PERF][GATE] %s %s: %s, limit %s (%s)", pass ? "PASS" : "FAIL",
                combination, figure, limit, rule);
    }
}
