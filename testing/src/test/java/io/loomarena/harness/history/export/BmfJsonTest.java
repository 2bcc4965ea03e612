package io.loomarena.harness.history.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.MetricValue;
import io.loomarena.harness.summary.SummaryFixtures;

/** The Bencher Metric Format export, against BMF's schema (bencher.dev/bmf.json) and the fixtures' figures. */
class BmfJsonTest {

    private static BenchmarkSummary summary() {
        return SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 10, 11, 12);
    }

    @Test
    void everyCombinationHasThroughputWithItsIntervalP99AndServerCpu() throws IOException {
        BenchmarkSummary summary = summary();
        JsonNode bmf = new ObjectMapper().readTree(BmfJson.write(List.of(summary)));

        JsonNode measures = bmf.get("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT");
        ThroughputInterval interval = ThroughputInterval.of(summary.aggregate());
        assertThat(measures.get("throughput").get("value").asDouble()).isEqualTo(summary.aggregate().throughput());
        assertThat(measures.get("throughput").get("lower_value").asDouble()).isEqualTo(interval.low());
        assertThat(measures.get("throughput").get("upper_value").asDouble()).isEqualTo(interval.high());
        assertThat(interval.low()).isLessThan(summary.aggregate().throughput());
        assertThat(measures.get("latency-p99").get("value").asDouble())
                .isEqualTo(summary.aggregate().latency().p99() * 1000.0);
        MetricValue cpu = summary.aggregate().metric(HarnessMetrics.SERVER_CPU_PER_OPERATION);
        assertThat(measures.get("server-cpu-per-op").get("value").asDouble()).isEqualTo(cpu.value());
        assertThat(measures.get("server-cpu-per-op").get("lower_value").asDouble()).isEqualTo(cpu.ci95().low());
        assertThat(measures.get("server-cpu-per-op").get("upper_value").asDouble()).isEqualTo(cpu.ci95().high());
    }

    /** The schema: an object of benchmarks, each an object of measures, each with a number value and number ends. */
    @Test
    void theExportFollowsBmfSchema() throws IOException {
        BenchmarkSummary other = SummaryFixtures.summary("http-ping", "req", "POOL_SERVER", "PLATFORM_CLIENT",
                SummaryFixtures.workload(8), 20, 22);
        JsonNode bmf = new ObjectMapper().readTree(BmfJson.write(List.of(summary(), other)));

        assertThat(bmf.isObject()).isTrue();
        List<String> names = new ArrayList<>();
        bmf.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT",
                "io.loomarena.http-ping.POOL_SERVER+PLATFORM_CLIENT");
        for (JsonNode benchmark : bmf) {
            assertThat(benchmark.isObject()).isTrue();
            benchmark.fieldNames().forEachRemaining(slug -> assertThat(slug).matches("[a-z0-9]+(-[a-z0-9]+)*"));
            for (JsonNode metric : benchmark) {
                assertThat(metric.get("value").isNumber()).isTrue();
                metric.fieldNames().forEachRemaining(field -> {
                    assertThat(field).isIn("value", "lower_value", "upper_value");
                    assertThat(metric.get(field).isNumber()).isTrue();
                });
            }
        }
    }

    @Test
    void aFigureWithoutIntervalHasNoEnds() throws IOException {
        BenchmarkSummary twoIterations = SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 10, 12);
        JsonNode cpu = new ObjectMapper().readTree(BmfJson.write(List.of(twoIterations)))
                .get("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT").get("server-cpu-per-op");

        assertThat(cpu.has("value")).isTrue();
        assertThat(cpu.has("lower_value")).isFalse();
        assertThat(cpu.has("upper_value")).isFalse();
    }
}
