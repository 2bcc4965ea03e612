package io.loomarena.harness.report.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.io.Serial;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;
import org.jfree.svg.SVGHints;

/**
 * JFreeChart's line-and-shape renderer with a marker only on the points the caller marks (a percentile curve marks
 * p50, p90, p99... not its 23 points) and the caller's label beside a point that has one. JFreeChart writes each item
 * label where its point is, so the values of points that share an x (several servers at one concurrency) would print
 * over each other; here the labels of one column are pushed apart vertically, in the order of their points, once every
 * line is drawn (JFreeChart draws a renderer's foreground annotations after its items). Each keeps its series' colour,
 * so the reader can tell which line it belongs to. The first column's labels sit left of their points, since every
 * line leaves them to the right, the others right of theirs; the caller leaves room (an axis that starts before the
 * first x and ends after the last). The labels are an SVG group of class {@code point-labels}. Not thread-safe: it
 * collects the labels of the chart being drawn.
 */
final class LabelledLineRenderer extends XYLineAndShapeRenderer {

    @Serial
    private static final long serialVersionUID = 1L;
    /** The least distance between the baselines of two labels of one column, in pixels. */
    static final double LABEL_GAP = 14;

    /** A label waiting to be drawn: its point in pixels, its series and its text. */
    private record Pending(double x, double y, int series, String text) {
    }

    private final List<LineChart.Series> series;
    private final transient List<Pending> pending = new ArrayList<>();

    LabelledLineRenderer(List<LineChart.Series> series) {
        super(true, true);
        this.series = List.copyOf(series);
        setDefaultItemLabelGenerator((dataset, s, item) -> point(s, item).label());
        setDefaultItemLabelsVisible(true);
    }

    private LineChart.Point point(int s, int item) {
        return series.get(s).points().get(item);
    }

    @Override
    public boolean getItemShapeVisible(int s, int item) {
        return point(s, item).marked();
    }

    @Override
    public boolean isItemLabelVisible(int s, int item) {
        return !point(s, item).label().isEmpty();
    }

    /** Keeps the label to draw with the others of its column. */
    @Override
    protected void drawItemLabel(Graphics2D g2, PlotOrientation orientation, XYDataset dataset, int s, int item,
                                 double x, double y, boolean negative) {
        pending.add(new Pending(x, y, s, point(s, item).label()));
    }

    @Override
    public void drawAnnotations(Graphics2D g2, Rectangle2D dataArea, ValueAxis domainAxis, ValueAxis rangeAxis,
                                Layer layer, PlotRenderingInfo info) {
        super.drawAnnotations(g2, dataArea, domainAxis, rangeAxis, layer, info);
        if (layer != Layer.FOREGROUND || pending.isEmpty()) {
            return;
        }
        Map<Long, List<Pending>> columns = new TreeMap<>();
        pending.forEach(p -> columns.computeIfAbsent(Math.round(p.x()), k -> new ArrayList<>()).add(p));
        pending.clear();
        g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, Map.of("class", "point-labels"));
        boolean first = true;
        for (List<Pending> column : columns.values()) {
            column.sort(Comparator.comparingDouble(Pending::y));
            double previous = Double.NEGATIVE_INFINITY;
            for (Pending p : column) {
                double baseline = Math.max(p.y() + 4, previous + LABEL_GAP);
                previous = baseline;
                g2.setFont(getItemLabelFont(p.series(), 0));
                g2.setPaint(getItemLabelPaint(p.series(), 0));
                TextUtils.drawAlignedString(p.text(), g2, (float) (first ? p.x() - 8 : p.x() + 8), (float) baseline,
                        first ? TextAnchor.BASELINE_RIGHT : TextAnchor.BASELINE_LEFT);
            }
            first = false;
        }
        g2.setRenderingHint(SVGHints.KEY_END_GROUP, "point-labels");
    }
}
