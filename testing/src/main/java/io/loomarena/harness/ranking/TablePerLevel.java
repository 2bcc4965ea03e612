package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.ranking.RankingTable.Output;

/**
 * Fixed work at each level of a sweep: one table per level with throughput and latency per server model, in the
 * build log as in Markdown; the report judges it as fixed work, fastest first. Stateless.
 */
final class TablePerLevel implements RankingKind {

    static final TablePerLevel KIND = new TablePerLevel();

    private TablePerLevel() {
    }

    @Override
    public List<RankedCombination> order(Ranking ranking) {
        return ranking.entries();
    }

    @Override
    public List<RankingTable.Column> columns(RankingColumns columns) {
        List<RankingTable.Column> all = new ArrayList<>(columns.level(Output.MARKDOWN));
        all.addAll(columns.level(Output.CONSOLE));
        all.addAll(RankingTable.csvInHistoricalOrder(columns.csv()));
        all.addAll(columns.html());
        return all;
    }

    @Override
    public String console(RankingTable table) {
        return "[PERF] " + MarkdownRanking.levelTitle(table.ranking()) + "\n"
                + MarkdownRanking.table(table, Output.CONSOLE);
    }

    @Override
    public String markdown(RankingTable table) {
        return "## " + MarkdownRanking.levelTitle(table.ranking()) + "\n\n"
                + MarkdownRanking.table(table, Output.MARKDOWN);
    }

    @Override
    public String verdict(Ranking ranking) {
        return FastestFirst.KIND.verdict(ranking);
    }

    @Override
    public boolean shadesTiesWithFirst() {
        return FastestFirst.KIND.shadesTiesWithFirst();
    }

    @Override
    public String reportNote(RankingTable table) {
        return FastestFirst.KIND.reportNote(table);
    }

    @Override
    public Optional<String> noThroughputChart() {
        return Optional.empty();
    }
}
