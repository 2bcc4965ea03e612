package io.loomarena.harness.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.RunRow;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

/** Histories and a detector for the report's history tests and benchmark: fixed answers, no statistics. */
final class HistoryFixtures {

    private HistoryFixtures() {
    }

    static SeriesKey throughput(String testbed, String combination) {
        return new SeriesKey(testbed, "echo", combination, "throughput", Direction.HIGHER_IS_BETTER, "msg/s");
    }

    static SeriesKey p99(String testbed, String combination) {
        return new SeriesKey(testbed, "echo", combination, "p99", Direction.LOWER_IS_BETTER, "us");
    }

    /** A 40-hex commit whose short form is {@code c} followed by the run's number. */
    static String commit(int run) {
        return String.format("c%06d", run) + "0".repeat(33);
    }

    /**
     * {@code runs} runs of the echo suite, the first {@code onFirstTestbed} on testbed {@code tb-one} and the rest on
     * {@code tb-two}, each with {@code forks} forks of every combination's throughput and p99; throughput drops 10%
     * from run {@code runs / 2} on (the forks spread by 1%).
     */
    static FakeHistoryStore store(int runs, int onFirstTestbed, List<String> combinations, int forks) {
        FakeHistoryStore store = new FakeHistoryStore();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        for (int r = 0; r < runs; r++) {
            String testbed = r < onFirstTestbed ? "tb-one" : "tb-two";
            RunRow run = store.addRun(commit(r), start.plusSeconds(3600L * r), "echo", testbed);
            double level = r < runs / 2 ? 10_000 : 9_000;
            for (String combination : combinations) {
                for (int f = 1; f <= forks; f++) {
                    store.addPoint(throughput(testbed, combination), run, f, level * (1 + 0.01 * (f - 2)));
                    store.addPoint(p99(testbed, combination), run, f, 200 + f);
                }
            }
        }
        return store;
    }

    /**
     * A detector that puts one change point at the first point of the run whose commit is {@code at} (when the
     * series holds it), the segments' means computed plainly and their intervals 1% either side.
     */
    static ChangePointDetector changeAt(String at, boolean tentative) {
        return (key, points) -> {
            int index = -1;
            for (int i = 0; i < points.size() && index < 0; i++) {
                index = points.get(i).commit().equals(at) && i > 0 ? i : -1;
            }
            if (points.isEmpty()) {
                return new SeriesAnalysis(key, points, List.of(), List.of());
            }
            List<Segment> segments = new ArrayList<>();
            List<ChangePoint> changes = new ArrayList<>();
            if (index < 0) {
                segments.add(segment(points, 0, points.size()));
            } else {
                Segment before = segment(points, 0, index);
                Segment after = segment(points, index, points.size());
                segments.add(before);
                segments.add(after);
                double change = after.mean() / before.mean() - 1;
                changes.add(new ChangePoint(key, index, points.get(index - 1).commit(), at, change, change - 0.02,
                        change + 0.02, 0.001, tentative, key.direction().isRegression(change)));
            }
            return new SeriesAnalysis(key, points, segments, changes);
        };
    }

    private static Segment segment(List<SeriesPoint> points, int from, int to) {
        double mean = points.subList(from, to).stream().mapToDouble(SeriesPoint::value).average().orElseThrow();
        return new Segment(from, to, mean, mean * 0.99, mean * 1.01);
    }
}
