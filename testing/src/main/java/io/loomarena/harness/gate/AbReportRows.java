package io.loomarena.harness.gate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.loomarena.harness.ranking.ThroughputInterval;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.MeasuredRun;
import io.loomarena.harness.summary.RatioInterval;

/**
 * The A/B gate's verdicts of each suite as the report shows them ({@link AbResults}): one row per combination and
 * figure, rewritten after each verdict. A figure without a verdict has no row (the report shows ratios, and there is
 * none): its line says why. Used by one thread.
 */
final class AbReportRows {

    private final AbResults results;
    private final String baselineName;
    private final Map<String, List<AbResults.Row>> rows = new LinkedHashMap<>();

    AbReportRows(AbResults results, String baselineName) {
        this.results = results;
        this.baselineName = baselineName;
    }

    /** Records {@code verdict} of {@code compared} (replacing an earlier row of its figure) and rewrites the file. */
    void record(String suite, AbGate.Compared compared, AbVerdict verdict, ToDoubleFunction<MeasuredRun> figure) {
        List<AbResults.Row> suiteRows = rows.computeIfAbsent(suite, s -> new ArrayList<>());
        suiteRows.removeIf(row -> row.combination().equals(verdict.combination())
                && row.rule().equals(verdict.rule().figure()));
        if (verdict.outcome() != AbVerdict.Outcome.NO_VERDICT) {
            // Beside each side's mean: for throughput the ranking's interval of it; for another figure the lowest and
            // highest measured iteration (the report's note says which).
            double[] base = spread(compared.baseline(), verdict, figure);
            double[] now = spread(compared.candidate(), verdict, figure);
            RatioInterval ratio = verdict.interval();
            suiteRows.add(new AbResults.Row(verdict.combination(), verdict.rule().figure(), verdict.outcome().name(),
                    ratio.ratio(), ratio.lower(), ratio.upper(), verdict.rule().unit(), verdict.baselineMean(),
                    base[0], bounded(base[1]), verdict.candidateMean(), now[0], bounded(now[1])));
        }
        results.write(new AbResults.SuiteVerdicts(suite, baselineName, AbGate.THIS_BUILD, suiteRows));
    }

    private static double[] spread(BenchmarkSummary side, AbVerdict verdict, ToDoubleFunction<MeasuredRun> figure) {
        if (verdict.rule().figure().equals("throughput")) {
            ThroughputInterval interval = ThroughputInterval.of(side.aggregate());
            return new double[] {interval.low(), interval.high()};
        }
        double[] values = side.runs().measured().stream().mapToDouble(figure).toArray();
        return new double[] {Arrays.stream(values).min().orElse(Double.NaN),
            Arrays.stream(values).max().orElse(Double.NaN)};
    }

    /** {@code null} for an interval without an upper bound (JSON has no infinity). */
    private static Double bounded(double high) {
        return Double.isInfinite(high) ? null : high;
    }
}
