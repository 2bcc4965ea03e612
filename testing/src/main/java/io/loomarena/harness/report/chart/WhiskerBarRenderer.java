package io.loomarena.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.io.Serial;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.CategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRendererState;
import org.jfree.chart.text.TextUtils;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;
import org.jfree.data.category.CategoryDataset;
import org.jfree.svg.SVGHints;

/**
 * JFreeChart's bar renderer plus an interval whisker on the bars that have one. JFreeChart's own
 * {@code StatisticalBarRenderer} draws only mean ± standard deviation, and a throughput interval derived from an
 * elapsed-time interval is not symmetric around the bar, so this renderer draws each whisker from its own low and high,
 * in the bar's own place (JFreeChart's bar geometry). A whisker much taller than the bars (or without an upper bound)
 * would flatten every bar, so the axis stretches to a whisker's top only while that is at most twice the tallest bar; a
 * whisker that leaves the plot ends in an arrow and its bar's value is written beside the arrow. Otherwise the value
 * sits above the whisker's cap, where no line crosses it. Each whisker is an SVG group of class {@code whisker}. For
 * vertical plots only. Not thread-safe: it remembers the item being drawn, as JFreeChart's renderers do.
 */
final class WhiskerBarRenderer extends BarRenderer {

    @Serial
    private static final long serialVersionUID = 1L;
    private static final Color WHISKER = new Color(0x333333);
    private static final BasicStroke STROKE = new BasicStroke(1.4f);

    /** A whisker in pixels: its x, the y of its low and high ends, and whether it goes on above the plot. */
    private record Drawn(double x, double low, double high, boolean open) {
    }

    private final Map<List<String>, BarChart.Bar> whiskers;
    /** The whisker of the item being drawn, null when it has none. */
    private transient Drawn current;

    /** Draws the whiskers of {@code bars}, found by series and category. */
    WhiskerBarRenderer(List<BarChart.Bar> bars) {
        whiskers = bars.stream().collect(Collectors.toMap(b -> List.of(b.series(), b.category()), Function.identity()));
    }

    @Override
    public Range findRangeBounds(CategoryDataset dataset, boolean includeInterval) {
        Range range = super.findRangeBounds(dataset, includeInterval);
        if (range == null) {
            return null;
        }
        double tallest = range.getUpperBound();
        for (BarChart.Bar bar : whiskers.values()) {
            range = Range.expandToInclude(range, bar.low());
            if (bar.high() <= 2 * tallest) {
                range = Range.expandToInclude(range, bar.high());
            }
        }
        return range;
    }

    @Override
    public void drawItem(Graphics2D g2, CategoryItemRendererState state, Rectangle2D dataArea, CategoryPlot plot,
                         CategoryAxis domainAxis, ValueAxis rangeAxis, CategoryDataset dataset, int row, int column,
                         int pass) {
        BarChart.Bar bar = whiskers.get(List.of(dataset.getRowKey(row).toString(),
                dataset.getColumnKey(column).toString()));
        int visibleRow = state.getVisibleSeriesIndex(row);
        current = null;
        if (bar != null && visibleRow >= 0 && dataset.getValue(row, column) != null) {
            double x = calculateBarW0(plot, plot.getOrientation(), dataArea, domainAxis, state, visibleRow, column)
                    + state.getBarWidth() / 2;
            boolean open = !(bar.high() <= rangeAxis.getUpperBound());
            double low = rangeAxis.valueToJava2D(bar.low(), dataArea, plot.getRangeAxisEdge());
            double high = open ? dataArea.getMinY() : rangeAxis.valueToJava2D(bar.high(), dataArea,
                    plot.getRangeAxisEdge());
            current = new Drawn(x, low, high, open);
        }
        super.drawItem(g2, state, dataArea, plot, domainAxis, rangeAxis, dataset, row, column, pass);
        if (current != null) {
            drawWhisker(g2, current, Math.min(state.getBarWidth() * 0.35, 10));
        }
    }

    private static void drawWhisker(Graphics2D g2, Drawn w, double cap) {
        g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, Map.of("class", "whisker"));
        g2.setPaint(WHISKER);
        g2.setStroke(STROKE);
        g2.draw(new Line2D.Double(w.x(), w.low(), w.x(), w.high()));
        g2.draw(new Line2D.Double(w.x() - cap, w.low(), w.x() + cap, w.low()));
        if (w.open()) {
            Path2D.Double arrow = new Path2D.Double();
            arrow.moveTo(w.x() - 4, w.high() + 6);
            arrow.lineTo(w.x(), w.high());
            arrow.lineTo(w.x() + 4, w.high() + 6);
            g2.draw(arrow);
        } else {
            g2.draw(new Line2D.Double(w.x() - cap, w.high(), w.x() + cap, w.high()));
        }
        g2.setRenderingHint(SVGHints.KEY_END_GROUP, "whisker");
    }

    /** The label goes above the whisker's cap, or beside its arrow when the whisker leaves the plot. */
    @Override
    protected void drawItemLabel(Graphics2D g2, CategoryDataset data, int row, int column, CategoryPlot plot,
                                 CategoryItemLabelGenerator generator, Rectangle2D bar, boolean negative) {
        if (current == null || negative) {
            super.drawItemLabel(g2, data, row, column, plot, generator, bar, negative);
        } else if (current.open()) {
            g2.setFont(getItemLabelFont(row, column));
            g2.setPaint(getItemLabelPaint(row, column));
            TextUtils.drawAlignedString(generator.generateLabel(data, row, column), g2, (float) current.x() + 7,
                    (float) current.high() + 2, TextAnchor.TOP_LEFT);
        } else {
            Rectangle2D withWhisker = bar.createUnion(new Rectangle2D.Double(bar.getCenterX(), current.high(), 0, 0));
            super.drawItemLabel(g2, data, row, column, plot, generator, withWhisker, false);
        }
    }
}
