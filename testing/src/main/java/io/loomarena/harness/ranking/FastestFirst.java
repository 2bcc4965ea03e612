package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Fixed work, fastest first by the mean elapsed time: {@code [PERF][FINAL]} lines. Stateless. */
final class FastestFirst implements RankingKind {

    static final FastestFirst KIND = new FastestFirst();

    private static final String TIE_HOW = "a bootstrap over forks, then iterations; with one fork, unless the two"
            + " intervals do not overlap";

    private FastestFirst() {
    }

    @Override
    public List<RankedCombination> order(Ranking ranking) {
        return ranking.entries();
    }

    @Override
    public List<RankingTable.Column> columns(RankingColumns columns) {
        List<RankingTable.Column> all = new ArrayList<>(columns.fastestMarkdown());
        all.addAll(columns.fastestConsole());
        all.addAll(RankingTable.csvInHistoricalOrder(columns.csv()));
        all.addAll(columns.html());
        return all;
    }

    @Override
    public String console(RankingTable table) {
        return ConsoleRanking.fastest(table);
    }

    @Override
    public String markdown(RankingTable table) {
        return MarkdownRanking.fastest(table);
    }

    @Override
    public String verdict(Ranking ranking) {
        return Verdict.fastest(ranking);
    }

    @Override
    public boolean shadesTiesWithFirst() {
        return true;
    }

    @Override
    public String reportNote(RankingTable table) {
        boolean anyFromRuns = table.rows().stream()
                .anyMatch(row -> ThroughputInterval.of(row.aggregate()).fromRunRange());
        boolean tied = table.rows().stream().anyMatch(RankingTable.Row::tiedWithFastest);
        StringBuilder out = new StringBuilder("<p class=\"note\">The interval is the 95% confidence interval of the"
                + " mean elapsed time turned into throughput (operations per run over its ends). Two ranks are tied"
                + " unless the 95% interval of the ratio of their throughputs excludes 1 (" + TIE_HOW + ")");
        out.append(tied ? ", and the shaded rows tie with the fastest." : ".");
        out.append(" vs fastest is the throughput over the fastest's, with the 95% interval of that ratio.");
        if (anyFromRuns) {
            out.append(" * Fewer than 3 runs: the slowest to the fastest run instead.");
        }
        String disturbed = RankingTable.disturbedNote(table);
        if (!disturbed.isEmpty()) {
            out.append(" <strong>").append(RankingTable.DISTURBED).append("</strong>")
                    .append(HtmlText.escape(disturbed.substring(RankingTable.DISTURBED.length()))).append('.');
        }
        String placement = table.ranking().placement();
        if (!placement.isEmpty()) {
            out.append(" <strong>").append(RankingPlacement.PLACEMENT).append("</strong>")
                    .append(HtmlText.escape(placement.substring(RankingPlacement.PLACEMENT.length()))).append('.');
        }
        return out.append("</p>\n").toString();
    }

    @Override
    public Optional<String> noThroughputChart() {
        return Optional.empty();
    }
}
