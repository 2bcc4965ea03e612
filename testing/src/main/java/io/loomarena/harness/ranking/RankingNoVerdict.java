package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * When a fastest-first ranking has nothing left to judge: at most one of its combinations was measured without other
 * work on its CPUs ({@link Separation#disturbed}) and with enough iterations in the placement judged
 * ({@link RankingPlacement#apart}), so no pair of combinations could be compared and every row ties by construction,
 * not by the data. Then one {@code [PERF] NO VERDICT} line says why and what to do, under the ranking. An open-model
 * ranking (lowest p99 first) is ordered without the tie rule and always has its order. Stateless.
 */
public final class RankingNoVerdict {

    private RankingNoVerdict() {
    }

    /** The line, or empty when the ranking could compare at least one pair (or has one combination). */
    public static Optional<String> of(Ranking ranking, BenchmarkSuite.Ranked order) {
        if (order == BenchmarkSuite.Ranked.BY_P99 || ranking.entries().size() < 2) {
            return Optional.empty();
        }
        List<String> disturbed = ranking.entries().stream().filter(e -> Separation.disturbed(e.summary()))
                .map(RankedCombination::combination).toList();
        List<String> apart = ranking.entries().stream().filter(e -> !disturbed.contains(e.combination()))
                .filter(ranking::apart).map(RankedCombination::combination).toList();
        int judged = ranking.entries().size() - disturbed.size() - apart.size();
        if (judged > 1) {
            return Optional.empty();
        }
        StringBuilder why = new StringBuilder();
        if (!disturbed.isEmpty()) {
            why.append(String.format(Locale.ROOT, "%s %s measured beside other work taking %.0f%% or more of a"
                    + " pinned CPU", Verdict.and(disturbed), disturbed.size() == 1 ? "was" : "were",
                    HarnessMetrics.DISTURBED * 100));
        }
        if (!apart.isEmpty()) {
            why.append(why.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "%s had fewer than %d"
                    + " iterations in the placement of the CPUs judged", Verdict.and(apart),
                    RankingPlacement.MIN_ITERATIONS));
        }
        int forks = ranking.entries().get(0).summary().runs().plannedForks();
        return Optional.of(String.format(Locale.ROOT, "[PERF] NO VERDICT %s: throughput order: no two combinations"
                + " could be compared (%s), so every row ties whatever its figures; rank again on a quieter runner"
                + " (nothing else on the two CPUs the run pins)%s (%s)", ranking.suite(), why,
                apart.isEmpty() ? "" : String.format(Locale.ROOT, ", or with more forks (-Dloomarena.forks, %d now)"
                        + " or a longer placement fill (-Dloomarena.fillBudget)", forks), NoVerdict.NOTE));
    }
}
