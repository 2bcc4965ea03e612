package io.loomarena.harness.report.chart;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Lines through points on two {@link Scale}s, each series in its own {@link SeriesStyle} (colour, marker and dash), with
 * markers where the caller marks points and the value written beside every point that carries a label. Labels of
 * points that share an x are pushed apart vertically so that they never print over each other; each keeps its series'
 * colour, so the reader can tell which line it belongs to, and a white outline where it crosses a line. The first
 * column's labels sit left of their points, since every line leaves them to the right; the caller leaves room there
 * (a scale that starts before the first x). Stateless.
 */
public final class LineChart {

    /**
     * One point of a series.
     *
     * @param x      where on the x scale
     * @param y      where on the y scale
     * @param marked whether a marker is drawn on it
     * @param label  the text written beside it, empty for none
     */
    public record Point(double x, double y, boolean marked, String label) {
    }

    /**
     * One line.
     *
     * @param name   its legend entry
     * @param points its points, in drawing order
     */
    public record Series(String name, List<Point> points) {

        public Series {
            points = List.copyOf(points);
        }
    }

    static final double WIDTH = 1200;
    private static final double TICK = 12;
    private static final double LABEL = 11;
    private static final double LABEL_GAP = 14;

    private LineChart() {
    }

    /** The chart as SVG, {@code height} tall. */
    public static String svg(String title, String xTitle, String yTitle, Scale x, Scale y, List<Series> series,
                             double height) {
        List<SeriesStyle> styles = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            styles.add(SeriesStyle.of(i));
        }
        Legend legend = new Legend(series.stream().map(Series::name).toList(), styles, true);
        double left = 30 + y.widestLabel(TICK) + 10;
        double right = 20 + series.stream().flatMap(s -> s.points().stream())
                .mapToDouble(p -> Svg.textWidth(p.label(), LABEL)).max().orElse(0);
        double plotWidth = WIDTH - left - right;
        double plotTop = 40 + legend.height(plotWidth) + 18;
        double plotBottom = height - 50;
        Svg svg = new Svg(WIDTH, height, title);
        svg.text(WIDTH / 2, 24, title, Svg.Anchor.MIDDLE, 16, true, Svg.TEXT);
        legend.draw(svg, left, 38, plotWidth);
        Axes.yAxis(svg, y, left, plotWidth, plotTop, plotBottom, TICK);
        Axes.xAxis(svg, x, left, plotWidth, plotTop, plotBottom, TICK);
        svg.upwardText(14, (plotTop + plotBottom) / 2, yTitle, 13, Svg.TEXT);
        svg.text(left + plotWidth / 2, height - 10, xTitle, Svg.Anchor.MIDDLE, 13, false, Svg.TEXT);
        // Labels by their point's pixel column, to be spread apart once every line is drawn.
        Map<Long, List<double[]>> labelsByColumn = new TreeMap<>();
        List<String> labelTexts = new ArrayList<>();
        svg.group("lines");
        for (int s = 0; s < series.size(); s++) {
            SeriesStyle style = styles.get(s);
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (Point p : series.get(s).points()) {
                xs.add(left + x.fraction(p.x()) * plotWidth);
                ys.add(plotBottom - y.fraction(p.y()) * (plotBottom - plotTop));
            }
            svg.polyline(xs, ys, style.colour(), 2, style.dash());
            for (int i = 0; i < xs.size(); i++) {
                Point p = series.get(s).points().get(i);
                if (p.marked()) {
                    style.mark(svg, xs.get(i), ys.get(i), 4.5);
                }
                if (!p.label().isEmpty()) {
                    labelsByColumn.computeIfAbsent(Math.round(xs.get(i)), k -> new ArrayList<>())
                            .add(new double[] {xs.get(i), ys.get(i), s, labelTexts.size()});
                    labelTexts.add(p.label());
                }
            }
        }
        svg.end();
        svg.group("point-labels");
        boolean first = true;
        for (List<double[]> column : labelsByColumn.values()) {
            column.sort(Comparator.comparingDouble(l -> l[1]));
            double previous = Double.NEGATIVE_INFINITY;
            for (double[] l : column) {
                double at = Math.max(l[1] + 4, previous + LABEL_GAP);
                previous = at;
                // Left of the first column (its lines leave to the right), right of the others.
                svg.haloText(first ? l[0] - 8 : l[0] + 8, at, labelTexts.get((int) l[3]),
                        first ? Svg.Anchor.END : Svg.Anchor.START, LABEL, styles.get((int) l[2]).colour());
            }
            first = false;
        }
        svg.end();
        return svg.toString();
    }
}
