package io.loomarena.harness.history.change;

import io.loomarena.harness.history.Direction;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Fake series for the detector's known answers: a level of 1,000 with Gaussian noise of a given relative standard
 * deviation, from a seeded {@link Random}, and a step of a given relative size from a given point on.
 */
final class SyntheticSeries {

    static final SeriesKey THROUGHPUT = key("throughput", Direction.HIGHER_IS_BETTER, "msg/s");
    static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private SyntheticSeries() {
    }

    static SeriesKey key(String metric, Direction direction, String unit) {
        return new SeriesKey("3f9a1c2e", "echo", "VIRTUAL_SERVER+VIRTUAL_CLIENT", metric, direction, unit);
    }

    /** A 40-character commit hash whose first 7 characters tell commits apart: {@code 000000c...}. */
    static String commit(int i) {
        return String.format("%06dc", i) + "0".repeat(33);
    }

    /** {@code n} points, each its own run and commit, noise {@code sd}, {@code step} from point {@code at} on. */
    static List<SeriesPoint> oneForkPerCommit(long seed, int n, double sd, double step, int at) {
        return runs(seed, n, 1, sd, step, at);
    }

    /** {@code runs} runs of {@code forks} forks each, each run its own commit; the step starts at point {@code at}. */
    static List<SeriesPoint> runs(long seed, int runs, int forks, double sd, double step, int at) {
        Random random = new Random(seed);
        List<SeriesPoint> points = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            for (int fork = 1; fork <= forks; fork++) {
                double level = points.size() >= at ? 1000 * (1 + step) : 1000;
                points.add(point(run, commit(run), fork, level * (1 + sd * random.nextGaussian())));
            }
        }
        return points;
    }

    /** One fork's point of run {@code run} (ordered by it) measuring {@code commit}. */
    static SeriesPoint point(int run, String commit, int fork, double value) {
        Instant at = EPOCH.plusSeconds(3600L * run);
        return new SeriesPoint(run + 1L, commit, at, at, fork, value);
    }

    /** The same points with point {@code index}'s value multiplied by {@code factor}. */
    static List<SeriesPoint> times(List<SeriesPoint> points, int index, double factor) {
        List<SeriesPoint> changed = new ArrayList<>(points);
        SeriesPoint p = changed.get(index);
        changed.set(index, new SeriesPoint(p.runId(), p.commit(), p.commitTime(), p.runStart(), p.fork(),
                p.value() * factor));
        return changed;
    }
}
