package io.loomarena.harness.gate;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import java.util.stream.Stream;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.ServerMetrics;

/**
 * Which measured iterations the A/B gate compares: those measured with the server's and the client's CPUs in the same
 * placement. On a virtual machine the host moves the guest's two CPUs nearer and farther apart; while they are far
 * apart, loopback costs every model more kernel time per message (about 20% of throughput on the 2-CPU machines of
 * this project), and an iteration measured then differs from one measured near by more than a 10% regression
 * (docs/regression-gate.md, "Placement"). Each iteration carries the cross-CPU round trip read around it
 * ({@link ServerMetrics#CROSS_CPU_ROUND_TRIP}); a reading more than {@link #FARTHER} times the run's nearest is the
 * far placement. The gate keeps the placement in which both builds have the most iterations, at least
 * {@link #MIN_ITERATIONS} each; when neither placement has that many on both sides, or an iteration has no reading
 * (no pinning, an older summary), it judges every iteration, and the line says so. Immutable.
 *
 * @param kept the iterations judged
 * @param line what was kept and why, for the {@code [PERF][GATE]} line
 */
record Placements(Predicate<MeasuredRun> kept, String line) {

    /** A round trip more than this many times the nearest of the run is another placement. */
    static final double FARTHER = 2.0;
    /** Iterations per build a placement needs to be judged on alone. */
    static final int MIN_ITERATIONS = 3;

    private static final String KEY = ServerMetrics.CROSS_CPU_ROUND_TRIP.key();

    static Placements of(BenchmarkSummary baseline, BenchmarkSummary candidate) {
        List<MeasuredRun> a = baseline.runs().measured();
        List<MeasuredRun> b = candidate.runs().measured();
        if (Stream.concat(a.stream(), b.stream()).anyMatch(run -> !run.metrics().containsKey(KEY))) {
            return new Placements(run -> true, "no cross-CPU reading for every iteration (server and client not"
                    + " pinned to two CPUs of this machine): judged on every iteration");
        }
        double nearest = Stream.concat(a.stream(), b.stream()).mapToDouble(Placements::reading).min().orElseThrow();
        double farthest = Stream.concat(a.stream(), b.stream()).mapToDouble(Placements::reading).max().orElseThrow();
        double limit = FARTHER * nearest;
        Predicate<MeasuredRun> near = run -> reading(run) <= limit;
        long nearA = a.stream().filter(near).count();
        long nearB = b.stream().filter(near).count();
        long farA = a.size() - nearA;
        long farB = b.size() - nearB;
        if (farA == 0 && farB == 0) {
            return new Placements(run -> true, String.format(Locale.ROOT, "every iteration measured with the CPUs"
                    + " in one placement (cross-CPU round trip %.0f-%.0f ns)", nearest, farthest));
        }
        String counts = String.format(Locale.ROOT, "near: %d baseline and %d this-build iterations (round trip at"
                + " most %.0f ns); far: %d and %d (up to %.0f ns)", nearA, nearB, limit, farA, farB, farthest);
        long nearBoth = Math.min(nearA, nearB);
        long farBoth = Math.min(farA, farB);
        if (Math.max(nearBoth, farBoth) < MIN_ITERATIONS) {
            return new Placements(run -> true, "the host moved the CPUs during the run and neither placement has "
                    + MIN_ITERATIONS + " iterations of each build (" + counts + "): judged on every iteration,"
                    + " with the placement's noise");
        }
        boolean keepNear = nearBoth >= farBoth;
        return new Placements(keepNear ? near : near.negate(), "judged on the iterations measured with the CPUs "
                + (keepNear ? "near" : "far apart") + ", like with like; the others set aside (" + counts + ")");
    }

    private static double reading(MeasuredRun run) {
        return run.metrics().get(KEY);
    }
}
