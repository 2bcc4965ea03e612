package io.loomarena.harness.history.change;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * E-Divisive means with a t-test instead of permutations, as Apache Otava (formerly DataStax Hunter) does:
 * deterministic, no random numbers. Two steps (Fleming et al., "Hunter: Using Change Point Detection to Hunt for
 * Performance Regressions", ICPE 2023):
 * <ol>
 * <li>split: over the stretches between the change points found so far, take the split with the largest energy
 * statistic ({@link EnergySearch}); keep it while the t-test of its stretch's two sides gives at most
 * {@link DetectorParameters#firstPassPValue}, else stop;</li>
 * <li>merge: re-test every change point against the segments beside it and drop the weakest while its p-value is above
 * {@link DetectorParameters#maxPValue}, re-testing after each drop.</li>
 * </ol>
 * Otava also slides a window of 50 points over long series; here the search's free end ({@code kappa}) plays that part,
 * and a series of fork-level points of one testbed stays short enough (thousands of points) to search whole.
 * Stateless, so safe to share between threads.
 */
public final class EDivisiveDetector implements ChangePointDetector {

    private final DetectorParameters parameters;

    /** The detector every part of the project uses, with its documented parameters (docs/history.md). */
    public static EDivisiveDetector standard() {
        return new EDivisiveDetector(DetectorParameters.STANDARD);
    }

    public EDivisiveDetector(DetectorParameters parameters) {
        this.parameters = parameters;
    }

    public DetectorParameters parameters() {
        return parameters;
    }

    @Override
    public SeriesAnalysis analyse(SeriesKey key, List<SeriesPoint> points) {
        PointLayout layout = new PointLayout(points, parameters);
        List<Integer> bounds = bounds(merge(layout, split(layout)), layout.size());
        List<Segment> segments = new ArrayList<>();
        List<ChangePoint> changes = new ArrayList<>();
        for (int i = 0; i + 1 < bounds.size(); i++) {
            int from = bounds.get(i);
            int to = bounds.get(i + 1);
            Moments moments = Moments.of(layout, from, to);
            double half = moments.halfWidth95();
            segments.add(new Segment(from, to, moments.mean(), moments.mean() - half, moments.mean() + half));
            if (i > 0) {
                SegmentComparison c = SegmentComparison.of(layout, bounds.get(i - 1), from, to);
                changes.add(new ChangePoint(key, from, points.get(from - 1).commit(), points.get(from).commit(),
                        c.relativeChange(), c.ciLow(), c.ciHigh(), c.pValue(),
                        layout.runsFrom(from) < parameters.confirmRuns(),
                        key.direction().isRegression(c.relativeChange())));
            }
        }
        return new SeriesAnalysis(key, points, segments, changes);
    }

    /** The split step: change points, sorted, that pass the first-pass p-value. */
    private List<Integer> split(PointLayout layout) {
        TreeSet<Integer> found = new TreeSet<>();
        Map<Long, Optional<EnergySearch.Candidate>> searched = new HashMap<>();
        while (true) {
            List<Integer> bounds = bounds(List.copyOf(found), layout.size());
            EnergySearch.Candidate best = null;
            int bestFrom = 0;
            int bestTo = 0;
            for (int i = 0; i + 1 < bounds.size(); i++) {
                int from = bounds.get(i);
                int to = bounds.get(i + 1);
                Optional<EnergySearch.Candidate> candidate = searched.computeIfAbsent(((long) from << 32) | to,
                        k -> EnergySearch.best(layout, from, to));
                if (candidate.isPresent() && (best == null || candidate.get().q() > best.q())) {
                    best = candidate.get();
                    bestFrom = from;
                    bestTo = to;
                }
            }
            if (best == null || SegmentComparison.pValue(layout, bestFrom, best.index(), bestTo)
                    > parameters.firstPassPValue()) {
                return List.copyOf(found);
            }
            found.add(best.index());
        }
    }

    /** The merge step: drops the weakest change point while one is above the p-value, re-testing after each drop. */
    private List<Integer> merge(PointLayout layout, List<Integer> weak) {
        List<Integer> kept = new ArrayList<>(weak);
        while (!kept.isEmpty()) {
            List<Integer> bounds = bounds(kept, layout.size());
            int weakest = -1;
            double weakestP = -1;
            for (int i = 1; i + 1 < bounds.size(); i++) {
                double p = SegmentComparison.pValue(layout, bounds.get(i - 1), bounds.get(i), bounds.get(i + 1));
                if (p > weakestP) {
                    weakestP = p;
                    weakest = i - 1;
                }
            }
            if (weakestP <= parameters.maxPValue()) {
                break;
            }
            kept.remove(weakest);
        }
        return kept;
    }

    /** 0, the change points, and the series' end: every segment is {@code [bounds[i], bounds[i + 1])}. */
    private static List<Integer> bounds(List<Integer> changePoints, int size) {
        List<Integer> bounds = new ArrayList<>();
        if (size == 0) {
            return bounds;
        }
        bounds.add(0);
        bounds.addAll(changePoints);
        bounds.add(size);
        return bounds;
    }
}
