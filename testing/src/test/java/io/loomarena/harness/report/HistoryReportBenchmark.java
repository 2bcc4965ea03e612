package io.loomarena.harness.report;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.FakeHistoryStore;
import io.loomarena.harness.history.RunRow;

/**
 * What rendering the history section costs at the size the issue names: 1,000 runs of 20 series (one throughput
 * series per combination, so 20 charts) of 3 forks each, a testbed change and a change point in every series. A
 * benchmark to run by hand, not a test (figures depend on the machine): a few warm-up renderings, then the median of
 * several. Detection is a fixed fake here, so the figure is the section's own (charts, table, HTML); the detector's
 * cost is measured by the detection work.
 *
 * <p>{@code java -cp <test classpath> io.loomarena.harness.report.HistoryReportBenchmark [runs] [series] [forks]}
 */
public final class HistoryReportBenchmark {

    private static final int WARM_UPS = 3;
    private static final int MEASURED = 7;

    private HistoryReportBenchmark() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int series = args.length > 1 ? Integer.parseInt(args[1]) : 20;
        int forks = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        FakeHistoryStore store = new FakeHistoryStore();
        SplittableRandom random = new SplittableRandom(42);
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        for (int r = 0; r < runs; r++) {
            RunRow run = store.addRun(HistoryFixtures.commit(r), start.plusSeconds(3600L * r), "echo",
                    r < runs * 3 / 5 ? "tb-one" : "tb-two");
            double level = r < runs / 2 ? 10_000 : 9_000;
            for (int s = 0; s < series; s++) {
                for (int f = 1; f <= forks; f++) {
                    store.addPoint(HistoryFixtures.throughput(run.testbed(), "COMBINATION_" + s), run, f,
                            level * (1 + 0.03 * random.nextGaussian()));
                }
            }
        }
        ChangePointDetector detector = HistoryFixtures.changeAt(HistoryFixtures.commit(runs / 2), false);
        long[] nanos = new long[MEASURED];
        int length = 0;
        int charts = 0;
        for (int i = 0; i < WARM_UPS + MEASURED; i++) {
            List<ReportCharts.Plotted> plotted = new ArrayList<>();
            long began = System.nanoTime();
            String html = HistorySection.html(Optional.of(store), detector, plotted);
            long took = System.nanoTime() - began;
            if (i >= WARM_UPS) {
                nanos[i - WARM_UPS] = took;
            }
            length = html.length();
            charts = plotted.size();
        }
        Arrays.sort(nanos);
        System.out.printf(Locale.ROOT, "history section: %d runs x %d series x %d forks = %,d points, %d charts,"
                        + " %,d characters of HTML%n", runs, series, forks, (long) runs * series * forks, charts,
                length);
        System.out.printf(Locale.ROOT, "rendering, %d warm-ups then %d measured: median %.0f ms, min %.0f ms,"
                        + " max %.0f ms%n", WARM_UPS, MEASURED, nanos[MEASURED / 2] / 1e6, nanos[0] / 1e6,
                nanos[MEASURED - 1] / 1e6);
    }
}
