package io.loomarena.harness.report.chart;

import java.util.ArrayList;
import java.util.List;

/**
 * Vertical bars grouped by category (server model), one colour per series (client model), each bar labelled with its
 * value and, when it has one, carrying its interval as a whisker. The whisker is what keeps a bar chart honest: two
 * bars of different heights whose whiskers overlap are a tie, not a ranking. Intervals need not be symmetric around
 * the bar (a throughput interval derived from an elapsed-time interval is not). A whisker much taller than the bars
 * (or without an upper bound) would flatten every bar, so the axis stops at twice the tallest bar and a whisker that
 * goes on ends in an arrow. A negative value (a memory figure that fell) hangs below the zero line. Stateless.
 */
public final class BarChart {

    /**
     * One bar.
     *
     * @param series   its series (legend entry)
     * @param category its category (x axis group)
     * @param value    its height
     * @param low      the whisker's lower end, {@code NaN} for no whisker
     * @param high     the whisker's upper end, may be infinite, {@code NaN} for no whisker
     */
    public record Bar(String series, String category, double value, double low, double high) {

        public Bar(String series, String category, double value) {
            this(series, category, value, Double.NaN, Double.NaN);
        }

        boolean whisker() {
            return !Double.isNaN(low) && !Double.isNaN(high);
        }
    }

    static final double WIDTH = 1200;
    private static final double HEIGHT = 470;
    private static final double TICK = 12;
    private static final double LABEL = 11.5;

    private BarChart() {
    }

    /**
     * The chart as SVG.
     *
     * @param categories the x axis groups, left to right
     * @param series     the series, in legend order; a single series named {@code ""} draws no legend
     */
    public static String svg(String title, String xTitle, String yTitle, List<String> categories, List<String> series,
                             List<Bar> bars) {
        Legend legend = new Legend(series, series.stream().map(s -> SeriesStyle.of(series.indexOf(s))).toList(),
                false);
        boolean showLegend = series.size() > 1 || !series.get(0).isEmpty();
        double tallest = bars.stream().mapToDouble(Bar::value).max().orElse(1);
        double top = bars.stream().mapToDouble(b -> b.whisker() && b.high() <= 2 * tallest ? b.high() : b.value())
                .max().orElse(1);
        double bottom = bars.stream().mapToDouble(Bar::value).min().orElse(0);
        Scale y = Scale.linear(Math.min(0, bottom * 1.08), top * 1.08);
        double left = 30 + y.widestLabel(TICK) + 10;
        double plotWidth = WIDTH - left - 20;
        double band = plotWidth / categories.size();
        boolean twoLines = categories.stream().anyMatch(c -> Svg.textWidth(c, TICK) > band - 8);
        double legendHeight = showLegend ? legend.height(plotWidth) + 8 : 0;
        double plotTop = 40 + legendHeight + 10;
        double plotBottom = HEIGHT - (twoLines ? 66 : 50);
        Svg svg = new Svg(WIDTH, HEIGHT, title);
        svg.text(WIDTH / 2, 24, title, Svg.Anchor.MIDDLE, 16, true, Svg.TEXT);
        if (showLegend) {
            legend.draw(svg, left, 38, plotWidth);
        }
        Axes.yAxis(svg, y, left, plotWidth, plotTop, plotBottom, TICK);
        svg.upwardText(14, (plotTop + plotBottom) / 2, yTitle, 13, Svg.TEXT);
        for (int c = 0; c < categories.size(); c++) {
            double centre = left + band * (c + 0.5);
            List<String> lines = twoLines ? split(categories.get(c)) : List.of(categories.get(c));
            for (int l = 0; l < lines.size(); l++) {
                svg.text(centre, plotBottom + 18 + l * 15, lines.get(l), Svg.Anchor.MIDDLE, TICK, false, Svg.TEXT);
            }
        }
        svg.text(left + plotWidth / 2, HEIGHT - 10, xTitle, Svg.Anchor.MIDDLE, 13, false, Svg.TEXT);
        double barWidth = band * 0.8 / series.size();
        List<double[]> whiskers = new ArrayList<>();
        svg.group("bars");
        for (Bar bar : bars) {
            double x = left + band * categories.indexOf(bar.category()) + band * 0.1
                    + barWidth * series.indexOf(bar.series());
            double yValue = pixel(y, bar.value(), plotTop, plotBottom);
            double yZero = pixel(y, 0, plotTop, plotBottom);
            double yTop = Math.min(yValue, yZero);
            svg.rect(x + 1, yTop, barWidth - 2, Math.abs(yZero - yValue),
                    SeriesStyle.of(series.indexOf(bar.series())).colour());
            String label = Scale.format(bar.value());
            double size = Svg.textWidth(label, LABEL) > barWidth + 4 ? 9.5 : LABEL;
            double high = bar.whisker() ? Math.min(pixel(y, bar.high(), plotTop, plotBottom), plotBottom) : yTop;
            if (bar.whisker()) {
                whiskers.add(new double[] {x + barWidth / 2, pixel(y, bar.low(), plotTop, plotBottom),
                    Math.max(high, plotTop), high < plotTop ? 1 : 0, Math.min(barWidth * 0.35, 10)});
            }
            if (high < plotTop + 14) {
                // A whisker that leaves the plot: the value goes beside its arrow, not on it.
                svg.text(x + barWidth / 2 + 7, plotTop + 12, label, Svg.Anchor.START, size, false, Svg.TEXT);
            } else {
                svg.text(x + barWidth / 2, Math.min(yTop, high) - 5, label, Svg.Anchor.MIDDLE, size, false, Svg.TEXT);
            }
        }
        svg.end();
        svg.group("whiskers");
        for (double[] w : whiskers) {
            svg.line(w[0], w[1], w[0], w[2], "#333", 1.4);
            svg.line(w[0] - w[4], w[1], w[0] + w[4], w[1], "#333", 1.4);
            if (w[3] == 1) {
                svg.path("M" + Svg.n(w[0] - 4) + " " + Svg.n(w[2] + 6) + "L" + Svg.n(w[0]) + " " + Svg.n(w[2]) + "L"
                        + Svg.n(w[0] + 4) + " " + Svg.n(w[2] + 6), "none", "#333", 1.4);
            } else {
                svg.line(w[0] - w[4], w[2], w[0] + w[4], w[2], "#333", 1.4);
            }
        }
        svg.end();
        return svg.toString();
    }

    private static double pixel(Scale y, double value, double top, double bottom) {
        return bottom - y.fraction(value) * (bottom - top);
    }

    /** A long category name on two lines, split after the underscore or plus nearest its middle. */
    static List<String> split(String name) {
        int best = -1;
        for (int i = 1; i < name.length() - 1; i++) {
            char c = name.charAt(i);
            if ((c == '_' || c == '+' || c == ' ') && (best < 0
                    || Math.abs(i - name.length() / 2) < Math.abs(best - name.length() / 2))) {
                best = i;
            }
        }
        // The separator stays at the end of the first line (except a space), so the name reads as written.
        return best < 0 ? List.of(name) : List.of(name.substring(0, best + (name.charAt(best) == ' ' ? 0 : 1)),
                name.substring(best + 1));
    }
}
