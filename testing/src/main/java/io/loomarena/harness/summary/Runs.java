package io.loomarena.harness.summary;

import java.util.List;

/**
 * The runs of one combination. Immutable.
 *
 * @param warmups      client runs made before measuring (their figures are discarded)
 * @param measuredRuns how many runs were measured
 * @param measured     the measured runs, in order
 */
public record Runs(int warmups, int measuredRuns, List<MeasuredRun> measured) {

    public Runs {
        measured = List.copyOf(measured);
        if (measured.size() != measuredRuns) {
            throw new IllegalArgumentException("measuredRuns is " + measuredRuns + " but " + measured.size()
                    + " runs were given");
        }
    }
}
