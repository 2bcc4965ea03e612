package io.loomarena.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.summary.SummaryStore;

/** Importing a results folder records its runs once, however often it is imported. */
class HistoryImportTest {

    @TempDir
    Path folder;

    @Test
    void importingTheSameFolderTwiceAddsNothingTheSecondTime() {
        Path results = folder.resolve("target-results");
        SummaryStore summaries = new SummaryStore(results);
        Instant start = Instant.parse("2026-02-01T10:00:00Z");
        summaries.write(HistoryFixtures.summary("VIRTUAL_SERVER", HistoryFixtures.commit(7), start,
                new double[] {10, 11, 12}, new double[] {12, 13, 14}));
        summaries.write(HistoryFixtures.summary("PLATFORM_SERVER", HistoryFixtures.commit(7), start.plusSeconds(5),
                new double[] {20, 21, 22}, new double[] {22, 23, 24}));

        try (HistoryStore store = JdbcHistoryStore.sqlite(folder.resolve("history.sqlite"))) {
            HistoryImport.Result first = HistoryImport.importResults(results, store, folder, false);
            HistoryImport.Result second = HistoryImport.importResults(results, store, folder, false);

            assertThat(first.recorded()).isEqualTo(1);
            assertThat(second.recorded()).isZero();
            assertThat(second.skipped()).isEqualTo(1);
            assertThat(store.runs()).singleElement().satisfies(run -> {
                assertThat(run.suite()).isEqualTo("echo");
                assertThat(run.commit()).isEqualTo(HistoryFixtures.commit(7));
                assertThat(run.start()).isEqualTo(start);
            });
            assertThat(store.summaries(store.runs().get(0).id())).extracting(s -> s.combination())
                    .containsExactly("PLATFORM_SERVER+VIRTUAL_CLIENT", "VIRTUAL_SERVER+VIRTUAL_CLIENT");
            assertThat(second.lines()).last().asString().startsWith("[PERF][HISTORY] imported 0 runs from ")
                    .endsWith(", 1 already there");
        }
    }
}
