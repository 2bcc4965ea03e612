package io.loomarena.harness.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.HarnessMetrics;

/** The two figures every A/B gate scenario judges, read from a measured iteration, and their values fork by fork. */
final class GateFigures {

    /** The summary's key of the server's CPU time per operation over an iteration. */
    static final String SERVER_CPU = HarnessMetrics.SERVER_CPU_PER_OPERATION.key();
    /** Operations per second of an iteration. */
    static final ToDoubleFunction<MeasuredRun> THROUGHPUT = MeasuredRun::throughput;
    /** The server's CPU time per operation of an iteration; NaN when it lacks the figure. */
    static final ToDoubleFunction<MeasuredRun> SERVER_CPU_PER_OPERATION =
            run -> run.metrics().getOrDefault(SERVER_CPU, Double.NaN);

    private GateFigures() {
    }

    /** The figure of each {@code kept} measured iteration, one list per fork that has one, forks in order. */
    static List<List<Double>> byFork(BenchmarkSummary summary, ToDoubleFunction<MeasuredRun> figure,
                                     Predicate<MeasuredRun> kept) {
        Map<Integer, List<Double>> forks = new TreeMap<>();
        for (MeasuredRun run : summary.runs().measured()) {
            if (kept.test(run)) {
                forks.computeIfAbsent(run.fork(), f -> new ArrayList<>()).add(figure.applyAsDouble(run));
            }
        }
        return List.copyOf(forks.values());
    }
}
