package io.loomarena.harness.ranking;

import java.util.List;
import java.util.Optional;

import io.loomarena.harness.BenchmarkSuite;

/**
 * How a suite's ranking orders and shows its combinations, as one object per kind (fixed work fastest first, open
 * model by p99, fixed work one table per level): the table's row order and columns, the console and Markdown texts,
 * and what the report says of it. The only place that tells the kinds apart is {@link #of}. Stateless.
 */
public sealed interface RankingKind permits FastestFirst, ByP99, TablePerLevel {

    /** The kind of a suite ranked {@code ranked}. */
    static RankingKind of(BenchmarkSuite.Ranked ranked) {
        return switch (ranked) {
            case FASTEST_FIRST -> FastestFirst.KIND;
            case BY_P99 -> ByP99.KIND;
            case TABLE_PER_LEVEL -> TablePerLevel.KIND;
        };
    }

    /** The combinations of {@code ranking} in this kind's row order. */
    List<RankedCombination> order(Ranking ranking);

    /** Every output's columns of a table of this kind. */
    List<RankingTable.Column> columns(RankingColumns columns);

    /** The text for the build log ({@link ConsoleRanking}). */
    String console(RankingTable table);

    /** The Markdown text ({@link MarkdownRanking}). */
    String markdown(RankingTable table);

    /** The report's verdict sentence ({@link Verdict}). */
    String verdict(Ranking ranking);

    /** Whether the report shades the rows tied with the first one (a tie means something only for throughput). */
    boolean shadesTiesWithFirst();

    /** The report's note under the verdict table, as HTML. */
    String reportNote(RankingTable table);

    /** Why the report draws no throughput chart for this kind, or empty when it draws one. */
    Optional<String> noThroughputChart();
}
