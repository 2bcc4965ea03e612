package io.loomarena.harness.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Stroke;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.StandardChartTheme;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * The report's look on JFreeChart: a chart theme (fonts, greys, white plot, flat bars, no shadow) and the
 * {@link SeriesStyle}s of the series. The page's text is sans-serif at the sizes of its own body, the legend sits above
 * the plot so that the plot keeps the whole width and the key is read before the picture, and grid lines are solid and
 * faint. No shadow generator: JFreeChart would draw the plot into a bitmap for it, and the SVG would carry a PNG.
 * Stateless.
 */
final class Look {

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);
    static final Font AXIS_TITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font ITEM_LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    static final Color TEXT = new Color(0x222222);
    static final Color GRID = new Color(0xe3e3e3);
    static final Color AXIS = new Color(0x999999);
    /** The grid lines of a log axis between its decades. */
    static final Color MINOR_GRID = new Color(0xf2f2f2);
    private static final Stroke GRID_STROKE = new BasicStroke(1f);

    private Look() {
    }

    private static StandardChartTheme theme() {
        StandardChartTheme theme = new StandardChartTheme("loom-arena", false);
        theme.setExtraLargeFont(TITLE);
        theme.setLargeFont(AXIS_TITLE);
        theme.setRegularFont(TICK);
        theme.setSmallFont(ITEM_LABEL);
        theme.setTitlePaint(TEXT);
        theme.setSubtitlePaint(TEXT);
        theme.setLegendItemPaint(TEXT);
        theme.setAxisLabelPaint(TEXT);
        theme.setTickLabelPaint(TEXT);
        theme.setItemLabelPaint(TEXT);
        theme.setChartBackgroundPaint(Color.WHITE);
        theme.setLegendBackgroundPaint(Color.WHITE);
        theme.setPlotBackgroundPaint(Color.WHITE);
        theme.setPlotOutlinePaint(AXIS);
        theme.setDomainGridlinePaint(GRID);
        theme.setRangeGridlinePaint(GRID);
        theme.setBaselinePaint(AXIS);
        theme.setAxisOffset(RectangleInsets.ZERO_INSETS);
        theme.setBarPainter(new StandardBarPainter());
        theme.setShadowVisible(false);
        return theme;
    }

    /** Applies the theme to {@code chart} and the first {@code series} styles to its renderer. */
    static void apply(JFreeChart chart, AbstractRenderer renderer, int series) {
        theme().apply(chart);
        chart.setPadding(new RectangleInsets(6, 6, 6, 16));
        chart.getTitle().setPadding(new RectangleInsets(4, 0, 6, 0));
        LegendTitle legend = chart.getLegend();
        if (legend != null) {
            legend.setPosition(RectangleEdge.TOP);
            legend.setHorizontalAlignment(HorizontalAlignment.LEFT);
            legend.setFrame(BlockBorder.NONE);
            legend.setItemFont(TICK);
            legend.setItemLabelPadding(new RectangleInsets(2, 4, 2, 18));
        }
        Plot plot = chart.getPlot();
        plot.setOutlineVisible(false);
        // Grid lines, not tick marks, lead the eye from a label into the plot (and halve the lines to write).
        if (plot instanceof CategoryPlot category) {
            category.setRangeGridlineStroke(GRID_STROKE);
            plain(category.getDomainAxis());
            plain(category.getRangeAxis());
        } else if (plot instanceof XYPlot xy) {
            xy.setDomainGridlineStroke(GRID_STROKE);
            xy.setRangeGridlineStroke(GRID_STROKE);
            xy.setRangeMinorGridlinePaint(MINOR_GRID);
            xy.setRangeMinorGridlineStroke(GRID_STROKE);
            // Minor ticks are the 2 and 5 of a log axis's decades (see AxisSpec); a linear axis draws none.
            xy.setRangeMinorGridlinesVisible(xy.getRangeAxis() instanceof LogarithmicAxis);
            plain(xy.getDomainAxis());
            plain(xy.getRangeAxis());
        }
        for (int i = 0; i < series; i++) {
            SeriesStyle style = SeriesStyle.of(i);
            renderer.setSeriesPaint(i, style.paint(), false);
            renderer.setSeriesShape(i, style.shape(), false);
            renderer.setSeriesStroke(i, style.stroke(), false);
        }
        renderer.setDefaultItemLabelFont(ITEM_LABEL, false);
    }

    private static void plain(Axis axis) {
        axis.setAxisLinePaint(AXIS);
        axis.setTickMarksVisible(false);
        axis.setMinorTickMarksVisible(false);
    }
}
