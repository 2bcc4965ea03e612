package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.history.HistoryRecorder;
import io.loomarena.harness.history.change.HistoryLines;
import io.loomarena.harness.ranking.CellRankings;
import io.loomarena.harness.ranking.P99Order;
import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.RankingFiles;
import io.loomarena.harness.ranking.Separation;
import io.loomarena.harness.ranking.Suites;
import io.loomarena.harness.summary.SummaryStore;

/** Thin steps that rank any suite's persisted summaries through {@link CellRankings} (one ranking per cell of the JVM axes) and print them. */
public final class RankingSteps {

    /** The two fields that close a {@code [PERF][FINAL]} line: the ratio to the fastest and the client's CPU. */
    private static final Pattern RATIO_AND_CLIENT_CPU = Pattern.compile(
            ", vs-fastest=(1|\\d+\\.\\d{3} \\(\\d+\\.\\d{3}\\.\\.(\\d+\\.\\d{3}|∞)\\)),"
                    + " client-cpu=(n/a|\\d+%( client-bound)?)$");

    private final BenchmarkContext context;

    public RankingSteps(BenchmarkContext context) {
        this.context = context;
    }

    @When("the echo benchmark summaries are ranked")
    public void theEchoBenchmarkSummariesAreRanked() {
        rank("echo");
    }

    @When("the HTTP {word} summaries are ranked")
    public void theSummariesAreRanked(String suite) {
        rank(suite);
    }

    /**
     * How many rows the default run ranks is the suite's list ({@code EchoSuite.combinations()}, which
     * {@code SuiteExamplesTest} holds the feature's rows to), not a number written in the feature.
     */
    @Then("the ranking lists every echo combination of the default run fastest first, and the single server's when its row ran")
    public void theRankingListsAllCombinations() {
        fastestFirst();
    }

    @Then("the ranking lists every combination of each group fastest first, one [PERF][FINAL] line each")
    public void fastestFirst() {
        // Every combination the group must hold, and those measured only when asked for if they ran: nothing else.
        assertThat(context.ranking.groups()).isNotEmpty().allSatisfy(group -> {
            // A run over JVM axes names a combination with its cell (VIRTUAL_SERVER+VIRTUAL_CLIENT@jdk21): the suite
            // names it without.
            List<String> names = group.entries().stream()
                    .map(entry -> entry.summary().combination().split("@", 2)[0]).toList();
            List<String> optional = context.suite.optionalCombinations(group.workload());
            assertThat(names).containsAll(context.suite.expectedCombinations(group.workload()))
                    .hasSize(context.suite.expectedCombinations(group.workload()).size()
                            + (int) optional.stream().filter(names::contains).count());
            assertThat(group.entries())
                    .isSortedAccordingTo((a, b) -> Double.compare(a.averageSeconds(), b.averageSeconds()));
        });
        assertThat(context.ranking.finalLines()).hasSize(context.ranking.groups().stream()
                .mapToInt(group -> group.entries().size()).sum())
                .allMatch(line -> line.contains(" " + context.ranking.groups().get(0).unit() + "/s, "));
    }

    @Then("every ranking line ends with its ratio to the fastest, with an interval, and its client's CPU")
    public void everyLineEndsWithItsRatioToTheFastestAndItsClientCpu() {
        assertThat(context.ranking.finalLines()).isNotEmpty()
                .allMatch(line -> RATIO_AND_CLIENT_CPU.matcher(line).find(),
                        "ends with vs-fastest=R (L..H), client-cpu=N% [client-bound]");
        // A combination the ranking orders below the fastest has a ratio interval below 1, and only then, unless one
        // of the two was measured beside other work on its CPUs or has too few iterations in the placement judged
        // (then they are tied whatever the interval).
        assertThat(context.ranking.groups()).allSatisfy(group -> assertThat(group.entries()
                .subList(1, group.entries().size())).allSatisfy(entry -> assertThat(entry.vsFastest().upper() < 1
                        && !Separation.disturbed(entry.summary())
                        && !Separation.disturbed(group.entries().get(0).summary())
                        && !group.apart(entry) && !group.apart(group.entries().get(0)))
                        .isEqualTo(!entry.tiedWith().contains(1))));
    }

    @Then("the ranking lists every server by p99 latency, lowest first, under a header that says so")
    public void byP99() {
        var group = context.ranking.groups().get(0);
        assertThat(P99Order.sorted(group)).hasSize(context.suite.expectedCombinations(group.workload()).size())
                .isSortedAccordingTo(P99Order.LOWEST_P99_FIRST);
        assertThat(context.ranking.console()).contains("ranking by p99 latency (lower is better) of an open-model"
                + " workload").contains("[PERF][P99] 1) ");
    }

    @Then("the ranking shows one table per level, each listing every server with its throughput and p99")
    public void oneTablePerLevel() {
        assertThat(context.ranking.groups()).isNotEmpty().allSatisfy(level -> assertThat(level.entries())
                .hasSize(context.suite.expectedCombinations(level.workload()).size())
                .extracting(RankedCombination::throughput).isSortedAccordingTo((a, b) -> Double.compare(b, a)));
        assertThat(context.ranking.console().lines().filter(line -> line.startsWith("| # | server |")))
                .hasSize(context.ranking.groups().size());
    }

    @Then("the ranking is written as ranking.md and ranking.csv beside the summaries")
    public void theRankingIsWrittenBesideTheSummaries() {
        theRankingIsWritten();
        for (SummaryStore store : context.rankedStores()) {
            assertThat(store.suiteDir(context.suite.folder()).resolve(RankingFiles.MARKDOWN)).content()
                    .contains("these figures belong to this machine");
        }
    }

    /** In the suite's folder, or in each cell's when the run sets JVM axes. */
    @Then("the ranking is written as ranking.md and ranking.csv in the suite's folder")
    public void theRankingIsWritten() {
        List<Path> expected = new ArrayList<>();
        for (SummaryStore store : context.rankedStores()) {
            Path dir = store.suiteDir(context.suite.folder());
            expected.addAll(List.of(dir.resolve(RankingFiles.MARKDOWN), dir.resolve(RankingFiles.CSV)));
            assertThat(dir.resolve(RankingFiles.CSV)).content().contains("rank,combination");
            assertThat(dir.resolve(RankingFiles.MARKDOWN)).content().contains("# " + context.suite.folder());
        }
        assertThat(context.ranking.files()).containsExactlyElementsOf(expected);
    }

    private void rank(String suite) {
        context.suite = Suites.named(suite);
        context.ranking = Skipping.unlessNothingToDo(() -> CellRankings.rank(context.rankedStores(), context.suite,
                context.axes.setByRun() ? context.axes.describe() : "", BenchmarkContext.LEDGER));
        System.out.print(context.ranking.console());
        System.out.flush();
        HistoryRecorder.of(context.options, System.out, HistoryLines::afterRun).recordRanking(context.rankedStores(), context.suite.folder(),
                context.ranking.groups());
        context.options.noVerdict().settle(context.ranking.noVerdicts().size(), "the " + suite + " ranking");
    }
}
