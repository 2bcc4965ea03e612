package io.loomarena.harness.history.change;

import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * How long change-point detection takes on a long series: a benchmark that prints figures and judges nothing (issue
 * 40 asks for under 1 s per series of 1,000 points; bench/history-cost.sh runs it). Each series is {@code POINTS}
 * fork-level points, 4 forks a run, 3% noise and three steps; every series is analysed {@code WARMUP} times first,
 * then {@code ROUNDS} times timed, and the median of its rounds is its time.
 * Arguments (all optional): series (20), points per series (1000), rounds (11), warm-up rounds (5).
 */
public final class DetectionBenchmark {

    private DetectionBenchmark() {
    }

    public static void main(String[] args) {
        int seriesCount = arg(args, 0, 20);
        int points = arg(args, 1, 1000);
        int rounds = arg(args, 2, 11);
        int warmup = arg(args, 3, 5);
        ChangePointDetector detector = EDivisiveDetector.standard();
        List<List<SeriesPoint>> all = new ArrayList<>();
        for (int s = 0; s < seriesCount; s++) {
            all.add(series(s, points));
        }
        SeriesKey key = SyntheticSeries.THROUGHPUT;
        for (int w = 0; w < warmup; w++) {
            for (List<SeriesPoint> series : all) {
                detector.analyse(key, series);
            }
        }
        double[] medians = new double[seriesCount];
        int found = 0;
        for (int s = 0; s < seriesCount; s++) {
            double[] times = new double[rounds];
            SeriesAnalysis analysis = null;
            for (int r = 0; r < rounds; r++) {
                long start = System.nanoTime();
                analysis = detector.analyse(key, all.get(s));
                times[r] = (System.nanoTime() - start) / 1e6;
            }
            found += analysis.changePoints().size();
            medians[s] = median(times);
        }
        Arrays.sort(medians);
        System.out.printf(Locale.ROOT, "detection: %d series x %d points (4 forks a run, 3%% noise, 3 steps),"
                + " %d warm-up and %d timed rounds each: median %.1f ms per series (fastest series %.1f ms, slowest"
                + " %.1f ms); %d change points found in all (%d planted)%n", seriesCount, points, warmup, rounds,
                median(medians), medians[0], medians[seriesCount - 1], found, 3 * seriesCount);
    }

    /** A series of {@code points} points: 4 forks a run, 3% noise, steps of -8% at 30%, +5% at 60%, -6% at 85%. */
    private static List<SeriesPoint> series(long seed, int points) {
        Random random = new Random(seed);
        List<SeriesPoint> series = new ArrayList<>();
        for (int i = 0; i < points; i++) {
            double at = (double) i / points;
            double level = 1000 * (at >= 0.3 ? 0.92 : 1) * (at >= 0.6 ? 1.05 : 1) * (at >= 0.85 ? 0.94 : 1);
            int run = i / 4;
            series.add(SyntheticSeries.point(run, SyntheticSeries.commit(run), i % 4 + 1,
                    level * (1 + 0.03 * random.nextGaussian())));
        }
        return series;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static int arg(String[] args, int index, int fallback) {
        if (args.length <= index) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(args[index]);
            if (value < 1) {
                throw new NumberFormatException();
            }
            return value;
        } catch (NumberFormatException e) {
            System.err.println("DetectionBenchmark: argument " + (index + 1) + " must be a whole number >= 1, got '"
                    + args[index] + "'");
            System.exit(2);
            return fallback;
        }
    }
}
