package io.loomarena.harness.ranking;

import io.loomarena.harness.BenchmarkSuite;

/** A ranking's table for each way a suite ranks, for the format tests. */
final class Tables {

    private Tables() {
    }

    static RankingTable fastest(Ranking ranking) {
        return RankingTable.of(ranking, BenchmarkSuite.Ranked.FASTEST_FIRST);
    }

    static RankingTable p99(Ranking ranking) {
        return RankingTable.of(ranking, BenchmarkSuite.Ranked.BY_P99);
    }

    static RankingTable level(Ranking ranking) {
        return RankingTable.of(ranking, BenchmarkSuite.Ranked.TABLE_PER_LEVEL);
    }
}
