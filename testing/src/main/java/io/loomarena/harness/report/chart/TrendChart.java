package io.loomarena.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Stroke;
import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYBoxAnnotation;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYDotRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.LengthAdjustmentType;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.DefaultXYDataset;

/**
 * A series' history: its points as dots in the order given (x = position), each segment's mean as a line over its
 * 95% interval drawn as a band, and vertical marks with a label (change points, testbed changes). Dots rather than a
 * line because the points are independent forks, and a line through thousands of them hides the level it should
 * show; the bands and marks are drawn by JFreeChart's annotations and markers, laid out by its XY plot and drawn by
 * {@link ChartSvg}. Stateless.
 */
public final class TrendChart {

    /**
     * A segment: from {@code from} to {@code to} on the x axis, its mean and the 95% interval of that mean.
     * A {@code NaN} mean draws nothing; a {@code NaN} interval draws the mean alone.
     */
    public record Band(double from, double to, double mean, double low, double high) {
    }

    /** What a vertical mark shows, which decides its colour and dash. */
    public enum MarkKind {
        REGRESSION(new Color(0xd55e00), ""),
        IMPROVEMENT(new Color(0x009e73), ""),
        TENTATIVE(new Color(0xb8860b), "6 4"),
        TESTBED(new Color(0x555555), "2 3");

        private final Color paint;
        private final String dash;

        MarkKind(Color paint, String dash) {
            this.paint = paint;
            this.dash = dash;
        }
    }

    /** A vertical line at {@code x} with {@code label} at its top. */
    public record Mark(double x, String label, MarkKind kind) {
    }

    private static final Color POINT = new Color(0x0072b2);
    private static final Color MEAN = new Color(0x222222);
    private static final Color BAND = new Color(0x56, 0xb4, 0xe9, 0x59);
    /** Behind a mark's label, so that it reads over the dots: JFreeChart's default is a grey box. */
    private static final Color LABEL_BACKGROUND = new Color(255, 255, 255, 220);
    /** Labels of neighbouring marks are stepped down by this many pixels, in turn, so that close ones stay readable. */
    private static final int LABEL_STEP = 14;
    private static final int LABEL_ROWS = 3;

    private TrendChart() {
    }

    /**
     * The chart as SVG, {@code height} tall: {@code xs[i], ys[i]} are the points, {@code x} names the positions
     * (the caller's ticks), the y axis spans the points and the bands.
     */
    public static String svg(String title, AxisSpec x, String yTitle, double[] xs, double[] ys, List<Band> bands,
                             List<Mark> marks, int height) {
        if (xs.length != ys.length) {
            throw new IllegalArgumentException("need as many x as y values, got " + xs.length + " and " + ys.length);
        }
        DefaultXYDataset data = new DefaultXYDataset();
        data.addSeries("fork points", new double[][] {xs, ys});
        XYDotRenderer dots = new XYDotRenderer();
        dots.setDotWidth(3);
        dots.setDotHeight(3);
        XYPlot plot = new XYPlot(data, x.axis(), yAxis(yTitle, ys, bands).axis(), dots);
        JFreeChart chart = new JFreeChart(title, Look.TITLE, plot, false);
        Look.apply(chart, dots, 1);
        dots.setSeriesPaint(0, POINT, false);
        for (Band band : bands) {
            if (Double.isNaN(band.mean())) {
                continue;
            }
            if (Double.isFinite(band.low()) && Double.isFinite(band.high())) {
                plot.addAnnotation(new XYBoxAnnotation(band.from(), band.low(), band.to(), band.high(), null, null,
                        BAND), false);
            }
            plot.addAnnotation(new XYLineAnnotation(band.from(), band.mean(), band.to(), band.mean(),
                    new BasicStroke(2.5f), MEAN), false);
        }
        for (int i = 0; i < marks.size(); i++) {
            Mark mark = marks.get(i);
            ValueMarker line = new ValueMarker(mark.x(), mark.kind().paint, stroke(mark.kind().dash));
            line.setLabel(mark.label());
            line.setLabelFont(Look.ITEM_LABEL);
            line.setLabelPaint(mark.kind().paint);
            line.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            line.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            line.setLabelOffset(new RectangleInsets(4 + (i % LABEL_ROWS) * LABEL_STEP, 4, 0, 4));
            // Expanded, the offset moves the label right of its line rather than shrinking a line's zero width.
            line.setLabelOffsetType(LengthAdjustmentType.EXPAND);
            line.setLabelBackgroundColor(LABEL_BACKGROUND);
            plot.addDomainMarker(line, Layer.FOREGROUND);
        }
        return ChartSvg.svg(chart, LineChart.WIDTH, height);
    }

    /** From a little below the lowest point or band to a little above the highest: a trend is read in its range. */
    private static AxisSpec yAxis(String title, double[] ys, List<Band> bands) {
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double y : ys) {
            low = Math.min(low, y);
            high = Math.max(high, y);
        }
        for (Band band : bands) {
            for (double y : new double[] {band.mean(), band.low(), band.high()}) {
                if (Double.isFinite(y)) {
                    low = Math.min(low, y);
                    high = Math.max(high, y);
                }
            }
        }
        if (low > high) {
            return AxisSpec.fromZero(title);
        }
        // Room above the data for the marks' labels, which sit at the top of the plot.
        double pad = high > low ? (high - low) : Math.max(Math.abs(high) * 0.05, 1);
        return AxisSpec.fixed(title, false, low - pad * 0.1, high + pad * 0.35, List.of());
    }

    private static Stroke stroke(String dash) {
        if (dash.isEmpty()) {
            return new BasicStroke(1.5f);
        }
        String[] parts = dash.split(" ");
        float[] lengths = {Float.parseFloat(parts[0]), Float.parseFloat(parts[1])};
        return new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, lengths, 0f);
    }
}
