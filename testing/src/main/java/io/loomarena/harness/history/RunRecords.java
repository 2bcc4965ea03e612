package io.loomarena.harness.history;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Metric;
import io.loomarena.harness.summary.HarnessMetrics;

/**
 * Turns summaries into the figures and the identity of a {@link RecordedRun}: per measured iteration its throughput
 * ({@code <unit>/s}, higher is better), its latency percentiles {@code p50} and {@code p99} (µs, lower is better) and
 * every labelled metric of {@link HarnessMetrics} by its key, unit and direction, each marked judged or not. Stateless.
 */
public final class RunRecords {

    /** The metric key of an iteration's throughput. */
    public static final String THROUGHPUT = "throughput";
    /** The metric key of an iteration's median latency. */
    public static final String P50 = "p50";
    /** The metric key of an iteration's 99th-percentile latency. */
    public static final String P99 = "p99";
    /** The unit of the latency percentiles. */
    public static final String LATENCY_UNIT = "us";

    private RunRecords() {
    }

    /**
     * The figures of {@code written} (a combination's summary as its file holds it) under the name {@code name}, each
     * iteration judged when {@code judged} (the ranking's view of it) still holds it; every iteration is judged when
     * {@code judged} is empty.
     */
    public static List<RecordedRun.Figure> figures(String name, BenchmarkSummary written,
                                                   Optional<BenchmarkSummary> judged) {
        Set<String> kept = new HashSet<>();
        judged.ifPresent(view -> view.runs().measured().forEach(run -> kept.add(run.fork() + ":" + run.iteration())));
        List<RecordedRun.Figure> figures = new ArrayList<>();
        for (MeasuredRun run : written.runs().measured()) {
            boolean isJudged = judged.isEmpty() || kept.contains(run.fork() + ":" + run.iteration());
            add(figures, name, THROUGHPUT, written.unit() + "/s", false, run, run.throughput(), isJudged);
            if (run.latency() != null && run.latency().count() > 0) {
                add(figures, name, P50, LATENCY_UNIT, true, run, run.latency().p50(), isJudged);
                add(figures, name, P99, LATENCY_UNIT, true, run, run.latency().p99(), isJudged);
            }
            run.metrics().forEach((key, value) -> {
                Optional<Metric> metric = HarnessMetrics.byKey(key);
                // A key this code does not define has no known direction: it stays in the summary, not in a series.
                metric.ifPresent(m -> add(figures, name, key, m.unit(), m.lowerIsBetter(), run, value, isJudged));
            });
        }
        return figures;
    }

    /**
     * A content key over what identifies a run's measurements, not how its files are formatted: the kind of run, and
     * per summary (by the name it is recorded under) its start and each measured iteration's fork, index, client
     * process and elapsed time. The same folder imported twice, or imported after it was recorded live, has the same
     * key.
     */
    public static String contentKey(String suite, Map<String, BenchmarkSummary> byName) {
        StringBuilder text = new StringBuilder(suite).append('\n');
        new TreeMap<>(byName).forEach((name, summary) -> {
            text.append(name).append(' ').append(summary.environment().timestamp()).append('\n');
            for (MeasuredRun run : summary.runs().measured()) {
                text.append(run.fork()).append(',').append(run.iteration()).append(',').append(run.clientPid())
                        .append(',').append(run.elapsedNanos()).append('\n');
            }
        });
        return Testbed.sha256(text.toString());
    }

    /** When the earliest of {@code summaries} started (each records its combination's start), else {@code orElse}. */
    public static Instant start(List<BenchmarkSummary> summaries, Instant orElse) {
        return summaries.stream().map(s -> instant(s.environment().timestamp())).flatMap(Optional::stream)
                .min(Comparator.naturalOrder()).orElse(orElse);
    }

    /** When the latest of {@code summaries} started, else {@code orElse}. */
    public static Instant lastStart(List<BenchmarkSummary> summaries, Instant orElse) {
        return summaries.stream().map(s -> instant(s.environment().timestamp())).flatMap(Optional::stream)
                .max(Comparator.naturalOrder()).orElse(orElse);
    }

    /** The seed that ordered the interleaved forks of {@code summaries}, if any did. */
    public static Optional<Long> seed(List<BenchmarkSummary> summaries) {
        return summaries.stream().map(s -> s.runs().interleavingSeed()).filter(Objects::nonNull).findFirst();
    }

    /** The options a summary itself records that change figures: forks and iterations. */
    public static SortedMap<String, String> options(List<BenchmarkSummary> summaries) {
        SortedMap<String, String> options = new TreeMap<>();
        summaries.stream().findFirst().ifPresent(first -> {
            options.put("forks", String.valueOf(first.runs().plannedForks()));
            options.put("warmupIterations", String.valueOf(first.runs().warmupIterations()));
            options.put("iterations", String.valueOf(first.runs().iterations()));
        });
        return options;
    }

    /** An ISO-8601 instant, or empty when the text is not one. */
    public static Optional<Instant> instant(Object text) {
        if (text == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Instant.parse(text.toString()));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static void add(List<RecordedRun.Figure> figures, String name, String metric, String unit,
                            boolean lowerIsBetter, MeasuredRun run, double value, boolean judged) {
        if (Double.isFinite(value)) {
            figures.add(new RecordedRun.Figure(name, metric, unit, lowerIsBetter, run.fork(), run.iteration(), value,
                    judged));
        }
    }

    /** The options a run's own settings add to a summary's: what else changes figures. */
    public static SortedMap<String, String> withSettings(SortedMap<String, String> options,
                                                          Map<String, String> settings) {
        SortedMap<String, String> all = new TreeMap<>(options);
        all.putAll(settings);
        return all;
    }
}
