package io.loomarena.harness.summary;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
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
 * ({@link ServerMetrics#CROSS_CPU_BEFORE}, {@link ServerMetrics#CROSS_CPU_AFTER}). A reading more than {@link #FARTHER}
 * times the nearest of the set is far: 58-117 ns is one placement, 58-117 and 330-345 ns are two. Measured from the
 * nearest rather than at the widest jump between sorted readings, because one disturbed reading far above the rest
 * (1,100-1,300 ns, seen on 2026-11-27) made the widest jump the one below it and put 58 and 345 ns in one placement.
 * On these machines the near placement reads 48-122 ns, so three times the nearest keeps all of it near. An iteration
 * is near when both its readings are near, far when both are far, and moved when the CPUs moved during it.
 * <p>
 * The readings are taken between iterations, so a move there and back within one iteration escapes them; its cost
 * does not. The same work costs every model's server and the load client more CPU per operation while the CPUs are
 * far apart (about 1.4 times on 2026-11-27), and nothing a model does raises the client's cost along with its own. So
 * an iteration read near whose server and client both spent {@link #COST_STEP} times or more CPU per operation than in
 * the cheapest near iteration of their fork is moved too, and so is one read far apart whose server and client both
 * spent {@link #COST_STEP} times less than in the dearest far iteration of their fork (a move near and back): {@link
 * #movedByCost}. Measured on 2026-11-28 over the stored runs of the noise matrix and the A/B gate (2,366 iterations
 * with another of their fork and placement): 1.5% of near iterations, at 0.63-0.90 of their fork's best throughput,
 * and 1.6% of far ones; in the gate's runs as many in builds slowed by 600-800 ns per message as in their baselines
 * (3 of 393 and 3 of 398), since a slower build costs more in every iteration of its forks and the reference is its
 * own fork (docs/methodology.md, "Like with like in rankings").
 * The one rule for the A/B gate and the rankings.
 * Immutable.
 *
 * @param limit     the farthest reading still near, nanoseconds; {@code farthest} when every reading is one placement
 * @param nearest   the nearest reading, nanoseconds
 * @param farthest  the farthest reading, nanoseconds
 * @param movedByCost the iterations whose readings agree but whose cost says the CPUs moved during them
 */
public record CpuPlacement(double limit, double nearest, double farthest, Set<MeasuredRun> movedByCost) {

    /** A reading more than this many times the nearest is the far placement. */
    public static final double FARTHER = 3.0;
    /**
     * How far the server's and the client's CPU per operation must both be from their fork's other iterations in the
     * same placement for a move to be the cause: this many times the cheapest near iteration, or this many times less
     * than the dearest far one. Within a fork and placement the two figures stay close (95% of iterations within 1.05
     * of the cheapest); a move for part of an iteration shifts both together.
     */
    public static final double COST_STEP = 1.10;

    private static final String BEFORE = ServerMetrics.CROSS_CPU_BEFORE.key();
    private static final String AFTER = ServerMetrics.CROSS_CPU_AFTER.key();
    private static final String SERVER_CPU = ServerMetrics.SERVER_CPU_PER_OPERATION.key();
    private static final String CLIENT_CPU = ServerMetrics.CLIENT_CPU_LOAD.key();

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
     * their fork read near, or at most the dearest read far over {@link #COST_STEP}. A fork with one iteration in a
     * placement, or an iteration without both CPU figures, has nothing to compare with, and none of its iterations is
     * counted.
     */
    static Set<MeasuredRun> movedByCost(List<? extends Collection<MeasuredRun>> sets, double limit) {
        Set<MeasuredRun> moved = new HashSet<>();
        for (Collection<MeasuredRun> set : sets) {
            Map<String, List<MeasuredRun>> forks = new HashMap<>();
            for (MeasuredRun run : set) {
                Where where = fromReadings(run, limit);
                if (where != Where.MOVED) {
                    forks.computeIfAbsent(run.fork() + " " + where, key -> new ArrayList<>()).add(run);
                }
            }
            for (List<MeasuredRun> fork : forks.values()) {
                if (fork.size() < 2 || fork.stream().anyMatch(run -> !(serverCost(run) > 0) || !(clientCost(run) > 0))) {
                    continue;
                }
                if (fromReadings(fork.get(0), limit) == Where.NEAR) {
                    // Near is the cheapest a message gets: a move makes an iteration dearer.
                    double server = fork.stream().mapToDouble(CpuPlacement::serverCost).min().orElseThrow();
                    double client = fork.stream().mapToDouble(CpuPlacement::clientCost).min().orElseThrow();
                    fork.stream().filter(run -> serverCost(run) >= COST_STEP * server
                            && clientCost(run) >= COST_STEP * client).forEach(moved::add);
                } else {
                    // Far apart a move (near, and back) makes it cheaper.
                    double server = fork.stream().mapToDouble(CpuPlacement::serverCost).max().orElseThrow();
                    double client = fork.stream().mapToDouble(CpuPlacement::clientCost).max().orElseThrow();
                    fork.stream().filter(run -> COST_STEP * serverCost(run) <= server
                            && COST_STEP * clientCost(run) <= client).forEach(moved::add);
                }
            }
        }
        return moved;
    }

    /** The server's CPU nanoseconds per operation over {@code run}; NaN when it was not read. */
    private static double serverCost(MeasuredRun run) {
        return run.metrics().getOrDefault(SERVER_CPU, Double.NaN);
    }

    /**
     * The client's CPU per operation over {@code run}, in nanoseconds of its CPUs' share (the same CPUs throughout a
     * fork, so it compares within one); NaN when it was not read.
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
     * {@code " (N of them seen by their cost: ...)"} when the cost told of moves the readings missed, so that a line
     * counting moved iterations says how it knows; empty otherwise.
     */
    public String movedByCostNote() {
        return movedByCost.isEmpty() ? "" : String.format(Locale.ROOT, " (%d of them seen by their cost: the server's"
                + " and the client's CPU per operation both %.0f%% or more above their fork's cheapest iteration"
                + " near, or, far apart, its dearest that much above them)", movedByCost.size(),
                (COST_STEP - 1) * 100);
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
