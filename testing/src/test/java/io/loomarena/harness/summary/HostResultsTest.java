package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.summary.HostResults.HostRun;
import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

class HostResultsTest {

    private static final Instant GO = Instant.parse("2026-11-24T08:00:00Z");

    @TempDir
    Path dir;

    /** One host's single-iteration result: {@code operations} latencies of {@code micros}, its own elapsed time. */
    private static RunResult iteration(String tool, int startMillis, long elapsedNanos, long operations, long micros,
                                       Map<String, Long> errors) {
        Histogram histogram = LatencyHistograms.newHistogram();
        histogram.recordValueWithCount(micros, operations);
        return new RunResult(tool, "virtual", Map.of("clients", 10), 42, GO.plusMillis(startMillis).toString(),
                elapsedNanos, operations, RunResult.throughput(operations, elapsedNanos), errors,
                LatencyStats.of(histogram), LatencyHistograms.encode(histogram));
    }

    /** A host's run of {@code iterations} and the log its client would have written beside it. */
    private HostRun host(String name, List<RunResult> iterations) {
        Path log = dir.resolve(name + ".hlog");
        try (HistogramLog writer = HistogramLog.open(log)) {
            for (int i = 0; i < iterations.size(); i++) {
                writer.write(i + 1, iterations.get(i));
            }
        }
        return new HostRun(name, RunResult.ofIterations(iterations), log);
    }

    private HostRun alpha() {
        return host("alpha", List.of(
                iteration("echo-client", 5, 2_000_000_000L, 1_000, 100, Map.of("timeout", 1L, "reset", 0L)),
                iteration("echo-client", 3_000, 1_000_000_000L, 1_100, 120, Map.of("timeout", 0L))));
    }

    private HostRun beta() {
        return host("beta", List.of(
                iteration("echo-client", 2, 1_500_000_000L, 900, 300, Map.of("timeout", 2L, "refused", 3L)),
                iteration("echo-client", 3_001, 1_250_000_000L, 1_000, 320, Map.of())));
    }

    @Test
    void oneHostsResultIsReturnedAsItIs() {
        RunResult only = RunResult.ofIterations(List.of(iteration("echo-client", 0, 10, 1, 5, Map.of())));

        assertThat(HostResults.merge(List.of(new HostRun("alpha", only, null)))).isSameAs(only);
    }

    @Test
    void eachIterationIsTheCommonWindowOfAllHosts() {
        HostRun alpha = alpha();
        HostRun beta = beta();

        RunResult merged = HostResults.merge(List.of(alpha, beta));

        assertThat(merged.tool()).isEqualTo("echo-client");
        assertThat(merged.clientModel()).isEqualTo("virtual");
        assertThat(merged.iterations()).hasSize(2);
        RunResult.Iteration first = merged.iterations().get(0);
        assertThat(first.index()).isEqualTo(1);
        assertThat(first.operations()).isEqualTo(1_900);
        assertThat(first.elapsedNanos()).isEqualTo(2_000_000_000L); // alpha's, the longer
        assertThat(first.throughput()).isEqualTo(950.0);
        assertThat(first.errors()).containsExactlyInAnyOrderEntriesOf(
                Map.of("timeout", 3L, "reset", 0L, "refused", 3L));
        assertThat(first.startedAt()).isEqualTo(GO.plusMillis(2).toString()); // beta's, the earlier
        Histogram expected = LatencyHistograms.newHistogram();
        expected.recordValueWithCount(100, 1_000);
        expected.recordValueWithCount(300, 900);
        assertThat(LatencyHistograms.decode(first.histogram())).isEqualTo(expected);
        assertThat(first.latency()).isEqualTo(LatencyStats.of(expected));
        RunResult.Iteration second = merged.iterations().get(1);
        assertThat(second.operations()).isEqualTo(2_100);
        assertThat(second.elapsedNanos()).isEqualTo(1_250_000_000L); // beta's this time
        assertThat(second.startedAt()).isEqualTo(GO.plusMillis(3_000).toString());

        assertThat(merged.operations()).isEqualTo(4_000);
        assertThat(merged.elapsedNanos()).isEqualTo(3_250_000_000L);
        assertThat(merged.throughput()).isEqualTo(4_000 / 3.25);
        assertThat(merged.errors()).containsEntry("timeout", 3L).containsEntry("refused", 3L);
        assertThat(merged.latency().count()).isEqualTo(4_000);
        assertThat(merged.startedAt()).isEqualTo(first.startedAt());
        assertThat(merged.workload()).containsExactly(Map.entry("alpha", Map.of("clients", 10)),
                Map.entry("beta", Map.of("clients", 10)));
        assertThat(merged.pid()).isEqualTo(42);
        assertThat(merged.withWorkload(Map.of("clients", 20)).workload()).isEqualTo(Map.of("clients", 20));
    }

    @Test
    void errorsPerHostAddUpEachHostsIterations() {
        assertThat(HostResults.errorsPerHost(List.of(alpha(), beta()))).containsExactly(
                Map.entry("alpha", Map.of("reset", 0L, "timeout", 1L)),
                Map.entry("beta", Map.of("refused", 3L, "timeout", 2L)));
    }

    @Test
    void hostsThatRanSomethingElseAreNamed() {
        HostRun alpha = alpha();
        HostRun http = host("gamma", List.of(iteration("http-load", 0, 1, 1, 1, Map.of()),
                iteration("http-load", 0, 1, 1, 1, Map.of())));
        HostRun shorter = host("delta", List.of(iteration("echo-client", 0, 1, 1, 1, Map.of())));

        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, http))).isInstanceOf(HarnessException.class)
                .hasMessage("host gamma: tool http-load is not echo-client as on host alpha: its results cannot be"
                        + " merged");
        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, shorter)))
                .hasMessage("host delta: 1 measured iterations are not 2 as on host alpha: its results cannot be"
                        + " merged");
        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, alpha)))
                .hasMessage("host alpha appears twice");
    }

    @Test
    void aLogThatIsMissingOrLacksAnIterationIsNamedWithItsHost() {
        HostRun alpha = alpha();
        HostRun beta = beta();
        Path missing = dir.resolve("nowhere.hlog");
        HostRun noFile = new HostRun("beta", beta.result(), missing);
        HostRun noLog = new HostRun("beta", beta.result(), null);
        Path oneIteration = dir.resolve("one.hlog");
        try (HistogramLog writer = HistogramLog.open(oneIteration)) {
            writer.write(1, iteration("echo-client", 2, 1_500_000_000L, 900, 300, Map.of()));
        }
        HostRun lacking = new HostRun("beta", beta.result(), oneIteration);
        HostRun otherRun = new HostRun("beta", beta.result(), alpha.histogramLog());

        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, noFile))).isInstanceOf(HarnessException.class)
                .hasMessage("host beta: cannot read histogram log " + missing + ": no such file");
        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, noLog)))
                .hasMessage("host beta: no histogram log, which merging several hosts needs");
        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, lacking)))
                .hasMessage("host beta: histogram log " + oneIteration + " has no iteration-2");
        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, otherRun)))
                .hasMessage("host beta: histogram log " + alpha.histogramLog() + " has 1000 latencies in iteration-1,"
                        + " its JSON 900: the log is not this run's");
    }

    @Test
    void aHostStoppedInAWarmupHasNothingToMerge() {
        HostRun alpha = host("alpha", List.of(iteration("echo-client", 0, 1, 1, 1, Map.of())));
        RunResult failedWarmup = RunResult.ofIterations(List.of(iteration("echo-client", 0, 1, 1, 1, Map.of())));
        List<RunResult.Iteration> marked = new ArrayList<>();
        for (RunResult.Iteration it : failedWarmup.iterations()) {
            marked.add(new RunResult.Iteration(0, it.startedAt(), it.elapsedNanos(), it.operations(),
                    it.throughput(), it.errors(), it.latency(), it.histogram()));
        }
        RunResult stopped = new RunResult(failedWarmup.tool(), failedWarmup.clientModel(), failedWarmup.workload(),
                failedWarmup.pid(), failedWarmup.startedAt(), failedWarmup.elapsedNanos(), failedWarmup.operations(),
                failedWarmup.throughput(), failedWarmup.errors(), failedWarmup.latency(), failedWarmup.histogram(),
                marked);

        assertThatThrownBy(() -> HostResults.merge(List.of(alpha, new HostRun("beta", stopped,
                alpha.histogramLog())))).hasMessageStartingWith("host beta: iterations numbered [0] are not [1]");
    }
}
