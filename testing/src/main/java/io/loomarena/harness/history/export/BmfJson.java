package io.loomarena.harness.history.export;

import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.MetricValue;
import io.loomarena.harness.summary.ResultFiles;

/**
 * A run's summaries in the Bencher Metric Format (BMF, {@code bencher run --adapter json}): per combination, under
 * the name {@link JmhJson#benchmarkName} gives it, its throughput with the ends of its interval, its 99th-percentile
 * latency and its server CPU time per operation (with the ends of its interval where it has one). Stateless.
 */
public final class BmfJson {

    /** Bencher's built-in throughput measure: operations per second. */
    public static final String THROUGHPUT = "throughput";
    /** The 99th-percentile latency over every measured operation, in nanoseconds (the unit of Bencher's latency). */
    public static final String LATENCY_P99 = "latency-p99";
    /** The server's CPU time per operation, in nanoseconds. */
    public static final String SERVER_CPU_PER_OPERATION = "server-cpu-per-op";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private BmfJson() {
    }

    /** The summaries as one BMF JSON object, pretty-printed. */
    public static String write(List<BenchmarkSummary> summaries) {
        try {
            return ResultFiles.JSON.writeValueAsString(tree(summaries)) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a tree of plain nodes: " + e.getMessage(), e);
        }
    }

    /** The summaries as one BMF JSON object: benchmark name, then measure slug, then its metric. */
    public static ObjectNode tree(List<BenchmarkSummary> summaries) {
        ObjectNode root = NODES.objectNode();
        for (BenchmarkSummary summary : summaries) {
            ObjectNode measures = root.putObject(JmhJson.benchmarkName(summary));
            ThroughputInterval interval = ThroughputInterval.of(summary.aggregate());
            ObjectNode throughput = measures.putObject(THROUGHPUT);
            throughput.put("value", summary.aggregate().throughput());
            throughput.put("lower_value", interval.low());
            if (Double.isFinite(interval.high())) {
                throughput.put("upper_value", interval.high()); // BMF's values are numbers: no infinity
            }
            if (summary.aggregate().latency() != null && summary.aggregate().latency().count() > 0) {
                measures.putObject(LATENCY_P99).put("value", summary.aggregate().latency().p99() * 1_000.0);
            }
            MetricValue cpu = summary.aggregate().metric(HarnessMetrics.SERVER_CPU_PER_OPERATION);
            if (cpu != null) {
                ObjectNode node = measures.putObject(SERVER_CPU_PER_OPERATION);
                node.put("value", cpu.value());
                if (cpu.ci95() != null) {
                    node.put("lower_value", cpu.ci95().low());
                    node.put("upper_value", cpu.ci95().high());
                }
            }
        }
        return root;
    }
}
