package io.loomarena.harness.history.change;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.history.change.HistoryVerdict.Outcome;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the history gate concluded for a suite: its verdict per series and the outcome a command turns into its exit
 * status. Immutable.
 *
 * @param testbed       the testbed whose series were judged; empty when the suite has no run
 * @param otherTestbeds how many other testbeds hold series of the suite, not judged (never compared across testbeds)
 * @param verdicts      one per series judged, or one NO VERDICT for the suite
 */
public record HistoryGateResult(Optional<String> testbed, long otherTestbeds, List<HistoryVerdict> verdicts) {

    public HistoryGateResult {
        verdicts = List.copyOf(verdicts);
    }

    /** FAIL when any series fails; else NO VERDICT when any has none; else INCONCLUSIVE when any is; else PASS. */
    public Outcome outcome() {
        for (Outcome worst : List.of(Outcome.FAIL, Outcome.NO_VERDICT, Outcome.INCONCLUSIVE)) {
            if (verdicts.stream().anyMatch(v -> v.outcome() == worst)) {
                return worst;
            }
        }
        return Outcome.PASS;
    }

    /**
     * The exit status of a {@code history gate} command: 1 on FAIL, and on NO VERDICT under {@link NoVerdict#FAIL};
     * else 0 (INCONCLUSIVE passes, as in the A/B gate: a noisy runner must not fail a build on noise).
     */
    public int exitStatus(NoVerdict policy) {
        Outcome outcome = outcome();
        return outcome == Outcome.FAIL || (outcome == Outcome.NO_VERDICT && policy == NoVerdict.FAIL) ? 1 : 0;
    }

    /** The console lines: which testbed was judged, then one per verdict. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        testbed.ifPresent(id -> lines.add(HistoryVerdict.PREFIX + "testbed " + id + (otherTestbeds == 0 ? ""
                : " (" + otherTestbeds + " other testbed" + (otherTestbeds == 1 ? "" : "s") + " of this suite not"
                + " judged: figures are never compared across testbeds)")));
        verdicts.forEach(v -> lines.add(v.line()));
        return lines;
    }
}
