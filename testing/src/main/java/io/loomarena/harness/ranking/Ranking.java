package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;

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
 * @param entries      the combinations, fastest first
 */
public record Ranking(String suite, String unit, Map<String, Object> workload, int warmups, int measuredRuns,
                      List<RankedCombination> entries) {

    /** The one order of a ranking: mean elapsed time, then name so that equal times still sort the same way. */
    public static final Comparator<BenchmarkSummary> FASTEST_FIRST = Comparator
            .comparingDouble((BenchmarkSummary s) -> s.aggregate().averageElapsedNanos())
            .thenComparing(BenchmarkSummary::combination);

    public Ranking {
        workload = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(workload));
        entries = List.copyOf(entries);
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
        requireSame(suite, summaries, "measured runs", s -> String.valueOf(s.runs().measuredRuns()));
        requireSame(suite, summaries, "warmups", s -> String.valueOf(s.runs().warmups()));
        List<BenchmarkSummary> sorted = summaries.stream().sorted(FASTEST_FIRST).toList();
        double fastest = sorted.get(0).aggregate().averageElapsedNanos();
        List<RankedCombination> entries = new ArrayList<>();
        for (BenchmarkSummary summary : sorted) {
            double delta = summary.aggregate().averageElapsedNanos() - fastest;
            entries.add(new RankedCombination(entries.size() + 1, summary, delta,
                    fastest == 0 ? 0 : delta * 100 / fastest));
        }
        BenchmarkSummary first = sorted.get(0);
        return new Ranking(suite, first.unit(), first.workload(), first.runs().warmups(), first.runs().measuredRuns(),
                entries);
    }

    /** The fastest combination. */
    public RankedCombination fastest() {
        return entries.get(0);
    }

    /** Sum of the elapsed times of every measured run of every combination. */
    public long totalMeasuredNanos() {
        return entries.stream().flatMap(e -> e.summary().runs().measured().stream())
                .mapToLong(run -> run.elapsedNanos()).sum();
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
