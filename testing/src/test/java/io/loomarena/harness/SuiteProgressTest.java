package io.loomarena.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class SuiteProgressTest {

    @Test
    void estimatesTheTimeLeftFromTheMeanTimePerCombination() {
        SuiteProgress progress = new SuiteProgress();
        progress.plan("echo", 4);

        assertThat(progress.combinationDone("echo", Duration.ofSeconds(30)))
                .isEqualTo("[PERF] echo: 1 of 4 combinations done, about 1 min 30 s left");
        assertThat(progress.combinationDone("echo", Duration.ofSeconds(50)))
                .isEqualTo("[PERF] echo: 2 of 4 combinations done, about 1 min 20 s left");
        progress.combinationDone("echo", Duration.ofSeconds(40));
        assertThat(progress.combinationDone("echo", Duration.ofSeconds(40)))
                .isEqualTo("[PERF] echo: 4 of 4 combinations done, suite complete");
    }

    @Test
    void withoutAPlanItCountsOnly() {
        SuiteProgress progress = new SuiteProgress();

        assertThat(progress.combinationDone("http-ping", Duration.ofSeconds(3)))
                .isEqualTo("[PERF] http-ping: 1 combination done");
        assertThat(progress.combinationDone("http-ping", Duration.ofSeconds(3)))
                .isEqualTo("[PERF] http-ping: 2 combinations done");
    }
}
