package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.SuiteProgress;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.SummaryStore;

/** Measuring and saving one combination with the fake server and client in real forked JVMs. */
class CombinationTest {

    @TempDir
    Path results;

    @Test
    void savesTheSummaryAndPrintsTheSuitesProgress() {
        SummaryStore store = new SummaryStore(results);
        SuiteProgress progress = new SuiteProgress();
        progress.plan("fake", 2);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Combination.Measured measured = Combination.measureAndSave(FakePlans.plan("normal", "ok", 50),
                FakePlans.settings(results), store, local(), progress, new PrintStream(printed, true,
                        StandardCharsets.UTF_8));

        assertThat(measured.file()).isEqualTo(store.path("fake", "FAKE_SERVER+FAKE_CLIENT")).isRegularFile();
        assertThat(SummaryStore.read(measured.file())).isEqualTo(measured.summary());
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("[PERF] FAKE_SERVER+FAKE_CLIENT fork 1/1 iteration 3/3: ")
                .containsPattern("\\[PERF] fake: 1 of 2 combinations done, about \\d+ s left");
    }

    @Test
    void aFailedRunLeavesNoSummaryOfThatCombinationBehind() throws Exception {
        SummaryStore store = new SummaryStore(results);
        Path stale = store.path("fake", "FAKE_SERVER+FAKE_CLIENT");
        Files.createDirectories(stale.getParent());
        Files.writeString(stale, "{}");

        assertThatThrownBy(() -> Combination.measureAndSave(FakePlans.plan("normal", "fail", 10),
                FakePlans.settings(results), store, local(), new SuiteProgress(),
                new PrintStream(new ByteArrayOutputStream())))
                .isInstanceOf(HarnessException.class);
        assertThat(stale).doesNotExist();
    }

    private Deployment local() {
        return Deployment.local(JvmFork.local(FakePlans.settings(results)));
    }
}
