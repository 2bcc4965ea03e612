package io.loomarena.harness.gate;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.CpuPlacement;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * Which measured iterations the A/B gate compares: those measured with the server's and the client's CPUs in the same
 * placement. On a virtual machine the host moves the guest's two CPUs nearer and farther apart; while they are far
 * apart, loopback costs every model more kernel time per message (about 20% of throughput on the 2-CPU machines of
 * this project), and an iteration measured then differs from one measured near by more than a 10% regression
 * (docs/regression-gate.md, "Placement: like with like").
 * <p>
 * Each iteration carries the cross-CPU round trip read just before and just after it ({@link
 * HarnessMetrics#CROSS_CPU_BEFORE}, {@link HarnessMetrics#CROSS_CPU_AFTER}). A reading more than
 * {@link CpuPlacement#FARTHER} times the run's nearest is the far placement ({@link CpuPlacement}, the rankings' rule
 * too). An iteration is near when both its readings are near, far when both are far, and moved (set aside) when the
 * CPUs moved during it, as its readings or its cost per operation tell. The gate keeps the placement in which both
 * builds have the most iterations, at least {@link #MIN_ITERATIONS} each; when neither has that many, the builds were
 * measured in different placements and cannot be compared like with like ({@link #matched} false: the gate adds
 * forks, then says INCONCLUSIVE). Without a reading for every iteration (no pinning, an older summary) every iteration
 * is judged, and the line says so. Before all that, an iteration during which other work took {@link
 * HarnessMetrics#DISTURBED} or more of a pinned CPU ({@link HarnessMetrics#NEIGHBOUR_CPU_SHARE}: a neighbour, the host's
 * steal) is set aside; with fewer than {@link #MIN_ITERATIONS} left of a build, the builds cannot be compared ({@link
 * #matched} false). Immutable.
 *
 * @param kept    the iterations judged
 * @param matched whether the kept iterations compare like with like (or there was no reading to tell)
 * @param line    what was kept and why, for the {@code [PERF][GATE]} line
 */
record Placements(Predicate<MeasuredRun> kept, boolean matched, String line) {

    /** Iterations per build a placement needs to be judged on alone. */
    static final int MIN_ITERATIONS = 3;

    private static final String NEIGHBOURS = HarnessMetrics.NEIGHBOUR_CPU_SHARE.key();

    static Placements of(BenchmarkSummary baseline, BenchmarkSummary candidate) {
        // An iteration measured beside other work on its CPUs is set aside first: a neighbour does not slow both
        // builds alike unless it happens to span both.
        Predicate<MeasuredRun> quiet = run -> run.metrics().getOrDefault(NEIGHBOURS, 0.0) < HarnessMetrics.DISTURBED;
        List<MeasuredRun> a = baseline.runs().measured().stream().filter(quiet).toList();
        List<MeasuredRun> b = candidate.runs().measured().stream().filter(quiet).toList();
        int asideA = baseline.runs().measured().size() - a.size();
        int asideB = candidate.runs().measured().size() - b.size();
        String aside = asideA + asideB == 0 ? "" : String.format(Locale.ROOT, "; %d baseline and %d this-build"
                + " iterations set aside: other work took %.0f%% or more of the server's or the client's CPU during"
                + " them", asideA, asideB, HarnessMetrics.DISTURBED * 100);
        if (asideA + asideB > 0 && Math.min(a.size(), b.size()) < MIN_ITERATIONS) {
            return new Placements(quiet, false, "fewer than " + MIN_ITERATIONS + " iterations of each build measured"
                    + " without other work on their CPUs" + aside);
        }
        Placements placements = of(a, b);
        return new Placements(quiet.and(placements.kept()), placements.matched(), placements.line() + aside);
    }

    /** The placement the iterations {@code a} and {@code b} of the two builds share most. */
    private static Placements of(List<MeasuredRun> a, List<MeasuredRun> b) {
        java.util.Optional<CpuPlacement> found = CpuPlacement.of(List.of(a, b));
        if (found.isEmpty()) {
            return new Placements(run -> true, true, "no cross-CPU reading for every iteration (server and client"
                    + " not pinned to two CPUs of this machine, or a probe that failed): judged whatever the"
                    + " placement");
        }
        CpuPlacement placement = found.get();
        if (placement.one()) {
            return new Placements(run -> true, true, "every iteration measured with the CPUs in one placement ("
                    + placement.range() + ")");
        }
        Predicate<MeasuredRun> near = run -> placement.of(run) == CpuPlacement.Where.NEAR;
        Predicate<MeasuredRun> far = run -> placement.of(run) == CpuPlacement.Where.FAR;
        long nearA = a.stream().filter(near).count();
        long nearB = b.stream().filter(near).count();
        long farA = a.stream().filter(far).count();
        long farB = b.stream().filter(far).count();
        String counts = String.format(Locale.ROOT, "near: %d baseline and %d this-build iterations (round trip at"
                + " most %.0f ns); far: %d and %d%s; moved during the iteration: %d and %d%s", nearA, nearB,
                placement.limit(), farA, farB, placement.limit() < placement.farthest()
                        ? String.format(Locale.ROOT, " (up to %.0f ns)", placement.farthest()) : "",
                a.size() - nearA - farA, b.size() - nearB - farB, placement.movedByCostNote());
        long nearBoth = Math.min(nearA, nearB);
        long farBoth = Math.min(farA, farB);
        if (Math.max(nearBoth, farBoth) < MIN_ITERATIONS) {
            return new Placements(run -> true, false, "the host moved the CPUs and no placement has "
                    + MIN_ITERATIONS + " iterations of each build (" + counts + ")");
        }
        boolean keepNear = nearBoth >= farBoth;
        return new Placements(keepNear ? near : far, true, "judged on the iterations measured with the CPUs "
                + (keepNear ? "near" : "far apart") + ", like with like; the others set aside (" + counts + ")");
    }
}
