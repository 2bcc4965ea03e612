package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;

/** What every suite's saved summary must show, shared by the echo and HTTP benchmark steps. */
final class SummaryAssertions {

    private SummaryAssertions() {
    }

    /** The summary is {@code combination}, saved as {@code <combination>.json} in its suite's folder. */
    static void assertSaved(BenchmarkContext context, String combination) {
        BenchmarkSummary summary = context.measured().summary();
        assertThat(summary.combination()).isEqualTo(combination);
        assertThat(context.measured().file()).isRegularFile()
                .hasParent(context.measuredStore.suiteDir(context.suite.folder())).hasFileName(combination + ".json");
        assertThat(summary.unit()).isEqualTo(context.plan.unit());
        // Adaptive forks (-Dloomarena.adaptiveForks) may add forks beyond the planned ones.
        assertThat(summary.runs().plannedForks()).as("planned forks").isEqualTo(context.settings.forks());
        assertThat(summary.runs().measured()).as("measured iterations")
                .hasSize(summary.runs().forks() * context.settings.iterations());
    }

    /** Every measured iteration completed the plan's whole work without a single error. */
    static void assertEveryOperationAnswered(BenchmarkContext context) {
        assertThat(context.measured().summary().runs().measured()).allSatisfy(run -> {
            assertThat(run.totalErrors()).as("errors in measured iteration %d: %s", run.run(), run.errors()).isZero();
            assertThat(run.operations()).as("operations in measured iteration %d", run.run())
                    .isEqualTo(context.plan.expectedOperations());
        });
    }

    /** Every operation of every measured iteration was completed or counted as an error. */
    static void assertEveryOperationAccountedFor(BenchmarkContext context) {
        assertThat(context.measured().summary().runs().measured()).allSatisfy(run -> assertThat(run.operations()
                + run.totalErrors()).as("answered plus failed operations in measured iteration %d", run.run())
                .isEqualTo(context.plan.expectedOperations()));
    }

    /** The summary records the downstream JVM and where it ran exactly when the plan has one. */
    static void assertDownstreamRecorded(BenchmarkContext context) {
        Map<String, Object> workload = context.measured().summary().workload();
        if (context.plan.downstream() != null) {
            assertThat(workload).containsKeys("downstream", "downstreamCpu");
            assertThat(String.valueOf(workload.get("downstream"))).contains("serve --model virtual");
        } else {
            assertThat(workload).doesNotContainKeys("downstream", "downstreamCpu");
        }
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
