package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunResultTest {

    @Test
    void jsonRoundTripKeepsEveryFigureAndTheHistogram(@TempDir Path dir) {
        Histogram histogram = LatencyHistograms.newHistogram();
        for (int i = 1; i <= 1000; i++) {
            LatencyHistograms.recordNanos(histogram, i * 1_000L);
        }
        Map<String, Object> workload = new LinkedHashMap<>();
        workload.put("clients", 10);
        workload.put("messages", 100);
        workload.put("size", 32);
        RunResult result = new RunResult("echo-client", "virtual", workload, 42, "2026-11-21T00:00:00Z",
                2_000_000_000L, 1000, RunResult.throughput(1000, 2_000_000_000L), Map.of("timeout", 2L),
                LatencyStats.of(histogram), LatencyHistograms.encode(histogram));

        Path file = dir.resolve("nested/run.json");
        result.writeJson(file);
        RunResult read = RunResult.readJson(file);

        assertThat(read).isEqualTo(result);
        assertThat(read.workload().keySet()).containsExactly("clients", "messages", "size");
        assertThat(read.throughput()).isEqualTo(500.0);
        assertThat(read.totalErrors()).isEqualTo(2);
        assertThat(read.latency().p50()).isBetween(499L, 501L);
        assertThat(LatencyHistograms.decode(read.histogram())).isEqualTo(histogram);
    }

    @Test
    void theSendLagTravelsPerIterationThroughTheCpuLoadAndTheJson(@TempDir Path dir) {
        Histogram histogram = LatencyHistograms.newHistogram();
        LatencyHistograms.recordNanos(histogram, 5_000L);
        RunResult one = new RunResult("http-load", "virtual", Map.of("rate", 100.0), 7, "2026-11-25T00:00:00Z",
                1_000_000_000L, 100, 100.0, Map.of(), LatencyStats.of(histogram), LatencyHistograms.encode(histogram));
        SendLag lag = SendLag.of(100, 90, 1_000_000_000L, histogram, histogram);
        assertThat(lag.sentRate()).isEqualTo(100.0);
        assertThat(one.iterations().getFirst().sendLag()).isNull();

        RunResult both = RunResult.ofIterations(java.util.List.of(one.withSendLag(lag).withClientCpuLoad(0.25), one));
        Path file = dir.resolve("run.json");
        both.writeJson(file);

        assertThat(RunResult.readJson(file).iterations()).extracting(RunResult.Iteration::sendLag)
                .containsExactly(lag, null);
        assertThat(RunResult.readJson(file).iterations().getFirst().clientCpuLoad()).isEqualTo(0.25);
    }

    @Test
    void theClientsCpuLoadTravelsPerIterationAndIsNullWhereNotMeasured(@TempDir Path dir) throws Exception {
        Histogram histogram = LatencyHistograms.newHistogram();
        LatencyHistograms.recordNanos(histogram, 5_000L);
        RunResult one = new RunResult("http-load", "virtual", Map.of("rate", 100.0), 7, "2026-11-25T00:00:00Z",
                1_000_000_000L, 100, 100.0, Map.of(), LatencyStats.of(histogram), LatencyHistograms.encode(histogram));
        assertThat(one.iterations().getFirst().clientCpuLoad()).isNull();

        RunResult loaded = RunResult.ofIterations(java.util.List.of(one.withClientCpuLoad(0.25),
                one.withClientCpuLoad(0.5)));
        Path file = dir.resolve("run.json");
        loaded.writeJson(file);

        assertThat(RunResult.readJson(file).iterations()).extracting(RunResult.Iteration::clientCpuLoad)
                .containsExactly(0.25, 0.5);
        // A result written before the field existed reads with no load, not a load of 0.
        java.nio.file.Files.writeString(file, java.nio.file.Files.readString(file)
                .replaceAll(",\\s*\"clientCpuLoad\"\\s*:\\s*[0-9.]+", ""));
        assertThat(java.nio.file.Files.readString(file)).doesNotContain("clientCpuLoad");
        assertThat(RunResult.readJson(file).iterations()).extracting(RunResult.Iteration::clientCpuLoad)
                .containsOnlyNulls();
    }

    @Test
    void refusesNegativeFigures() {
        assertThatThrownBy(() -> new RunResult("t", "virtual", Map.of(), 1, "now", -1, 0, 0, Map.of(),
                LatencyStats.of(LatencyHistograms.newHistogram()), ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("elapsedNanos");
    }

    @Test
    void unreadableFileIsAClearError(@TempDir Path dir) {
        assertThatThrownBy(() -> RunResult.readJson(dir.resolve("missing.json")))
                .hasMessageContaining("missing.json");
    }
}
