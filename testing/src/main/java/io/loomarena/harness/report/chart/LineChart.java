package io.loomarena.harness.report.chart;

import java.awt.geom.Line2D;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Lines through points on two axes ({@link AxisSpec}), each series in its own {@link SeriesStyle} (colour, marker and
 * dash, in the legend too), with markers where the caller marks points and the value written beside every point that
 * carries a label ({@link LabelledLineRenderer}). Laid out by JFreeChart's XY plot, drawn by {@link ChartSvg}.
 * Stateless.
 */
public final class LineChart {

    /**
     * One point of a series.
     *
     * @param x      where on the x axis
     * @param y      where on the y axis
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

    static final int WIDTH = 1200;

    private LineChart() {
    }

    /** The chart as SVG, {@code height} tall. */
    public static String svg(String title, AxisSpec x, AxisSpec y, List<Series> series, int height) {
        XYSeriesCollection data = new XYSeriesCollection();
        Set<String> names = new HashSet<>();
        for (Series s : series) {
            // A collection's series keys are unique; two lines of one name would still be two lines.
            String name = s.name();
            for (int n = 2; !names.add(name); n++) {
                name = s.name() + " (" + n + ")";
            }
            XYSeries line = new XYSeries(name, false, true);
            s.points().forEach(p -> line.add(p.x(), p.y()));
            data.addSeries(line);
        }
        LabelledLineRenderer renderer = new LabelledLineRenderer(series);
        renderer.setDrawSeriesLineAsPath(true);
        renderer.setLegendLine(new Line2D.Double(-17, 0, 17, 0));
        renderer.setDrawOutlines(false);
        XYPlot plot = new XYPlot(data, x.axis(), y.axis(), renderer);
        JFreeChart chart = new JFreeChart(title, Look.TITLE, plot, true);
        Look.apply(chart, renderer, series.size());
        for (int i = 0; i < series.size(); i++) {
            renderer.setSeriesItemLabelPaint(i, SeriesStyle.of(i).paint(), false);
        }
        return ChartSvg.svg(chart, WIDTH, height);
    }
}
