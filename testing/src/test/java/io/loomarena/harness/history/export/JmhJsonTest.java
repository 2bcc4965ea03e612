package io.loomarena.harness.history.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.SummaryFixtures;

/**
 * The JMH export read back as JMH's own result file is read, against a file real JMH wrote.
 * <p>
 * {@code history/jmh-1.37-result.json} was written by JMH 1.37 (jmh-core and jmh-generator-annprocess 1.37 from Maven
 * Central) on Temurin 25 from one trivial benchmark ({@code @State(Scope.Benchmark) class Trivial}, an
 * {@code @Param({"16"}) int size} and a {@code @Benchmark int sum()} adding {@code size} products), run as
 * {@code java -cp ... org.openjdk.jmh.Main demo.Trivial -rf json -f 2 -wi 1 -i 2 -w 1s -r 1s -prof gc}: the GC
 * profiler adds secondary metrics, one of them ({@code gc.count}) without an error estimate.
 */
class JmhJsonTest {

    /** A reader that, as JMH's format readers do, fails on a field it does not know. */
    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** JMH's result format, every field of 1.37's {@code -rf json}: what a typed reader of it declares. */
    record JmhResult(String jmhVersion, String benchmark, String mode, int threads, int forks, String jvm,
                     List<String> jvmArgs, String jdkVersion, String vmName, String vmVersion, int warmupIterations,
                     String warmupTime, int warmupBatchSize, int measurementIterations, String measurementTime,
                     int measurementBatchSize, Map<String, String> params, JmhMetric primaryMetric,
                     Map<String, JmhMetric> secondaryMetrics) {
    }

    record JmhMetric(double score, double scoreError, double[] scoreConfidence, Map<String, Double> scorePercentiles,
                     String scoreUnit, double[][] rawData) {
    }

    private static JsonNode real() throws IOException {
        try (InputStream in = JmhJsonTest.class.getResourceAsStream("/history/jmh-1.37-result.json")) {
            return STRICT.readTree(in);
        }
    }

    /** Two forks of three iterations: 10, 11, 12 ms, then 12, 13, 14 ms of 4,000 messages each. */
    private static BenchmarkSummary forked() {
        return SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", new double[] {10, 11, 12},
                new double[] {12, 13, 14});
    }

    private static BenchmarkSummary single() {
        return SummaryFixtures.summary("http-ping", "req", "POOL_SERVER", "PLATFORM_CLIENT",
                SummaryFixtures.workload(8), 20, 21, 22);
    }

    @Test
    void everyFieldRealJmhWritesIsExportedWithTheSameJsonType() throws IOException {
        JsonNode real = real().get(0);
        JsonNode exported = STRICT.readTree(JmhJson.write(List.of(forked(), single())));

        assertThat(exported.isArray()).isTrue();
        assertThat(exported).hasSize(2);
        for (JsonNode benchmark : exported) {
            assertSameShape("", real, benchmark);
            assertThat(benchmark.get("secondaryMetrics").size()).isGreaterThan(0);
            for (JsonNode metric : benchmark.get("secondaryMetrics")) {
                // A metric with an interval has gc.alloc.rate's shape; one without, gc.count's ("NaN" error).
                JsonNode like = metric.get("scoreError").isNumber() ? real.get("secondaryMetrics").get("gc.alloc.rate")
                        : real.get("secondaryMetrics").get("gc.count");
                assertSameShape("secondaryMetrics", like, metric);
            }
        }
    }

    @Test
    void aTypedJmhReaderReadsTheRealFileAndTheExportAlike() throws IOException {
        JmhResult[] realResults = STRICT.readValue(real().toString(), JmhResult[].class);
        JmhResult[] exported = STRICT.readValue(JmhJson.write(List.of(forked())), JmhResult[].class);

        assertThat(realResults[0].primaryMetric().rawData()).hasNumberOfRows(2);
        JmhResult result = exported[0];
        BenchmarkSummary summary = forked();
        assertThat(result.jmhVersion()).isEqualTo("1.37");
        assertThat(result.benchmark()).isEqualTo("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT");
        assertThat(result.mode()).isEqualTo("thrpt");
        assertThat(result.threads()).isEqualTo(20);
        assertThat(result.forks()).isEqualTo(2);
        assertThat(result.warmupIterations()).isEqualTo(2);
        assertThat(result.measurementIterations()).isEqualTo(3);
        assertThat(result.measurementTime()).isEqualTo("4000 msg");
        assertThat(result.jvm()).isEqualTo("/jdk/bin/java");
        assertThat(result.jvmArgs()).containsExactly("-Xms512m", "-Xmx512m", "-XX:+UseG1GC");
        assertThat(result.jdkVersion()).isEqualTo("21.0.5");
        assertThat(result.vmName()).isEqualTo("OpenJDK 64-Bit Server VM");
        assertThat(result.vmVersion()).isEqualTo("21.0.5");
        assertThat(result.params()).containsEntry("clients", "20").containsEntry("messages", "200")
                .containsEntry("size", "32").containsEntry("serverModel", "virtual")
                .containsEntry("clientModel", "virtual");

        JmhMetric primary = result.primaryMetric();
        assertThat(primary.scoreUnit()).isEqualTo("ops/s");
        assertThat(primary.score()).isEqualTo(summary.aggregate().throughput());
        assertThat(primary.rawData()).hasNumberOfRows(2);
        assertThat(primary.rawData()[0]).containsExactly(400_000.0, 4_000e9 / 11e6, 4_000e9 / 12e6);
        assertThat(primary.rawData()[1]).containsExactly(4_000e9 / 12e6, 4_000e9 / 13e6, 4_000e9 / 14e6);
        ThroughputInterval interval = ThroughputInterval.of(summary.aggregate());
        assertThat(primary.scoreConfidence()).containsExactly(interval.low(), interval.high());
        assertThat(primary.scoreError()).isCloseTo((interval.high() - interval.low()) / 2, within(1e-6));
        assertThat(primary.scorePercentiles()).containsOnlyKeys(JmhJson.PERCENTILES)
                .containsEntry("0.0", 4_000e9 / 14e6).containsEntry("100.0", 400_000.0);

        JmhMetric cpu = result.secondaryMetrics().get(HarnessMetrics.SERVER_CPU_PER_OPERATION.key());
        assertThat(cpu.scoreUnit()).isEqualTo("ns/op");
        assertThat(cpu.score()).isEqualTo(summary.aggregate().metric(HarnessMetrics.SERVER_CPU_PER_OPERATION).value());
        assertThat(cpu.rawData()).hasNumberOfRows(2);
        JmhMetric p99 = result.secondaryMetrics().get("p99");
        assertThat(p99.scoreUnit()).isEqualTo("us");
        assertThat(p99.score()).isEqualTo(summary.aggregate().latency().p99());
        assertThat(Double.isNaN(p99.scoreError())).isTrue();
        assertThat(p99.scoreConfidence()).containsExactly(p99.score(), p99.score());
        assertThat(result.secondaryMetrics()).containsKeys("p50", "p90", "p95", "p999");
    }

    @Test
    void percentilesAreComputedAsJmhComputesThem() throws IOException {
        JsonNode real = real().get(0);
        List<JsonNode> metrics = new ArrayList<>(List.of(real.get("primaryMetric")));
        real.get("secondaryMetrics").forEach(metrics::add);
        for (JsonNode metric : metrics) {
            List<Double> values = new ArrayList<>();
            metric.get("rawData").forEach(fork -> fork.forEach(v -> values.add(v.asDouble())));
            double[] computed = JmhJson.percentiles(values.stream().mapToDouble(Double::doubleValue).toArray());
            for (int i = 0; i < JmhJson.PERCENTILES.size(); i++) {
                assertThat(computed[i]).as(JmhJson.PERCENTILES.get(i))
                        .isCloseTo(metric.get("scorePercentiles").get(JmhJson.PERCENTILES.get(i)).asDouble(),
                                within(Math.abs(computed[i]) * 1e-12));
            }
        }
    }

    /**
     * What github-action-benchmark's {@code jmh} input reads (benchmark, params, primaryMetric.score and scoreUnit,
     * measurementIterations, forks, threads) and what Bencher's {@code java_jmh} adapter reads (benchmark,
     * primaryMetric.score, scoreConfidence as two numbers, a scoreUnit of {@code ops/<time>} or {@code <time>/op},
     * secondaryMetrics as an object).
     */
    @Test
    void theFieldsCiToolsReadAreThere() throws IOException {
        for (JsonNode benchmark : STRICT.readTree(JmhJson.write(List.of(forked(), single())))) {
            assertThat(benchmark.get("benchmark").isTextual()).isTrue();
            assertThat(benchmark.get("params").isObject()).isTrue();
            assertThat(benchmark.get("measurementIterations").isInt()).isTrue();
            assertThat(benchmark.get("forks").isInt()).isTrue();
            assertThat(benchmark.get("threads").isInt()).isTrue();
            JsonNode primary = benchmark.get("primaryMetric");
            assertThat(primary.get("score").isNumber()).isTrue();
            assertThat(primary.get("scoreConfidence")).hasSize(2).allMatch(JsonNode::isNumber);
            assertThat(primary.get("scoreUnit").asText()).matches("ops/(ns|us|ms|s)|(ns|us|ms|s)/op");
            assertThat(benchmark.get("secondaryMetrics").isObject()).isTrue();
        }
    }

    @Test
    void threadsAreTheClientConnectionsEitherSuiteNamesThem() {
        java.util.Map<String, Object> http = new java.util.LinkedHashMap<>();
        http.put("connections", 64);
        http.put("path", "/ping");

        assertThat(JmhJson.threads(SummaryFixtures.summary("http-ping", "req", "POOL_SERVER", "PLATFORM_CLIENT", http,
                20, 21, 22))).isEqualTo(64);
        assertThat(JmhJson.threads(single())).isEqualTo(8);
        assertThat(JmhJson.threads(SummaryFixtures.summary("echo", "msg", "POOL_SERVER", "PLATFORM_CLIENT",
                java.util.Map.of("size", 32), 20, 21, 22))).isEqualTo(1);
    }

    /** A summary file as an older version wrote it (no labelled metrics, no forks, no forked JVMs) exports too. */
    @Test
    void anOlderSummaryFileExportsWithTheSameShape() throws Exception {
        java.nio.file.Path file = java.nio.file.Path.of(JmhJsonTest.class
                .getResource("/summaries/echo-summary-before-metrics.json").toURI());
        BenchmarkSummary old = io.loomarena.harness.summary.ResultFiles.readJson(file, BenchmarkSummary.class,
                "summary");

        JsonNode exported = STRICT.readTree(JmhJson.write(List.of(old))).get(0);

        assertSameShape("", real().get(0), exported);
        assertThat(exported.get("primaryMetric").get("rawData")).hasSize(old.runs().forks());
        assertThat(exported.get("primaryMetric").get("score").asDouble()).isEqualTo(old.aggregate().throughput());
    }

    @Test
    void aRunOfSeveralSuitesNamesEachCombinationOnce() {
        List<String> names = new ArrayList<>();
        JmhJson.tree(List.of(forked(), single())).forEach(node -> names.add(node.get("benchmark").asText()));

        assertThat(names).containsExactly("io.loomarena.echo.VIRTUAL_SERVER+VIRTUAL_CLIENT",
                "io.loomarena.http-ping.POOL_SERVER+PLATFORM_CLIENT");
    }

    /**
     * Every field of {@code real} is in {@code exported} with the same JSON type, and no other: recursively through
     * objects (the keys of {@code params} and {@code secondaryMetrics} are the benchmark's own, so only their values'
     * types are compared there) and arrays (each element against the real array's first).
     */
    private static void assertSameShape(String path, JsonNode real, JsonNode exported) {
        assertThat(exported.getNodeType()).as(path).isEqualTo(real.getNodeType());
        if (real.isObject()) {
            if (path.endsWith("params")) {
                exported.forEach(value -> assertThat(value.isTextual()).as(path).isTrue());
                return;
            }
            if (path.endsWith("secondaryMetrics")) {
                return; // each metric is compared on its own by the caller
            }
            List<String> realFields = new ArrayList<>();
            real.fieldNames().forEachRemaining(realFields::add);
            List<String> exportedFields = new ArrayList<>();
            exported.fieldNames().forEachRemaining(exportedFields::add);
            assertThat(exportedFields).as(path).containsExactlyElementsOf(realFields);
            for (Iterator<String> it = real.fieldNames(); it.hasNext(); ) {
                String field = it.next();
                assertSameShape(path + "." + field, real.get(field), exported.get(field));
            }
        } else if (real.isArray() && !real.isEmpty()) {
            assertThat(exported).as(path).isNotEmpty();
            exported.forEach(element -> assertSameShape(path + "[]", real.get(0), element));
        }
    }
}
