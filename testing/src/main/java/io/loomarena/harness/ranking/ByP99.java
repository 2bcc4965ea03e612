package io.loomarena.harness.ranking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.ranking.RankingTable.Output;

/**
 * Open model, lowest p99 latency first: {@code [PERF][P99]} lines. Elapsed time is no score here: the arrival
 * schedule fixes it, and so the throughput. Stateless.
 */
final class ByP99 implements RankingKind {

    static final ByP99 KIND = new ByP99();

    private ByP99() {
    }

    @Override
    public List<RankedCombination> order(Ranking ranking) {
        return ranking.entries().stream()
                .sorted(Comparator.comparing(RankedCombination::summary, P99Order.LOWEST_P99_FIRST)).toList();
    }

    @Override
    public List<RankingTable.Column> columns(RankingColumns columns) {
        List<RankingTable.Column> all = new ArrayList<>(columns.p99(Output.MARKDOWN));
        all.addAll(columns.p99(Output.CSV));
        all.addAll(columns.p99Html());
        return all;
    }

    @Override
    public String console(RankingTable table) {
        return ConsoleRanking.p99(table);
    }

    @Override
    public String markdown(RankingTable table) {
        return MarkdownRanking.p99(table);
    }

    @Override
    public String verdict(Ranking ranking) {
        return Verdict.lowestP99(ranking);
    }

    @Override
    public boolean shadesTiesWithFirst() {
        return false;
    }

    @Override
    public String reportNote(RankingTable table) {
        return "<p class=\"note\">Open model: requests arrive on a schedule, whatever the server does, so throughput"
                + " is the arrival rate and ranks nothing; latency counts from each request's intended send"
                + " time.</p>\n";
    }

    @Override
    public Optional<String> noThroughputChart() {
        return Optional.of("No throughput chart: in this open-model workload requests arrive on a schedule, so"
                + " every server's throughput is the arrival rate, fixed by the workload.");
    }
}
