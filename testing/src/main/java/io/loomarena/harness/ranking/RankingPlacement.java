package io.loomarena.harness.ranking;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.CpuPlacement;
import io.loomarena.harness.summary.MeasuredRun;

/**
 * Which measured iterations a ranking judges: those measured with the server's and the client's CPUs in one placement,
 * the same for every combination, like with like. On a virtual machine the host moves the guest's two CPUs nearer and
 * farther apart for seconds to a minute; an iteration measured far apart runs about 20% slower whatever the model
 * ({@link CpuPlacement}). Interleaving spreads that over every combination, but a combination whose two forks landed in
 * different placements still gets an interval as wide as the placements are apart, and one measured only far apart
 * would rank below where it belongs. So when every iteration carries the probe's readings, the ranking keeps, for
 * every combination, the placement in which the most combinations have at least {@link #MIN_ITERATIONS} iterations
 * (then the most iterations; near on a tie), and sets the others aside (far apart, or moved during the iteration,
 * as the probe's readings or the iteration's cost tell).
 * A combination with fewer than {@link #MIN_ITERATIONS} there is judged on all its iterations and tied with every
 * other ({@link #apart}): against the others it would compare a different placement. Without a reading for every
 * iteration (no pinning, an older summary) every iteration is judged, as before the probe, and nothing is said.
 * Immutable.
 *
 * @param judged the summaries as judged ({@link BenchmarkSummary#judgedOn}), in the order given
 * @param apart  combinations with too few iterations in the kept placement
 * @param line   what was kept and why, for the line under the ranking; empty without readings
 */
public record RankingPlacement(List<BenchmarkSummary> judged, Set<String> apart, String line) {

    /** Iterations a combination needs in the kept placement to be judged on it alone: as the A/B gate. */
    public static final int MIN_ITERATIONS = 3;
    /**
     * The widest interval, as a share of the mean on either side, that the quick echo matrix gives a combination of two
     * forks on a quiet 2-CPU machine: ±0.8-3.4% measured (docs/methodology.md, "Like with like in rankings").
     */
    public static final double QUIET_HALF_WIDTH = 0.05;
    /** What the line under a ranking starts with. */
    public static final String PLACEMENT = "placement";

    public RankingPlacement {
        judged = List.copyOf(judged);
        // In the order given, not Set.copyOf's: adaptive forks start from it, and a seed must repeat a run.
        apart = Collections.unmodifiableSet(new LinkedHashSet<>(apart));
    }

    /** The iterations of {@code summaries} that a ranking judges. */
    public static RankingPlacement of(List<BenchmarkSummary> summaries) {
        Optional<CpuPlacement> found = CpuPlacement.of(summaries.stream().map(s -> s.runs().measured()).toList());
        if (found.isEmpty()) {
            return new RankingPlacement(summaries, Set.of(), "");
        }
        CpuPlacement placement = found.get();
        if (placement.one()) {
            return new RankingPlacement(summaries, Set.of(), PLACEMENT + ": every measured iteration ran with the"
                    + " server's and the client's CPUs in one placement (" + placement.range() + ")");
        }
        CpuPlacement.Where kept = keptPlacement(summaries, placement);
        Map<CpuPlacement.Where, Long> counts = summaries.stream().flatMap(s -> s.runs().measured().stream())
                .collect(Collectors.groupingBy(placement::of, () -> new EnumMap<>(CpuPlacement.Where.class),
                        Collectors.counting()));
        List<String> apart = summaries.stream().filter(s -> count(s, placement, kept) < MIN_ITERATIONS)
                .map(BenchmarkSummary::combination).toList();
        List<BenchmarkSummary> judged = summaries.stream().map(s -> apart.contains(s.combination()) ? s
                : s.judgedOn(run -> placement.of(run) == kept)).toList();
        if (apart.size() == summaries.size()) {
            return new RankingPlacement(summaries, Set.of(), String.format(Locale.ROOT, "%s: the host moved the"
                    + " server's and the client's CPUs throughout (%s), and no combination has %d measured iterations"
                    + " in one placement: every iteration judged, so the intervals hold both placements",
                    PLACEMENT, tally(counts, placement), MIN_ITERATIONS));
        }
        long setAside = summaries.stream().filter(s -> !apart.contains(s.combination()))
                .mapToLong(s -> s.runs().measured().size() - count(s, placement, kept)).sum();
        String line = String.format(Locale.ROOT, "%s: judged on the iterations measured with the server's and the"
                + " client's CPUs %s, like with like (%s); %d iteration%s of the others set aside", PLACEMENT,
                kept == CpuPlacement.Where.NEAR ? "near" : "far apart", tally(counts, placement), setAside,
                setAside == 1 ? "" : "s");
        if (!apart.isEmpty()) {
            line += String.format(Locale.ROOT, "; %s had fewer than %d iterations %s: judged on all %s and tied"
                    + " with every other combination", Verdict.and(apart), MIN_ITERATIONS,
                    kept == CpuPlacement.Where.NEAR ? "near" : "far apart", apart.size() == 1 ? "its" : "theirs");
        }
        return new RankingPlacement(judged, new LinkedHashSet<>(apart), line);
    }

    /**
     * The combinations of {@code summaries} judged on the iterations of fewer than two forks (or of fewer forks than
     * planned, when fewer than two were) in the kept placement, apart ones included: the host moved the CPUs during
     * their other forks, and a fork more may fill the placement (the placement fill of
     * {@code io.loomarena.harness.session.AdaptiveForks}). Empty without readings or with one placement. In the order
     * given.
     */
    public static Set<String> thin(List<BenchmarkSummary> summaries) {
        RankingPlacement placement = of(summaries);
        Set<String> thin = new LinkedHashSet<>();
        for (int i = 0; i < summaries.size(); i++) {
            BenchmarkSummary judged = placement.judged().get(i);
            long forks = judged.runs().measured().stream().mapToInt(MeasuredRun::fork).distinct().count();
            int wanted = Math.min(2, judged.runs().plannedForks());
            if (placement.apart(judged) || judged.runs().setAside() > 0 && forks < wanted) {
                thin.add(judged.combination());
            }
        }
        return thin;
    }

    /**
     * The combinations of {@code summaries} whose interval of the mean elapsed time, as judged (in the kept placement),
     * is wider than {@link #QUIET_HALF_WIDTH} of the mean on either side: one iteration far off the others, a hiccup of
     * the host's; a fork more may narrow it (the placement fill). Those judged apart are left to {@link #thin}. In the
     * order given.
     */
    public static Set<String> wide(List<BenchmarkSummary> summaries) {
        RankingPlacement placement = of(summaries);
        Set<String> wide = new LinkedHashSet<>();
        for (BenchmarkSummary judged : placement.judged()) {
            ConfidenceInterval interval = judged.aggregate().elapsedCi95Nanos();
            double mean = judged.aggregate().averageElapsedNanos();
            if (!placement.apart(judged) && interval != null
                    && Math.max(interval.high() - mean, mean - interval.low()) > QUIET_HALF_WIDTH * mean) {
                wide.add(judged.combination());
            }
        }
        return wide;
    }

    /** Whether {@code summary}'s combination could not be judged in the kept placement. */
    public boolean apart(BenchmarkSummary summary) {
        return apart.contains(summary.combination());
    }

    private static CpuPlacement.Where keptPlacement(List<BenchmarkSummary> summaries, CpuPlacement placement) {
        CpuPlacement.Where near = CpuPlacement.Where.NEAR;
        CpuPlacement.Where far = CpuPlacement.Where.FAR;
        long placedNear = placed(summaries, placement, near);
        long placedFar = placed(summaries, placement, far);
        if (placedNear != placedFar) {
            return placedNear > placedFar ? near : far;
        }
        return total(summaries, placement, far) > total(summaries, placement, near) ? far : near;
    }

    private static long placed(List<BenchmarkSummary> summaries, CpuPlacement placement, CpuPlacement.Where where) {
        return summaries.stream().filter(s -> count(s, placement, where) >= MIN_ITERATIONS).count();
    }

    private static long total(List<BenchmarkSummary> summaries, CpuPlacement placement, CpuPlacement.Where where) {
        return summaries.stream().mapToLong(s -> count(s, placement, where)).sum();
    }

    private static long count(BenchmarkSummary summary, CpuPlacement placement, CpuPlacement.Where where) {
        return summary.runs().measured().stream().filter((MeasuredRun run) -> placement.of(run) == where).count();
    }

    private static String tally(Map<CpuPlacement.Where, Long> counts, CpuPlacement placement) {
        return String.format(Locale.ROOT, "%d iterations near, round trip at most %.0f ns; %d far apart%s; %d moved"
                + " during the iteration%s", counts.getOrDefault(CpuPlacement.Where.NEAR, 0L), placement.limit(),
                counts.getOrDefault(CpuPlacement.Where.FAR, 0L), placement.farthestNote(),
                counts.getOrDefault(CpuPlacement.Where.MOVED, 0L), placement.movedByCostNote());
    }
}
