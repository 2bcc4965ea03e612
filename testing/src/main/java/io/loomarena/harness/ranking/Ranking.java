package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeanInterval;
import io.loomarena.harness.summary.RatioInterval;
import io.loomarena.harness.summary.ServerCell;

/**
 * The combinations of one suite, fastest first by the mean elapsed time of their measured runs. Built only from
 * summaries that measured the same workload with the same number of runs; {@link #of} refuses anything else with a
 * message that names what is missing or different. Generic over suites: the unit ({@code msg}, {@code req}) comes
 * from the summaries. Immutable.
 *
 * @param suite        the suite's name
 * @param unit         what one operation is
 * @param workload     the workload every combination measured
 * @param warmups      warmup runs per combination
 * @param measuredRuns measured runs per combination
 * @param entries      the combinations, fastest first, each with its summary as judged ({@link RankingPlacement})
 * @param placement    which iterations were judged, for the line under the ranking ({@link RankingPlacement#line});
 *                     empty when the summaries carry no placement readings
 * @param apart        the combinations with too few iterations in the placement judged, tied with every other
 *                     ({@link RankingPlacement#apart})
 */
public record Ranking(String suite, String unit, Map<String, Object> workload, int warmups, int measuredRuns,
                      List<RankedCombination> entries, String placement, Set<String> apart) {

    /** The one order of a ranking: mean elapsed time, then name so that equal times still sort the same way. */
    public static final Comparator<BenchmarkSummary> FASTEST_FIRST = Comparator
            .comparingDouble((BenchmarkSummary s) -> s.aggregate().averageElapsedNanos())
            .thenComparing(BenchmarkSummary::combination);

    public Ranking {
        workload = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(workload));
        entries = List.copyOf(entries);
        Objects.requireNonNull(placement, "placement");
        apart = Set.copyOf(apart);
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("a ranking needs at least one combination");
        }
    }

    /**
     * Ranks the summaries of {@code suite}.
     *
     * @param summaries            every summary found for the suite
     * @param expectedCombinations combinations that must all be present (the others found are ranked too)
     * @param source               where the summaries were read from, for messages
     * @throws RankingException if a combination is missing or the summaries are not comparable
     */
    public static Ranking of(String suite, List<BenchmarkSummary> summaries, Collection<String> expectedCombinations,
                             String source) {
        TreeSet<String> missing = new TreeSet<>(expectedCombinations);
        summaries.forEach(s -> missing.remove(s.combination()));
        if (summaries.isEmpty() || !missing.isEmpty()) {
            throw new RankingException("cannot rank suite '" + suite + "': " + (summaries.isEmpty()
                    ? "no summaries" : "missing summaries for " + String.join(", ", missing)) + " in " + source
                    + " (run their @Performance scenarios first, with the same workload)");
        }
        requireSame(suite, summaries, "suite", BenchmarkSummary::suite);
        requireSame(suite, summaries, "unit", BenchmarkSummary::unit);
        requireSame(suite, summaries, "workload", s -> normalized(s.workload()));
        // Like with like: one cell of the run's JVM axes per ranking (docs/jvm.md).
        requireSame(suite, summaries, "server JVM and flag set", s -> ServerCell.of(s).label());
        // Adaptive forks add forks to some combinations only: the plan, not the count, must be the same.
        requireSame(suite, summaries, "forks", s -> String.valueOf(s.runs().plannedForks()));
        requireSame(suite, summaries, "measured iterations per fork", s -> String.valueOf(s.runs().iterations()));
        requireSame(suite, summaries, "warmup iterations per fork", s -> String.valueOf(s.runs().warmups()));
        int measuredRuns = summaries.stream().sorted(FASTEST_FIRST).findFirst().orElseThrow().runs().measuredRuns();
        // Like with like: every combination judged on the iterations of one placement of the two CPUs.
        RankingPlacement placement = RankingPlacement.of(summaries);
        List<BenchmarkSummary> sorted = placement.judged().stream().sorted(FASTEST_FIRST).toList();
        double fastest = sorted.get(0).aggregate().averageElapsedNanos();
        // Each pair judged once, slower against faster, so that a tie is symmetric whatever the resamples.
        boolean[][] tiedPairs = new boolean[sorted.size()][sorted.size()];
        for (int i = 0; i < sorted.size(); i++) {
            for (int j = 0; j < i; j++) {
                tiedPairs[i][j] = placement.apart(sorted.get(i)) || placement.apart(sorted.get(j))
                        || !Separation.ordered(sorted.get(i), sorted.get(j));
                tiedPairs[j][i] = tiedPairs[i][j];
            }
        }
        List<RankedCombination> entries = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            BenchmarkSummary summary = sorted.get(i);
            double delta = summary.aggregate().averageElapsedNanos() - fastest;
            List<Integer> tied = new ArrayList<>();
            for (int j = 0; j < sorted.size(); j++) {
                if (tiedPairs[i][j]) {
                    tied.add(j + 1);
                }
            }
            RatioInterval vsFastest = i == 0 ? new RatioInterval(1, 1, 1, MeanInterval.LEVEL)
                    : Separation.throughputRatio(summary, sorted.get(0));
            entries.add(new RankedCombination(i + 1, summary, delta, fastest == 0 ? 0 : delta * 100 / fastest,
                    vsFastest, tied));
        }
        BenchmarkSummary first = sorted.get(0);
        return new Ranking(suite, first.unit(), first.workload(), first.runs().warmups(), measuredRuns, entries,
                placement.line(), placement.apart());
    }

    /**
     * How every combination was measured, for the headers: {@code 2 forks x 3 measured iterations (each fork a fresh
     * server JVM and a fresh client JVM running 2 warmup iterations first)}.
     */
    public String shape() {
        var runs = entries.get(0).summary().runs();
        int adaptive = entries.stream().mapToInt(e -> e.summary().runs().adaptiveForks()).max().orElse(0);
        // The fastest may have had adaptive forks: the header names the plan, the rows their own forks.
        return String.format(java.util.Locale.ROOT, "%d fork%s x %d measured iteration%s (each fork a fresh server JVM"
                        + " and a fresh client JVM running %d warmup iteration%s first)%s", runs.plannedForks(),
                runs.plannedForks() == 1 ? "" : "s", runs.iterations(), runs.iterations() == 1 ? "" : "s",
                runs.warmupIterations(), runs.warmupIterations() == 1 ? "" : "s", adaptive == 0 ? ""
                        : String.format(java.util.Locale.ROOT, ", and up to %d adaptive fork%s more where a"
                        + " neighbour's order was undecided or the placement judged had one fork of the row (forks per"
                        + " row)", adaptive, adaptive == 1 ? "" : "s"));
    }

    /**
     * The rule that declares two combinations tied, as printed in the outputs. A ranking claims "A ranks above B" only
     * where the 95% interval of the ratio of their throughputs excludes 1 ({@link Separation}); every other pair is
     * tied. Ties are pairwise and need not be transitive (A above B, while C, measured with a wide interval, ties with
     * both): each combination lists exactly the ones it cannot be told from, and the printed order, by mean, never
     * contradicts an ordered pair, because a ratio's interval holds its point estimate.
     */
    public static final String TIE_RULE = "two combinations are tied unless the 95% interval of the ratio of their"
            + " throughputs excludes 1 (bootstrap over forks, then iterations; with one fork or fewer than 3"
            + " measured iterations, unless their own intervals, or min-max ranges, do not overlap): the data cannot"
            + " order them";

    /**
     * Whether {@code entry} had too few iterations in the placement judged, and so is tied with every other
     * combination whatever its interval ({@link RankingPlacement}).
     */
    public boolean apart(RankedCombination entry) {
        return apart.contains(entry.combination());
    }

    /** The ranks of the other combinations this one is tied with ({@link #TIE_RULE}), ascending; empty when none. */
    public List<Integer> tiedWith(RankedCombination entry) {
        return entry.tiedWith();
    }

    private static boolean tied(RankedCombination a, RankedCombination b) {
        return a.tiedWith().contains(b.rank());
    }

    /** {@code 2,3}, or {@code none}: the ranks {@link #tiedWith} as printed. */
    public String tiedWithText(RankedCombination entry) {
        List<Integer> ranks = tiedWith(entry);
        return ranks.isEmpty() ? "none" : ranks.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Whether adaptive forks gave some combinations more forks than the plan (then the rows' forks differ). */
    public boolean hasAdaptiveForks() {
        return entries.stream().anyMatch(e -> e.summary().runs().adaptiveForks() > 0);
    }

    /** The fastest combination. */
    public RankedCombination fastest() {
        return entries.get(0);
    }

    /**
     * The combinations tied with the fastest ({@link #TIE_RULE}), fastest first; empty when the fastest stands alone.
     * Not always ranks 2, 3...: a combination with a wide interval may tie with the fastest while one ranked above it
     * does not.
     */
    public List<RankedCombination> tiedWithFastest() {
        return entries.stream().skip(1).filter(other -> tied(fastest(), other)).toList();
    }

    /** Sum of the elapsed times of every measured run of every combination. */
    public long totalMeasuredNanos() {
        return entries.stream().flatMap(e -> e.summary().runs().measured().stream())
                .mapToLong(run -> run.elapsedNanos()).sum();
    }

    /**
     * What the totals leave out: {@code 6 more set aside by the placement line}, or empty when every measured
     * iteration was judged. Every figure of a ranking comes from the iterations judged, the totals too.
     */
    public String setAsideText() {
        int setAside = entries.stream().mapToInt(e -> e.summary().runs().setAside()).sum();
        return setAside == 0 ? "" : String.format(java.util.Locale.ROOT, "%d more set aside by the placement line",
                setAside);
    }

    /** The distinct commits the summaries were measured at, sorted. */
    public List<String> commits() {
        return entries.stream().map(e -> e.summary().environment().gitCommit()).distinct().sorted().toList();
    }

    /** {@code clients=20, messages=200, size=32}: the workload as one line. */
    public String workloadText() {
        return workload.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static void requireSame(String suite, List<BenchmarkSummary> summaries, String what,
                                    java.util.function.Function<BenchmarkSummary, String> key) {
        Map<String, List<String>> byValue = new TreeMap<>();
        for (BenchmarkSummary summary : summaries) {
            byValue.computeIfAbsent(Objects.toString(key.apply(summary)), k -> new ArrayList<>())
                    .add(summary.combination());
        }
        if (byValue.size() > 1) {
            throw new RankingException("cannot rank suite '" + suite + "': the summaries differ in " + what + ": "
                    + byValue.entrySet().stream().map(e -> e.getKey() + " for " + String.join(", ", e.getValue()))
                    .collect(Collectors.joining("; "))
                    + " (rerun the combinations with one workload)");
        }
    }

    /** A workload as text that does not depend on how JSON typed its numbers. */
    private static String normalized(Map<String, Object> workload) {
        return new TreeMap<>(workload).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
