package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.RatioInterval;

/**
 * What a ranking found, in one sentence a reader can quote: which combination is fastest and by how much, or that the
 * fastest ones tie and so these runs name no winner. A table sorted by the mean invites reading rank 1 as "the
 * winner" even when its interval overlaps half the table; the sentence says which reading the data supports. By how
 * much is the ratio of the throughputs with the 95% interval by which the ranking decides ties ({@link Separation}). When every combination shares one client model,
 * the sentence speaks of server models and names them by their server label alone. Stateless.
 */
public final class Verdict {

    private Verdict() {
    }

    /** The verdict of a fixed-work ranking (fastest first by mean elapsed time). */
    public static String fastest(Ranking ranking) {
        List<RankedCombination> entries = ranking.entries();
        RankedCombination first = ranking.fastest();
        String noun = noun(ranking);
        if (entries.size() == 1) {
            return String.format(Locale.ROOT, "Only %s was measured: there is nothing to rank it against.",
                    name(ranking, first.summary()));
        }
        List<RankedCombination> tied = ranking.tiedWithFastest();
        Optional<RankedCombination> next = entries.stream().skip(1).filter(e -> !tied.contains(e)).findFirst();
        if (tied.isEmpty()) {
            return String.format(Locale.ROOT, "%s is the fastest %s: %s the throughput of the next, %s.",
                    name(ranking, first.summary()), noun, ratio(first, next.orElseThrow()),
                    name(ranking, next.orElseThrow().summary()));
        }
        if (next.isEmpty()) {
            return String.format(Locale.ROOT, "No single fastest %s: all %d tie (no ratio between two of"
                    + " them is known to differ from 1), so these runs cannot order them.", noun, entries.size());
        }
        List<String> names = new ArrayList<>();
        names.add(name(ranking, first.summary()));
        tied.forEach(e -> names.add(name(ranking, e.summary())));
        boolean leading = tied.get(tied.size() - 1).rank() == tied.size() + 1;
        String tie = leading
                ? String.format(Locale.ROOT, "the %d fastest, %s, tie (the data cannot order them)", names.size(),
                        and(names))
                : String.format(Locale.ROOT, "%s ties with %s (the data cannot order them)", names.get(0),
                        and(names.subList(1, names.size())));
        return String.format(Locale.ROOT, "No single fastest %s: %s; %s is %s the throughput of %s, the fastest %s it"
                        + " does not tie with.", noun, tie, names.get(0), ratio(first, next.get()),
                name(ranking, next.get().summary()), noun);
    }

    /**
     * The verdict of an open-model ranking (lowest p99 first, {@link P99Order}). A p99 from the measured runs'
     * histograms added together carries no interval, so the sentence says that small differences may be noise.
     */
    public static String lowestP99(Ranking ranking) {
        List<BenchmarkSummary> sorted = ranking.entries().stream().map(RankedCombination::summary)
                .sorted(P99Order.LOWEST_P99_FIRST).toList();
        BenchmarkSummary best = sorted.get(0);
        long p99 = best.aggregate().latency().p99();
        String errors = best.aggregate().totalErrors() == 0 ? ""
                : String.format(Locale.ROOT, " (with %d failed requests)", best.aggregate().totalErrors());
        if (sorted.size() == 1) {
            return String.format(Locale.ROOT, "Only %s was measured: p99 latency %,d µs%s.", name(ranking, best),
                    p99, errors);
        }
        List<String> shared = sorted.stream().filter(s -> s.aggregate().latency().p99() == p99)
                .map(s -> name(ranking, s)).toList();
        if (shared.size() == sorted.size()) {
            return String.format(Locale.ROOT, "Every %s has the same p99 latency, %,d µs.", noun(ranking), p99);
        }
        BenchmarkSummary next = sorted.get(shared.size());
        long nextP99 = next.aggregate().latency().p99();
        return String.format(Locale.ROOT, "%s the lowest p99 latency, %,d µs%s, against %,d µs (%.2fx) for the"
                        + " next, %s; a p99 carries no interval here, so a difference of a few percent may be noise.",
                shared.size() == 1 ? shared.get(0) + " has" : and(shared) + " share", p99, errors, nextP99,
                p99 == 0 ? Double.POSITIVE_INFINITY : (double) nextP99 / p99, name(ranking, next));
    }

    /**
     * {@code 1.18x (1.10–1.27)}: how many times the throughput of {@code slower} {@code faster} reached, with the 95%
     * interval of that ratio by which the ranking decides ties ({@link Separation}).
     */
    static String ratio(RankedCombination faster, RankedCombination slower) {
        RatioInterval ratio = Separation.throughputRatio(faster.summary(), slower.summary());
        return String.format(Locale.ROOT, "%sx (%s–%s)", times(ratio.ratio()), times(ratio.lower()),
                times(ratio.upper()));
    }

    private static String times(double ratio) {
        return ratio >= Double.MAX_VALUE || Double.isInfinite(ratio) || Double.isNaN(ratio) ? "∞"
                : String.format(Locale.ROOT, "%.2f", ratio);
    }

    /**
     * How the verdict and the report name a combination: its server label when every combination of the ranking
     * shares one client model (then the server is all that differs), else the whole combination.
     */
    public static String name(Ranking ranking, BenchmarkSummary summary) {
        return serverModels(ranking) && summary.serverLabel() != null && !summary.serverLabel().isBlank()
                ? summary.serverLabel() : summary.combination();
    }

    /** Whether the combinations differ only in their server model. */
    public static boolean serverModels(Ranking ranking) {
        return ranking.entries().size() > 1
                && ranking.entries().stream().map(e -> e.summary().clientLabel()).distinct().count() == 1;
    }

    private static String noun(Ranking ranking) {
        return serverModels(ranking) ? "server model" : "combination";
    }

    /** {@code A}, {@code A and B}, {@code A, B and C}. */
    public static String and(List<String> names) {
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}
