package io.loomarena.harness.history.change;

import io.loomarena.harness.NoVerdict;
import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.HistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;
import io.loomarena.harness.history.change.HistoryVerdict.Outcome;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.RatioInterval;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * The history gate, for CI on the main branch: per series of a suite's two primary figures (throughput and the server's
 * CPU time per operation, the figures the A/B gate judges), the latest level against the level before the
 * unacknowledged regressions that led to it. Comparing with the level just before would let a creep of small steps
 * pass one step at a time; an acknowledged change point is an accepted level and ends the walk back. The tolerance and
 * the interval rules are the A/B gate's ({@code gate/RatioRule}): the ratio latest/reference with the same bootstrap
 * interval ({@link RatioInterval}, each fork-level point a fork); FAIL when the whole interval is beyond the limit,
 * PASS when it is wholly on the good side, INCONCLUSIVE otherwise; NO VERDICT from fewer runs than two segments need.
 * Only one testbed's series are judged: the one named, else the suite's latest run's, since figures are never
 * compared across testbeds and an old testbed's series gets no new runs. Pure: reads the store, prints nothing.
 */
public final class HistoryGate {

    /** The metrics judged: the A/B gate's two figures. */
    public static final List<String> FIGURES = List.of("throughput",
            HarnessMetrics.SERVER_CPU_PER_OPERATION.key());

    private final ChangePointDetector detector;
    private final DetectorParameters parameters;
    private final double tolerance;

    /**
     * @param tolerance how much worse the latest level may be, a fraction in [0, 1): the A/B gate's
     *                  ({@code AbGateOptions.tolerance}, 5% by default), passed in by the caller
     */
    public HistoryGate(DetectorParameters parameters, double tolerance) {
        if (!(tolerance >= 0 && tolerance < 1)) {
            throw new IllegalArgumentException("the history gate's tolerance must be a fraction in [0, 1), got "
                    + tolerance);
        }
        this.parameters = parameters;
        this.detector = new EDivisiveDetector(parameters);
        this.tolerance = tolerance;
    }

    /**
     * The verdicts on {@code suite}'s series on {@code testbed}, or on its latest run's testbed when none is named:
     * one per series of {@link #FIGURES}, or one NO VERDICT when the suite has none there.
     */
    public HistoryGateResult judge(HistoryStore store, String suite, Optional<String> testbed) {
        Optional<String> judged = testbed.or(() -> store.runs().stream()
                .filter(run -> run.suite().equals(suite) && run.excluded().isEmpty())
                .reduce((first, second) -> second).map(RunRow::testbed));
        List<SeriesKey> series = store.series().stream()
                .filter(key -> key.suite().equals(suite) && FIGURES.contains(key.metric()))
                .filter(key -> judged.isPresent() && key.testbed().equals(judged.get())).toList();
        long otherTestbeds = store.series().stream().filter(key -> key.suite().equals(suite))
                .map(SeriesKey::testbed).filter(id -> judged.isEmpty() || !id.equals(judged.get())).distinct().count();
        List<HistoryVerdict> verdicts = new ArrayList<>();
        if (series.isEmpty()) {
            String where = suite + (judged.map(id -> "@" + id).orElse(""));
            verdicts.add(new HistoryVerdict(where, Outcome.NO_VERDICT, HistoryVerdict.PREFIX + "NO VERDICT " + where
                    + ": no throughput or server CPU series recorded" + (judged.isEmpty() ? " (no run of the suite)"
                    : " on this testbed") + "; run the suite with the history on (" + NoVerdict.NOTE + ")"));
        }
        for (SeriesKey key : series) {
            verdicts.add(judge(key, store.points(key), store::acknowledged));
        }
        return new HistoryGateResult(judged, otherTestbeds, verdicts);
    }

    /** The verdict on one series' points (in commit order), {@code acknowledged} telling accepted change points. */
    public HistoryVerdict judge(SeriesKey key, List<SeriesPoint> points,
                                BiPredicate<SeriesKey, String> acknowledged) {
        long runs = points.stream().mapToLong(SeriesPoint::runId).distinct().count();
        int needRuns = 2 * parameters.minRuns();
        int needPoints = 2 * parameters.minPoints();
        if (runs < needRuns || points.size() < needPoints) {
            return HistoryVerdict.of(key, Outcome.NO_VERDICT, String.format(Locale.ROOT, "%d run%s (%d points)"
                    + " recorded, and the gate needs at least %d runs and %d points to tell a new level from the one"
                    + " before (%s)", runs, runs == 1 ? "" : "s", points.size(), needRuns, needPoints, NoVerdict.NOTE));
        }
        SeriesAnalysis analysis = detector.analyse(key, points);
        List<ChangePoint> changes = analysis.changePoints();
        if (changes.isEmpty()) {
            return HistoryVerdict.of(key, Outcome.PASS, String.format(Locale.ROOT, "one level over %d points (%d runs),"
                    + " no change point", points.size(), runs));
        }
        // Walk back over the regressions nobody accepted: the reference is the level before the first of them.
        int reference = changes.size() - 1;
        while (reference >= 0 && changes.get(reference).regression()
                && !acknowledged.test(key, changes.get(reference).firstCommitAfter())) {
            reference--;
        }
        ChangePoint last = changes.get(changes.size() - 1);
        if (reference == changes.size() - 1 && last.regression()) {
            return HistoryVerdict.of(key, Outcome.PASS, String.format(Locale.ROOT, "the latest change point, %+.1f%% at"
                    + " %s, was acknowledged: its level is accepted", last.relativeChange() * 100,
                    HistoryLines.shortCommit(last.firstCommitAfter())));
        }
        // An improvement last: judged against the level just before it, which it betters.
        int referenceSegment = Math.min(reference + 1, changes.size() - 1);
        Segment before = analysis.segments().get(referenceSegment);
        Segment latest = analysis.segments().get(analysis.segments().size() - 1);
        return ratio(key, points, before, latest, changes.size() - 1 - reference, last.tentative());
    }

    private HistoryVerdict ratio(SeriesKey key, List<SeriesPoint> points, Segment before, Segment latest,
                                 int regressions, boolean tentative) {
        boolean higherBetter = key.direction() == Direction.HIGHER_IS_BETTER;
        RatioInterval interval = RatioInterval.of(forks(points, before), forks(points, latest), 0.95);
        double limit = higherBetter ? 1 - tolerance : 1 + tolerance;
        boolean allGood = higherBetter ? interval.lower() >= limit : interval.upper() <= limit;
        boolean allBad = higherBetter ? interval.upper() < limit : interval.lower() > limit;
        Outcome outcome = allGood ? Outcome.PASS : allBad ? Outcome.FAIL : Outcome.INCONCLUSIVE;
        return HistoryVerdict.of(key, outcome, String.format(Locale.ROOT, "latest/reference %s (95%%), %,.0f vs %,.0f"
                + " %s, limit %s %.3f (%s at most %s%% %s than the reference); latest level from %s (%s), reference"
                + " from %s (%s)%s%s", interval.describe(), latest.mean(), before.mean(), key.unit(),
                higherBetter ? ">=" : "<=", limit, key.metric(), percent(tolerance), higherBetter ? "lower" : "higher",
                HistoryLines.shortCommit(points.get(latest.from()).commit()), size(points, latest),
                HistoryLines.shortCommit(points.get(before.from()).commit()), size(points, before),
                regressions > 1 ? String.format(Locale.ROOT, ", %d unacknowledged regressions between them",
                        regressions) : "", tentative ? ", the latest change point tentative" : ""));
    }

    /** A segment's points as the bootstrap's forks: one fork-level figure each. */
    private static List<List<Double>> forks(List<SeriesPoint> points, Segment segment) {
        return points.subList(segment.from(), segment.to()).stream().map(p -> List.of(p.value())).toList();
    }

    private static String size(List<SeriesPoint> points, Segment segment) {
        long runs = points.subList(segment.from(), segment.to()).stream().mapToLong(SeriesPoint::runId).distinct()
                .count();
        return segment.size() + " points, " + runs + " run" + (runs == 1 ? "" : "s");
    }

    private static String percent(double fraction) {
        return new java.math.BigDecimal(Double.toString(fraction * 100)).stripTrailingZeros().toPlainString();
    }
}
