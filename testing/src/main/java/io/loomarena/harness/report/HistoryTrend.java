package io.loomarena.harness.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.Segment;
import io.loomarena.harness.history.SeriesAnalysis;
import io.loomarena.harness.history.SeriesKey;
import io.loomarena.harness.history.SeriesPoint;
import io.loomarena.harness.report.chart.AxisSpec;
import io.loomarena.harness.report.chart.TrendChart;

/**
 * One combination's trend chart: the analysed series of every testbed it ran on, one after another on one x axis
 * (each testbed's points in commit order), a dotted mark where the testbed changes. One chart per combination rather
 * than per testbed, so that a reader finds the whole life of a combination in one place and a laptop's runs do not
 * double the charts; nothing is compared across a mark, since each testbed's series was analysed alone. Stateless.
 */
final class HistoryTrend {

    /** At most this many commits name the x axis: more would overlap at the chart's width. */
    static final int MAX_TICKS = 12;
    private static final int HEIGHT = 420;
    static final String CAPTION = "Each dot is one fork's figure (the mean of the measured iterations its run's"
            + " verdict judged), in commit order; ticks name the commit of a run's first fork. Dark lines are the"
            + " segments' means between change points, the blue bands their 95% intervals. A vermillion line marks a"
            + " regression, a green one an improvement, a dashed ochre one a tentative change point (too few runs"
            + " after it yet), each labelled with its size and first commit. A dotted grey line marks a new testbed:"
            + " its points form a new series, never compared with the one before.";

    private HistoryTrend() {
    }

    /** The chart of one combination's metric from its series on each testbed (in the order to draw them). */
    static ReportCharts.Plotted chart(String suite, String combination, List<SeriesAnalysis> perTestbed) {
        String metric = perTestbed.get(0).key().metric();
        String unit = perTestbed.get(0).key().unit();
        String id = id(perTestbed.get(0).key());
        String title = suite + ": " + combination + ", " + metric + " per fork (" + unit + ")";
        int size = perTestbed.stream().mapToInt(a -> a.points().size()).sum();
        double[] xs = new double[size];
        double[] ys = new double[size];
        List<TrendChart.Band> bands = new ArrayList<>();
        List<TrendChart.Mark> marks = new ArrayList<>();
        List<Figure> figures = new ArrayList<>();
        List<Integer> runStarts = new ArrayList<>();
        List<String> runCommits = new ArrayList<>();
        int offset = 0;
        for (SeriesAnalysis analysis : perTestbed) {
            String testbed = analysis.key().testbed();
            List<SeriesPoint> points = analysis.points();
            if (offset > 0) {
                marks.add(new TrendChart.Mark(offset - 0.5, "testbed " + testbed, TrendChart.MarkKind.TESTBED));
            }
            long run = Long.MIN_VALUE;
            for (int i = 0; i < points.size(); i++) {
                xs[offset + i] = offset + i;
                ys[offset + i] = points.get(i).value();
                if (points.get(i).runId() != run) {
                    run = points.get(i).runId();
                    runStarts.add(offset + i);
                    runCommits.add(shortCommit(points.get(i).commit()));
                }
            }
            for (Segment s : analysis.segments()) {
                bands.add(new TrendChart.Band(offset + s.from() - 0.5, offset + s.to() - 0.5, s.mean(), s.ci95Low(),
                        s.ci95High()));
                String commits = shortCommit(points.get(s.from()).commit()) + ".."
                        + shortCommit(points.get(s.to() - 1).commit());
                figures.add(new Figure(id, "segment mean @" + testbed, commits, s.mean(), unit));
                figures.add(new Figure(id, "segment 95% low @" + testbed, commits, s.ci95Low(), unit));
                figures.add(new Figure(id, "segment 95% high @" + testbed, commits, s.ci95High(), unit));
            }
            for (ChangePoint c : analysis.changePoints()) {
                marks.add(new TrendChart.Mark(offset + c.index() - 0.5, percent(c.relativeChange()) + " at "
                        + shortCommit(c.firstCommitAfter()) + (c.tentative() ? " (tentative)" : ""),
                        c.tentative() ? TrendChart.MarkKind.TENTATIVE : c.regression()
                                ? TrendChart.MarkKind.REGRESSION : TrendChart.MarkKind.IMPROVEMENT));
                figures.add(new Figure(id, "change point @" + testbed, shortCommit(c.lastCommitBefore()) + ".."
                        + shortCommit(c.firstCommitAfter()), 100 * c.relativeChange(), "%"));
            }
            offset += points.size();
        }
        List<AxisSpec.Tick> ticks = new ArrayList<>();
        int step = (runStarts.size() + MAX_TICKS - 1) / MAX_TICKS;
        for (int i = 0; i < runStarts.size(); i += Math.max(step, 1)) {
            ticks.add(new AxisSpec.Tick(runStarts.get(i), runCommits.get(i)));
        }
        AxisSpec x = AxisSpec.fixed("forks in commit order (" + runStarts.size() + " runs, " + size + " forks)", false,
                -0.5, Math.max(size, 1) - 0.5, ticks);
        String svg = TrendChart.svg(title, x, metric + " " + unit, xs, ys, bands, marks, HEIGHT);
        return new ReportCharts.Plotted(id, title, CAPTION, svg, figures);
    }

    /** The id of a series' chart: one per suite, combination and metric, whatever the testbed. */
    static String id(SeriesKey key) {
        return "history/" + key.suite() + "/" + key.combination() + "/" + key.metric();
    }

    /** The first 7 characters of a commit, as git abbreviates it. */
    static String shortCommit(String commit) {
        return commit.length() <= 7 ? commit : commit.substring(0, 7);
    }

    /** {@code -10.2%}, {@code +3.1%}. */
    static String percent(double relative) {
        return String.format(Locale.ROOT, "%+.1f%%", 100 * relative);
    }
}
