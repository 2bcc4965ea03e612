package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.echo.EchoSuite;
import io.loomarena.harness.summary.SummaryStore;

class SuiteLedgerTest {

    @TempDir
    Path results;

    private final SuiteLedger ledger = new SuiteLedger();

    private SummaryStore store() {
        return new SummaryStore(results);
    }

    private Path echo() {
        return store().suiteDir(EchoSuite.ECHO.folder());
    }

    @Test
    void aSuiteThisRunDidNotMeasureIsSkippedWhenItHasNoSummaries() {
        assertThatThrownBy(() -> ledger.summaryStep(echo(), () -> SuiteRanking.rank(store(), EchoSuite.ECHO)))
                .isInstanceOf(NothingToDo.class).hasMessageContaining("no summaries");
    }

    @Test
    void aSuiteThisRunMeasuredFailsInsteadOfBeingSkippedWhenItsSummariesAreMissing() {
        ledger.measuring(echo());

        assertThatThrownBy(() -> ledger.summaryStep(echo(), () -> SuiteRanking.rank(store(), EchoSuite.ECHO)))
                .isInstanceOf(RankingException.class).hasMessageContaining("no summaries")
                .hasMessageContaining("but this run measured echo").hasMessageContaining("not skipped");
    }

    @Test
    void aFolderThatFailedIsSkippedAfterwardsOnlyWhenThisRunDidNotMeasureIt() {
        SummaryStore store = store();
        String[] labels = EchoBenchmarks.combinations().get(0).split("\\+");
        store.write(summary("echo", "msg", labels[0], labels[1], EchoBenchmarks.Workload.of(20, 200, 32).parameters(),
                100, 110, 120));

        assertThatThrownBy(() -> ledger.summaryStep(echo(), () -> SuiteRanking.rank(store, EchoSuite.ECHO)))
                .isInstanceOf(RankingException.class).hasMessageContaining("missing summaries for");
        assertThatThrownBy(() -> ledger.summaryStep(echo(), () -> SuiteRanking.rank(store, EchoSuite.ECHO)))
                .isInstanceOf(NothingToDo.class).hasMessageStartingWith("[PERF] echo: not ranked")
                .hasMessageContaining("the failure above");

        ledger.measuring(echo());
        assertThatThrownBy(() -> ledger.summaryStep(echo(), () -> SuiteRanking.rank(store, EchoSuite.ECHO)))
                .isInstanceOf(RankingException.class).hasMessageContaining("this run measured the suite");
        assertThat(ledger.measured(echo())).isTrue();
    }
}
