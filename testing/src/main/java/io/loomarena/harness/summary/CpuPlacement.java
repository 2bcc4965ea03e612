package io.loomarena.harness.summary;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the host had put the server's and the client's CPUs during each measured iteration: near (sharing a cache) or
 * far apart. On a virtual machine the host moves the guest's two CPUs; while they are far apart, loopback costs every
 * model more kernel time per message (about 20% of throughput on the 2-CPU machines of this project), so iterations
 * measured in different placements differ by more than the models do (docs/methodology.md, "Why forks differ").
 * <p>
 * Each iteration carries the cross-CPU round trip read just before and just after it
 * ({@link ServerMetrics#CROSS_CPU_BEFORE}, {@link ServerMetrics#CROSS_CPU_AFTER}). A reading more than {@link #FARTHER}
 * times the nearest of the set is far: 58-117 ns is one placement, 58-117 and 330-345 ns are two. Measured from the
 * nearest rather than at the widest jump between sorted readings, because one disturbed reading far above the rest
 * (1,100-1,300 ns, seen on 2026-11-27) made the widest jump the one below it and put 58 and 345 ns in one placement.
 * On these machines the near placement reads 48-122 ns, so three times the nearest keeps all of it near. An iteration
 * is near when both its readings are near, far when both are far, and moved when the CPUs moved during it. The one
 * rule for the A/B gate and the rankings. Immutable.
 *
 * @param limit    the farthest reading still near, nanoseconds; {@code farthest} when every reading is one placement
 * @param nearest  the nearest reading, nanoseconds
 * @param farthest the farthest reading, nanoseconds
 */
public record CpuPlacement(double limit, double nearest, double farthest) {

    /** A reading more than this many times the nearest is the far placement. */
    public static final double FARTHER = 3.0;

    private static final String BEFORE = ServerMetrics.CROSS_CPU_BEFORE.key();
    private static final String AFTER = ServerMetrics.CROSS_CPU_AFTER.key();

    /** Where an iteration was measured. */
    public enum Where { NEAR, FAR, MOVED }

    /**
     * The placements of {@code runs}; empty when one of them has no reading before or after it (no pinning to two CPUs
     * of this machine, a probe that failed, a summary written before the probe), since then no like-with-like choice
     * can be made.
     */
    public static Optional<CpuPlacement> of(Collection<MeasuredRun> runs) {
        if (runs.isEmpty() || runs.stream().anyMatch(run -> !run.metrics().containsKey(BEFORE)
                || !run.metrics().containsKey(AFTER))) {
            return Optional.empty();
        }
        double[] sorted = runs.stream().flatMapToDouble(run -> java.util.stream.DoubleStream.of(
                run.metrics().get(BEFORE), run.metrics().get(AFTER))).sorted().toArray();
        double nearest = sorted[0];
        double farthest = sorted[sorted.length - 1];
        double limit = nearest;
        for (double reading : sorted) {
            if (reading <= nearest * FARTHER) {
                limit = reading;
            }
        }
        return Optional.of(new CpuPlacement(limit, nearest, farthest));
    }

    /** Whether every reading was one placement (nothing to choose). */
    public boolean one() {
        return limit == farthest;
    }

    /** Where {@code run}, one of the runs this was computed from, was measured. */
    public Where of(MeasuredRun run) {
        boolean nearBefore = run.metrics().get(BEFORE) <= limit;
        boolean nearAfter = run.metrics().get(AFTER) <= limit;
        return nearBefore && nearAfter ? Where.NEAR : !nearBefore && !nearAfter ? Where.FAR : Where.MOVED;
    }

    /** {@code cross-CPU round trip 58-117 ns}, the readings' range. */
    public String range() {
        return String.format(Locale.ROOT, "cross-CPU round trip %.0f-%.0f ns", nearest, farthest);
    }
}
