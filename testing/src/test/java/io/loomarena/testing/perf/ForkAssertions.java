package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;

/** What every suite's summary must show about its JVMs: JMH's shape, one fresh server and client JVM per fork. */
final class ForkAssertions {

    private ForkAssertions() {
    }

    /**
     * Each fork's iterations share one client JVM and one server JVM, neither of them this test JVM; no two forks
     * share a JVM; every fork has the configured number of measured iterations.
     */
    static void assertFreshJvmsPerFork(BenchmarkSummary summary) {
        Map<Integer, List<MeasuredRun>> forks = summary.runs().measured().stream()
                .collect(Collectors.groupingBy(MeasuredRun::fork));
        assertThat(forks).as("forks").hasSize(summary.runs().forks());
        long self = ProcessHandle.current().pid();
        forks.forEach((fork, runs) -> {
            assertThat(runs).as("measured iterations of fork %d", fork).hasSize(summary.runs().iterations());
            assertThat(runs).extracting(MeasuredRun::clientPid).as("client JVM of fork %d", fork)
                    .containsOnly(runs.get(0).clientPid()).doesNotContain(self, runs.get(0).serverPid());
            assertThat(runs).extracting(MeasuredRun::serverPid).as("server JVM of fork %d", fork)
                    .containsOnly(runs.get(0).serverPid()).doesNotContain(self);
        });
        assertThat(forks.values().stream().map(runs -> runs.get(0).clientPid()).toList())
                .as("a fresh client JVM per fork").doesNotHaveDuplicates();
        assertThat(forks.values().stream().map(runs -> runs.get(0).serverPid()).toList())
                .as("a fresh server JVM per fork").doesNotHaveDuplicates();
    }
}
