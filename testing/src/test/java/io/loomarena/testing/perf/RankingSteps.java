package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.ranking.RankingFiles;
import io.loomarena.harness.ranking.SuiteRanking;

/** Thin steps that rank a suite's persisted benchmark summaries and print the {@code [PERF]} lines. */
public final class RankingSteps {

    private final BenchmarkContext context;

    public RankingSteps(BenchmarkContext context) {
        this.context = context;
    }

    @When("the echo benchmark summaries are ranked")
    public void theEchoBenchmarkSummariesAreRanked() {
        NothingToRank.skipUnlessMeasured(context.store, EchoBenchmarks.SUITE);
        context.ranking = SuiteRanking.rank(context.store, EchoBenchmarks.SUITE, EchoBenchmarks.combinations());
        System.out.print(context.ranking.console());
        System.out.flush();
    }

    @Then("the ranking lists all {int} echo combinations fastest first")
    public void theRankingListsAllCombinations(int count) {
        assertThat(context.ranking.finalLines()).hasSize(count);
        assertThat(context.ranking.ranking().entries()).hasSize(count)
                .isSortedAccordingTo((a, b) -> Double.compare(a.averageSeconds(), b.averageSeconds()));
    }

    @Then("the ranking is written as ranking.md and ranking.csv beside the summaries")
    public void theRankingIsWritten() {
        Path dir = context.store.suiteDir(EchoBenchmarks.SUITE);
        assertThat(context.ranking.files()).containsExactly(dir.resolve(RankingFiles.MARKDOWN),
                dir.resolve(RankingFiles.CSV));
        assertThat(dir.resolve(RankingFiles.MARKDOWN)).content().contains("these figures belong to this machine");
        assertThat(dir.resolve(RankingFiles.CSV)).content().startsWith("rank,combination");
    }
}
