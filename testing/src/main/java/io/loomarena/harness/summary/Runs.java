package io.loomarena.harness.summary;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * How a combination was measured, JMH's way: {@code forks} times a fresh server JVM and a fresh client JVM; in each
 * client JVM {@code warmupIterations} iterations that are discarded, then {@code iterations} measured ones. Immutable.
 *
 * @param forks            fresh server and client JVM pairs
 * @param warmupIterations iterations per fork before measuring (their figures are discarded)
 * @param iterations       measured iterations per fork
 * @param measured         every measured iteration, fork by fork, in order
 * @param interleavingSeed the seed of the order of forks when this combination's forks ran interleaved with other
 *                         combinations' ({@code io.loomarena.harness.session.InterleavedForks}); {@code null} (and
 *                         absent from the file) when they ran back to back, one combination per invocation
 * @param adaptiveForks    of {@code forks}, how many were added after the planned ones because this combination's
 *                         order against a neighbour in its ranking was undecided (adaptive forks,
 *                         {@code io.loomarena.harness.session.AdaptiveForks}); 0 (and absent from the file) otherwise
 * @param setAside         measured iterations left out of {@code measured} because a ranking judged the combination on
 *                         the others ({@link #keeping}); 0 in every summary file, only a ranking's view of it has more
 */
public record Runs(int forks, int warmupIterations, int iterations, List<MeasuredRun> measured,
                   @JsonInclude(JsonInclude.Include.NON_NULL) Long interleavingSeed,
                   @JsonInclude(JsonInclude.Include.NON_DEFAULT) int adaptiveForks,
                   @JsonInclude(JsonInclude.Include.NON_DEFAULT) int setAside) {

    @JsonCreator
    public Runs {
        measured = List.copyOf(measured);
        if (forks < 1 || warmupIterations < 0 || iterations < 1) {
            throw new IllegalArgumentException("need forks >= 1, warmupIterations >= 0 and iterations >= 1, got "
                    + forks + ", " + warmupIterations + ", " + iterations);
        }
        if (setAside < 0 || measured.isEmpty() || measured.size() + setAside != forks * iterations) {
            throw new IllegalArgumentException(forks + " forks x " + iterations + " iterations but " + measured.size()
                    + " measured iterations were given" + (setAside == 0 ? "" : " and " + setAside + " set aside"));
        }
        if (adaptiveForks < 0 || adaptiveForks >= forks) {
            throw new IllegalArgumentException("adaptive forks must be 0.." + (forks - 1) + " of " + forks
                    + " forks, got " + adaptiveForks);
        }
    }

    /** As measured: every iteration kept. */
    public Runs(int forks, int warmupIterations, int iterations, List<MeasuredRun> measured, Long interleavingSeed,
                int adaptiveForks) {
        this(forks, warmupIterations, iterations, measured, interleavingSeed, adaptiveForks, 0);
    }

    /** Forks planned, interleaved or not, without adaptive forks. */
    public Runs(int forks, int warmupIterations, int iterations, List<MeasuredRun> measured, Long interleavingSeed) {
        this(forks, warmupIterations, iterations, measured, interleavingSeed, 0);
    }

    /** Forks that ran back to back (no interleaving seed). */
    public Runs(int forks, int warmupIterations, int iterations, List<MeasuredRun> measured) {
        this(forks, warmupIterations, iterations, measured, null);
    }

    /** The forks the run planned for every combination: {@code forks} without the adaptive ones. */
    public int plannedForks() {
        return forks - adaptiveForks;
    }

    /** Warmup iterations per fork (what the rankings compare and print as warmups). */
    public int warmups() {
        return warmupIterations;
    }

    /**
     * The same runs with only the measured iterations that {@code kept} accepts, the others counted as set aside:
     * what a ranking judges when it compares combinations on the iterations of one placement of the CPUs. At least
     * one must be kept.
     */
    public Runs keeping(java.util.function.Predicate<MeasuredRun> kept) {
        List<MeasuredRun> judged = measured.stream().filter(kept).toList();
        return new Runs(forks, warmupIterations, iterations, judged, interleavingSeed, adaptiveForks,
                setAside + measured.size() - judged.size());
    }

    /** Measured iterations over all forks: the sample the averages and intervals are computed from. */
    public int measuredRuns() {
        return measured.size();
    }
}
