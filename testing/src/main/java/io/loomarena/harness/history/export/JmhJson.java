package io.loomarena.harness.history.export;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.apache.commons.statistics.descriptive.Quantile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.ConfidenceInterval;
import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Metric;
import io.loomarena.harness.summary.MetricValue;
import io.loomarena.harness.summary.ResultFiles;
import io.loomarena.measure.LatencyStats;

/**
 * A run's summaries in JMH's JSON result format ({@code -rf json} of JMH 1.37): one object per combination, throughput
 * as the primary metric with every fork's iterations as {@code rawData}, each labelled metric and latency percentile as
 * a secondary metric, so that tools reading JMH results (JMH Visualizer, Jenkins' jmh-report, Bencher's
 * {@code java_jmh} adapter, github-action-benchmark's {@code jmh} input) take a loom-arena run. docs/history-command.md
 * says how each field is filled. Stateless.
 */
public final class JmhJson {

    /** The JMH version whose format this follows (what a reader checking {@code jmhVersion} expects). */
    public static final String FORMAT_VERSION = "1.37";
    /** The percentiles JMH writes in {@code scorePercentiles}, by the names it gives them. */
    public static final List<String> PERCENTILES = List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99",
            "99.999", "99.9999", "100.0");
    /**
     * The latency percentiles exported as secondary metrics, by the key the history's series use, in microseconds as
     * the client measured them.
     */
    public static final Map<String, ToDoubleFunction<LatencyStats>> LATENCY = latencyPercentiles();
    /** JMH's words for "no error estimate": it writes NaN as this string, never as a number. */
    static final String NO_ERROR = "NaN";
    /** The throughput unit Bencher's adapter understands ({@code ops/<time>}); one op is one of the suite's units. */
    static final String THROUGHPUT_UNIT = "ops/s";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JmhJson() {
    }

    /**
     * The name a combination is exported under: {@code io.loomarena.<suite>.<combination>}, so that readers which
     * split a JMH name at its last dot into class and method show one group per suite with one entry per combination.
     */
    public static String benchmarkName(BenchmarkSummary summary) {
        return "io.loomarena." + summary.suite() + "." + summary.combination();
    }

    /** The summaries as JMH's JSON result file, pretty-printed as JMH prints it. */
    public static String write(List<BenchmarkSummary> summaries) {
        try {
            return ResultFiles.JSON.writeValueAsString(tree(summaries)) + System.lineSeparator();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a tree of plain nodes: " + e.getMessage(), e);
        }
    }

    /** The summaries as JMH's JSON result array. */
    public static ArrayNode tree(List<BenchmarkSummary> summaries) {
        ArrayNode array = NODES.arrayNode();
        summaries.forEach(summary -> array.add(benchmark(summary)));
        return array;
    }

    private static ObjectNode benchmark(BenchmarkSummary summary) {
        Environment env = summary.environment();
        String version = env.serverJvm() != null ? env.serverJvm().version() : env.javaVersion();
        String vm = env.serverJvm() != null ? env.serverJvm().vm() : env.javaVm();
        int space = vm.lastIndexOf(' ');
        String work = summary.aggregate().operationsPerRun() + " " + summary.unit();
        ObjectNode node = NODES.objectNode();
        node.put("jmhVersion", FORMAT_VERSION);
        node.put("benchmark", benchmarkName(summary));
        node.put("mode", "thrpt");
        node.put("threads", threads(summary));
        node.put("forks", summary.runs().forks());
        node.put("jvm", env.serverJvm() != null ? env.serverJvm().binary() : env.javaBinary());
        ArrayNode jvmArgs = node.putArray("jvmArgs");
        env.serverJvmArgs().forEach(jvmArgs::add);
        node.put("jdkVersion", version);
        node.put("vmName", space < 0 ? vm : vm.substring(0, space));
        node.put("vmVersion", space < 0 ? version : vm.substring(space + 1));
        node.put("warmupIterations", summary.runs().warmupIterations());
        // An iteration is a fixed amount of work, not a time: the field says how much.
        node.put("warmupTime", work);
        node.put("warmupBatchSize", 1);
        node.put("measurementIterations", summary.runs().iterations());
        node.put("measurementTime", work);
        node.put("measurementBatchSize", 1);
        ObjectNode params = node.putObject("params");
        summary.workload().forEach((name, value) -> params.put(name, String.valueOf(value)));
        params.put("serverModel", summary.serverModel());
        params.put("clientModel", summary.clientModel());
        node.set("primaryMetric", primary(summary));
        node.set("secondaryMetrics", secondary(summary));
        return node;
    }

    /**
     * The client connections, where the workload names them (echo's {@code clients}, HTTP's {@code connections}):
     * what runs the benchmark concurrently; 1 otherwise.
     */
    static int threads(BenchmarkSummary summary) {
        for (String name : List.of("clients", "connections")) {
            if (summary.workload().get(name) instanceof Number count) {
                return count.intValue();
            }
        }
        return 1;
    }

    /**
     * Throughput: the summary's own figure (operations over the mean elapsed time, what the rankings show) and its
     * interval ({@link ThroughputInterval}); an unbounded upper end is written as the fastest iteration.
     */
    private static ObjectNode primary(BenchmarkSummary summary) {
        ThroughputInterval interval = ThroughputInterval.of(summary.aggregate());
        double high = Double.isInfinite(interval.high()) ? summary.aggregate().maxThroughput() : interval.high();
        return metric(summary.aggregate().throughput(), new ConfidenceInterval(0.95, interval.low(), high),
                THROUGHPUT_UNIT, byFork(summary, MeasuredRun::throughput));
    }

    private static ObjectNode secondary(BenchmarkSummary summary) {
        ObjectNode node = NODES.objectNode();
        for (Metric metric : HarnessMetrics.ALL) {
            MetricValue value = summary.aggregate().metric(metric);
            if (value != null) {
                node.set(metric.key(), metric(value.value(), value.ci95(), unit(metric),
                        byFork(summary, run -> run.metrics().get(metric.key()))));
            }
        }
        LatencyStats latency = summary.aggregate().latency();
        if (latency != null && latency.count() > 0) {
            LATENCY.forEach((key, percentile) -> node.set(key, metric(percentile.applyAsDouble(latency), null, "us",
                    byFork(summary, run -> percentile.applyAsDouble(run.latency())))));
        }
        return node;
    }

    /** A metric's unit as JMH writes units of a per-operation figure ({@code B/op}): {@code ns/op}. */
    static String unit(Metric metric) {
        return metric.key().endsWith("PerOperation") ? metric.unit() + "/op" : metric.unit();
    }

    /**
     * One metric in JMH's shape; without an interval, the error is JMH's {@value #NO_ERROR} and the confidence the
     * score itself, as JMH writes a metric it has no error for.
     */
    private static ObjectNode metric(double score, ConfidenceInterval interval, String unit, List<double[]> forks) {
        ObjectNode node = NODES.objectNode();
        node.put("score", score);
        if (interval == null) {
            node.put("scoreError", NO_ERROR);
        } else {
            node.put("scoreError", interval.halfWidth());
        }
        node.putArray("scoreConfidence").add(interval == null ? score : interval.low())
                .add(interval == null ? score : interval.high());
        double[] all = forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        double[] percentiles = percentiles(all);
        ObjectNode scorePercentiles = node.putObject("scorePercentiles");
        for (int i = 0; i < PERCENTILES.size(); i++) {
            scorePercentiles.put(PERCENTILES.get(i), percentiles[i]);
        }
        node.put("scoreUnit", unit);
        ArrayNode rawData = node.putArray("rawData");
        for (double[] fork : forks) {
            ArrayNode iterations = rawData.addArray();
            for (double value : fork) {
                iterations.add(value);
            }
        }
        return node;
    }

    /**
     * The {@link #PERCENTILES} of the iterations' values as JMH computes them (Commons Math's default percentile,
     * the estimate at rank {@code p(n+1)}, which is Hyndman and Fan's definition 6).
     */
    static double[] percentiles(double[] values) {
        double[] p = PERCENTILES.stream().mapToDouble(name -> Double.parseDouble(name) / 100).toArray();
        return Quantile.withDefaults().with(Quantile.EstimationMethod.HF6).evaluate(values, p);
    }

    /** Each fork's iterations' values, in fork order (the summary keeps them fork by fork). */
    private static List<double[]> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> value) {
        Map<Integer, List<Double>> forks = new LinkedHashMap<>();
        for (MeasuredRun run : summary.runs().measured()) {
            forks.computeIfAbsent(run.fork(), f -> new ArrayList<>()).add(value.applyAsDouble(run));
        }
        return forks.values().stream().map(fork -> fork.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    private static Map<String, ToDoubleFunction<LatencyStats>> latencyPercentiles() {
        Map<String, ToDoubleFunction<LatencyStats>> percentiles = new LinkedHashMap<>();
        percentiles.put("p50", LatencyStats::p50);
        percentiles.put("p90", LatencyStats::p90);
        percentiles.put("p95", LatencyStats::p95);
        percentiles.put("p99", LatencyStats::p99);
        percentiles.put("p999", LatencyStats::p999);
        return java.util.Collections.unmodifiableMap(percentiles);
    }
}
