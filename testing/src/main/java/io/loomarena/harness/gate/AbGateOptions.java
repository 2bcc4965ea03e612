package io.loomarena.harness.gate;

import java.nio.file.Path;
import java.util.Optional;

/**
 * What the A/B gate compares this build with, and how much worse is still a pass; read once at the edge
 * ({@code io.loomarena.harness.options.RunOptions}). Only the gate's scenarios need a baseline, so that "exactly one
 * baseline" is checked when the gate is built ({@link AbGate#shared}), not here. Immutable.
 *
 * @param baselineRef  the git ref (branch, tag, commit) of the baseline build; empty for none
 * @param baselineJars a folder with a baseline's {@code echo.jar} and {@code http-server.jar}; empty for none
 * @param tolerance    how much worse than the baseline is still a pass, as a fraction in {@code [0, 1)}
 * @param candidateJars a folder with this build's jars, already built; empty to build the working tree (the usual
 *                      case; a script that runs the gate many times on one build, bench/gate-power.sh, saves a build
 *                      per run with it)
 */
public record AbGateOptions(Optional<String> baselineRef, Optional<Path> baselineJars, double tolerance,
                            Optional<Path> candidateJars) {

    /** The tolerance when none is given: a throughput loss of 5 % or more fails (docs/regression-gate.md). */
    public static final double DEFAULT_TOLERANCE = 0.05;

    public AbGateOptions {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("the gate's tolerance must be a fraction in [0, 1), got " + tolerance);
        }
    }

    /** A baseline to compare with the working tree's build. */
    public AbGateOptions(Optional<String> baselineRef, Optional<Path> baselineJars, double tolerance) {
        this(baselineRef, baselineJars, tolerance, Optional.empty());
    }

    /** No baseline named, the default tolerance. */
    public static AbGateOptions none() {
        return new AbGateOptions(Optional.empty(), Optional.empty(), DEFAULT_TOLERANCE);
    }
}
