package io.loomarena.harness.gate;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.Workloads;

/**
 * The rules of a suite's regression gate, each applied to every combination and returning one {@link GateVerdict}
 * per combination ({@link #judge} prints them and fails on any FAIL). Plain Java: the Gherkin steps only name the rule
 * and its limit. Immutable.
 * <p>
 * Why these figures: on a shared two-CPU machine the elapsed time of one quick run varies by a factor of 2 to 5
 * between unmodified runs, so an elapsed-time rule either flakes or misses a real slowdown. The 5th percentile of
 * per-message latency (the fast floor) moves less: over six unmodified runs on one machine, at most 228 µs above its
 * median, six rows of nine within 67 µs (docs/echo-benchmarks.md), but a per-message delay a model adds raises it
 * (a 1 ms sleep by 530-650 µs there), even when concurrency hides that delay in the throughput. The baseline
 * belongs to the machine.
 */
public final class RegressionGate {

    private final Map<String, BenchmarkSummary> summaries;

    public RegressionGate(List<BenchmarkSummary> summaries) {
        if (summaries.isEmpty()) {
            throw new IllegalArgumentException("the gate needs at least one summary");
        }
        Map<String, BenchmarkSummary> byCombination = new TreeMap<>();
        summaries.forEach(s -> byCombination.put(s.combination(), s));
        this.summaries = Collections.unmodifiableMap(byCombination);
    }

    /** Every measured run finished its fixed work ({@code expectedOperations}) with no error of any kind. */
    public List<GateVerdict> nothingLostOrCorrupted(long expectedOperations) {
        List<GateVerdict> verdicts = new ArrayList<>();
        for (BenchmarkSummary s : summaries.values()) {
            long errors = s.runs().measured().stream().mapToLong(MeasuredRun::totalErrors).sum();
            long fewest = s.runs().measured().stream().mapToLong(MeasuredRun::operations).min().orElse(0);
            verdicts.add(new GateVerdict(errors == 0 && fewest == expectedOperations, s.combination(),
                    String.format(Locale.ROOT, "%d errors, fewest operations in a run %d", errors, fewest),
                    String.format(Locale.ROOT, "0 errors and %d operations in every run", expectedOperations),
                    "no message lost or corrupted"));
        }
        return verdicts;
    }

    /**
     * No combination's p5 latency (its fastest 5% of operations) is more than {@code toleranceMicros} above the
     * baseline's. Fails a combination missing from the baseline and any workload that differs from the baseline's.
     */
    public List<GateVerdict> fastFloorWithin(Baseline baseline, long toleranceMicros) {
        String rule = "p5 latency at most " + toleranceMicros + " us above the baseline";
        List<GateVerdict> verdicts = new ArrayList<>();
        for (BenchmarkSummary s : summaries.values()) {
            if (!Workloads.same(s.workload(), baseline.workload())) {
                verdicts.add(new GateVerdict(false, s.combination(), "workload " + new TreeMap<>(s.workload()),
                        "the baseline's workload " + baseline.workload(), rule));
                continue;
            }
            Baseline.Figures reference = baseline.figures().get(s.combination());
            Baseline.Figures now = Baseline.figures(s);
            if (reference == null) {
                verdicts.add(new GateVerdict(false, s.combination(), "no baseline figures",
                        "a p5 latency in the summary and in the baseline", rule));
                continue;
            }
            if (reference.p5Micros() < 0 || now.p5Micros() < 0) {
                // Nothing to compare the fast floor on: a summary or a baseline written without the histograms.
                verdicts.add(GateVerdict.none(s.combination(), now.p5Micros() < 0
                        ? "the summary has no latency histogram, so there is no p5 latency to compare; measure the"
                        + " combination again (the harness records one in every iteration)"
                        : "the baseline has no p5 latency of it, so there is nothing to compare with; refresh the"
                        + " baseline from clean summaries (-D" + EchoGate.REFRESH_PROPERTY + "=true)", rule));
                continue;
            }
            long limit = reference.p5Micros() + toleranceMicros;
            verdicts.add(new GateVerdict(now.p5Micros() <= limit, s.combination(), String.format(Locale.ROOT,
                    "p5 latency %d us = %.2f x baseline", now.p5Micros(),
                    now.p5Micros() / (double) Math.max(1, reference.p5Micros())),
                    String.format(Locale.ROOT, "<= %d us (baseline %d us + %d us)", limit, reference.p5Micros(),
                            toleranceMicros), rule));
        }
        return verdicts;
    }

    /** The summaries the gate judges, by combination. */
    public Map<String, BenchmarkSummary> summaries() {
        return summaries;
    }

    /**
     * Prints every verdict's line on {@code out}, once, and fails when any verdict fails; a missing verdict (NO
     * VERDICT) passes, as {@link NoVerdict#DEFAULT} says.
     *
     * @throws GateFailure naming the failed combinations; their lines are the ones just printed
     */
    public static void judge(List<GateVerdict> verdicts, PrintStream out) {
        judge(verdicts, NoVerdict.DEFAULT, out);
    }

    /**
     * Prints every verdict's line on {@code out}, once, and fails when any verdict fails, or, under
     * {@link NoVerdict#FAIL}, when a combination had nothing to compare.
     *
     * @throws GateFailure       naming the failed combinations; their lines are the ones just printed
     * @throws NoVerdict.Failure when there was no verdict and {@code noVerdict} fails the build
     */
    public static void judge(List<GateVerdict> verdicts, NoVerdict noVerdict, PrintStream out) {
        verdicts.forEach(verdict -> out.println(verdict.line()));
        out.flush();
        List<GateVerdict> failed = verdicts.stream().filter(GateVerdict::failed).toList();
        if (!failed.isEmpty()) {
            throw new GateFailure("the gate failed: " + failureSummary(failed)
                    + " (the [PERF][GATE] FAIL lines above say why)");
        }
        List<String> none = verdicts.stream().filter(verdict -> !verdict.judged()).map(GateVerdict::combination)
                .toList();
        noVerdict.settle(none.size(), "the gate (" + (none.isEmpty() ? "" : verdicts.get(0).rule()) + "): "
                + String.join(", ", none));
    }

    /** {@code 2 FAIL (rule): A, B}. */
    static String failureSummary(List<GateVerdict> failed) {
        return failed.size() + " FAIL (" + failed.get(0).rule() + "): "
                + String.join(", ", failed.stream().map(GateVerdict::combination).toList());
    }
}
