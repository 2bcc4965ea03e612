package io.loomarena.harness.summary;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where the host had put the server's and the client's CPUs during each measured iteration: near (sharing a cache) or
 * far apart. On a virtual machine the host moves the guest's two CPUs; while they are far apart, loopback costs every
 * model more kernel time per message (about 20% of throughput on the 2-CPU machines of this project), so iterations
 * measured in different placements differ by more than the models do (docs/methodology.md, "Why forks differ").
 * <p>
 * Each iteration carries the cross-CPU round trip read just before and just after it
 * ({@link HarnessMetrics#CROSS_CPU_BEFORE}, {@link HarnessMetrics#CROSS_CPU_AFTER}). A reading more than {@link #FARTHER}
 * times the nearest of the set is far: 58-117 ns is one placement, 58-117 and 330-345 ns are two. Measured from the
 * nearest rather than at the widest jump between sorted readings, because one disturbed reading far above the rest
 * (1,100-1,300 ns, seen on 2026-11-27) made the widest jump the one below it and put 58 and 345 ns in one placement.
 * On these machines the near placement reads 48-122 ns, so three times the nearest keeps all of it near. An iteration
 * is near when both its readings are near, far when both are far, and moved when the CPUs moved during it.
 * <p>
 * The readings are taken between iterations, so a move there and back within one iteration escapes them, and they do
 * not tell every placement apart; the cost does. The same work costs every model's server and the load client more
 * CPU per operation while the CPUs are far apart (about 1.4 times on 2026-11-27), and nothing a model does raises the
 * client's cost along with its own. So an iteration read near whose server and client both spent {@link #COST_STEP}
 * times or more CPU per operation than the cheapest near iteration of their combination (its every fork) is moved
 * too, and so is one read far apart whose server and client both spent {@link #COST_STEP} times less than the
 * dearest far one (a move near and back): {@link #movedByCost}. Measured on 2026-11-28 over the stored runs of the
 * noise matrix and the A/B gate: it marks 4.2% of near iterations (85 of 2,030), at 0.55-0.91 of their
 * combination's best throughput, and 2.9% of far ones; in the gate's runs as many in builds slowed by 600-800 ns per
 * message as in their baselines (14 of 407 and 14 of 414), since a slower build costs more in every iteration and the
 * reference is its own (docs/methodology.md, "Like with like in rankings"). The one rule for the A/B gate and the
 * rankings.
 * Immutable.
 *
 * @param limit       the farthest reading still near, nanoseconds; {@code farthest} when every reading is one placement
 * @param nearest     the nearest reading, nanoseconds
 * @param farthest    the farthest reading, nanoseconds
 * @param movedByCost the iterations whose readings agree but whose cost says the CPUs were elsewhere during them
 */
public record CpuPlacement(double limit, double nearest, double farthest, Set<MeasuredRun> movedByCost) {

    /** A reading more than this many times the nearest is the far placement. */
    public static final double FARTHER = 3.0;
    /**
     * How far the server's and the client's CPU per operation must both be from their combination's other iterations
     * in the same placement for the host to be the cause: this many times the cheapest near iteration, or this many
     * times less than the dearest far one. Near, 95% of iterations stay within 1.09 of the cheapest on the nearer side
     * (2,010 with a reference, 2026-11-28); a move for part of an iteration shifts both figures together.
     */
    public static final double COST_STEP = 1.10;

    private static final String BEFORE = HarnessMetrics.CROSS_CPU_BEFORE.key();
    private static final String AFTER = HarnessMetrics.CROSS_CPU_AFTER.key();
    private static final String SERVER_CPU = HarnessMetrics.SERVER_CPU_PER_OPERATION.key();
    private static final String CLIENT_CPU = HarnessMetrics.CLIENT_CPU_LOAD.key();
    private static final String NEIGHBOURS = HarnessMetrics.NEIGHBOUR_CPU_SHARE.key();

    /** Where an iteration was measured. */
    public enum Where { NEAR, FAR, MOVED }

    public CpuPlacement {
        movedByCost = Set.copyOf(movedByCost);
    }

    /**
     * The placements of {@code sets}, each the measured iterations of one summary (a combination, or one build of the
     * A/B gate), whose forks are numbered within it; empty when one of them has no reading before or after it (no
     * pinning to two CPUs of this machine, a probe that failed, a summary written before the probe), since then no
     * like-with-like choice can be made.
     */
    public static Optional<CpuPlacement> of(List<? extends Collection<MeasuredRun>> sets) {
        List<MeasuredRun> runs = sets.stream().<MeasuredRun>flatMap(Collection::stream).toList();
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
        return Optional.of(new CpuPlacement(limit, nearest, farthest, movedByCost(sets, limit)));
    }

    /**
     * The iterations of {@code sets} whose readings agree (both near or both far, as {@code limit} tells) and whose
     * server and client each spent at least {@link #COST_STEP} times the CPU per operation of the cheapest iteration of
     * their summary read near, or at most the dearest read far over {@link #COST_STEP}. The reference is taken over
     * every fork of the summary, since forks of one combination in one placement differ by the host's doing too (their
     * server's and client's costs moved together, r = 0.95 over 153 forks on 2026-11-28), and over the iterations no
     * other work disturbed ({@link HarnessMetrics#DISTURBED}), since a client held back by a neighbour spends less per
     * message and would make every other iteration look dear. A placement with one iteration, or an iteration without
     * both CPU figures, has nothing to compare with, and none of its iterations is counted.
     */
    static Set<MeasuredRun> movedByCost(List<? extends Collection<MeasuredRun>> sets, double limit) {
        Set<MeasuredRun> moved = new HashSet<>();
        for (Collection<MeasuredRun> set : sets) {
            Map<Where, List<MeasuredRun>> placements = new EnumMap<>(Where.class);
            for (MeasuredRun run : set) {
                Where where = fromReadings(run, limit);
                if (where != Where.MOVED) {
                    placements.computeIfAbsent(where, key -> new ArrayList<>()).add(run);
                }
            }
            placements.forEach((where, runs) -> {
                List<MeasuredRun> references = runs.stream().filter(run -> run.metrics().getOrDefault(NEIGHBOURS, 0.0)
                        < HarnessMetrics.DISTURBED).toList();
                if (runs.size() < 2 || references.isEmpty() || !runs.stream().allMatch(run -> usable(serverCost(run))
                        && usable(clientCost(run)))) {
                    return;
                }
                if (where == Where.NEAR) {
                    // Near is the cheapest a message gets: a move makes an iteration dearer.
                    double server = references.stream().mapToDouble(CpuPlacement::serverCost).min().orElseThrow();
                    double client = references.stream().mapToDouble(CpuPlacement::clientCost).min().orElseThrow();
                    runs.stream().filter(run -> serverCost(run) >= COST_STEP * server
                            && clientCost(run) >= COST_STEP * client).forEach(moved::add);
                } else {
                    // Far apart a move (near, and back) makes it cheaper.
                    double server = references.stream().mapToDouble(CpuPlacement::serverCost).max().orElseThrow();
                    double client = references.stream().mapToDouble(CpuPlacement::clientCost).max().orElseThrow();
                    runs.stream().filter(run -> COST_STEP * serverCost(run) <= server
                            && COST_STEP * clientCost(run) <= client).forEach(moved::add);
                }
            });
        }
        return moved;
    }

    /** Whether {@code cost} is a reading to compare: positive and finite (not absent, not over no operation). */
    private static boolean usable(double cost) {
        return cost > 0 && Double.isFinite(cost);
    }

    /** The server's CPU nanoseconds per operation over {@code run}; NaN when it was not read. */
    private static double serverCost(MeasuredRun run) {
        return run.metrics().getOrDefault(SERVER_CPU, Double.NaN);
    }

    /**
     * The client's CPU per operation over {@code run}, in nanoseconds of its CPUs' share (the client is pinned to the
     * same CPUs in every fork of a run, so it compares across them); NaN when it was not read.
     */
    private static double clientCost(MeasuredRun run) {
        return run.metrics().getOrDefault(CLIENT_CPU, Double.NaN) * run.elapsedNanos() / run.operations();
    }

    /** Whether every reading was one placement and no iteration's cost says the CPUs moved (nothing to choose). */
    public boolean one() {
        return limit == farthest && movedByCost.isEmpty();
    }

    /** Where {@code run}, one of the runs this was computed from, was measured. */
    public Where of(MeasuredRun run) {
        return movedByCost.contains(run) ? Where.MOVED : fromReadings(run, limit);
    }

    /** {@code ", up to 345 ns"}, the farthest reading, when some reading was far apart; empty otherwise. */
    public String farthestNote() {
        return limit == farthest ? "" : String.format(Locale.ROOT, ", up to %.0f ns", farthest);
    }

    /**
     * {@code " (N of them seen by their cost, not the readings: ...)"} when the cost told of placements the readings
     * missed, so that a line counting moved iterations says how it knows; empty otherwise.
     */
    public String movedByCostNote() {
        return movedByCost.isEmpty() ? "" : String.format(Locale.ROOT, " (%d of them seen by their cost, not the"
                + " readings: the server's and the client's CPU per operation both %.0f%% or more above the cheapest"
                + " near iteration of their combination or build, or, far apart, the dearest that much above them)",
                movedByCost.size(), (COST_STEP - 1) * 100);
    }

    private static Where fromReadings(MeasuredRun run, double limit) {
        boolean nearBefore = run.metrics().get(BEFORE) <= limit;
        boolean nearAfter = run.metrics().get(AFTER) <= limit;
        return nearBefore && nearAfter ? Where.NEAR : !nearBefore && !nearAfter ? Where.FAR : Where.MOVED;
    }

    /** {@code cross-CPU round trip 58-117 ns}, the readings' range. */
    public String range() {
        return String.format(Locale.ROOT, "cross-CPU round trip %.0f-%.0f ns", nearest, farthest);
    }
}
