package io.loomarena.harness.report.chart;

import java.util.List;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPosition;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.CategoryLabelWidthType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.labels.StandardCategoryItemLabelGenerator;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.text.TextBlockAnchor;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Vertical bars grouped by category (server model), one colour per series (client model), each bar labelled with its
 * value and, when it has one, carrying its interval as a whisker ({@link WhiskerBarRenderer}). The whisker is what
 * keeps a bar chart honest: two bars of different heights whose whiskers overlap are a tie, not a ranking. A negative
 * value (a memory figure that fell) hangs below the zero line with its label under it. Laid out by JFreeChart's
 * category plot, drawn by {@link ChartSvg}. Stateless.
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

    static final int WIDTH = 1200;
    /**
     * The width each category needs beyond six, so that a label as long as {@code VIRTUAL_SERVER_CACHED} stays whole
     * on its line (at 1200 px, seven categories broke it in two); the page scales the chart down to fit.
     */
    private static final int CATEGORY_WIDTH = 200;
    private static final int HEIGHT = 470;

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
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        // Keys in the order given (a dataset orders them as first added); a combination never measured stays empty.
        for (String category : categories) {
            for (String s : series) {
                data.addValue(null, s, category);
            }
        }
        bars.forEach(bar -> data.setValue(bar.value(), bar.series(), bar.category()));
        CategoryAxis x = new CategoryAxis(xTitle);
        // A label may take its category's whole slot, margins included, before JFreeChart wraps it.
        x.setCategoryLabelPositions(CategoryLabelPositions.replaceBottomPosition(CategoryLabelPositions.STANDARD,
                new CategoryLabelPosition(RectangleAnchor.TOP, TextBlockAnchor.TOP_CENTER,
                        CategoryLabelWidthType.CATEGORY, 1.25f)));
        x.setMaximumCategoryLabelLines(2);
        x.setCategoryMargin(0.2);
        x.setLowerMargin(0.02);
        x.setUpperMargin(0.02);
        ValueAxis y = AxisSpec.fromZero(yTitle).axis();
        WhiskerBarRenderer renderer = new WhiskerBarRenderer(bars.stream().filter(Bar::whisker).toList());
        renderer.setItemMargin(0.02);
        renderer.setDrawBarOutline(false);
        renderer.setDefaultItemLabelGenerator(new StandardCategoryItemLabelGenerator("{2}", ValueFormat.INSTANCE));
        renderer.setDefaultItemLabelsVisible(true);
        renderer.setItemLabelInsets(new RectangleInsets(4, 4, 4, 4));
        CategoryPlot plot = new CategoryPlot(data, x, y, renderer);
        boolean legend = series.size() > 1 || !series.get(0).isEmpty();
        JFreeChart chart = new JFreeChart(title, Look.TITLE, plot, legend);
        Look.apply(chart, renderer, series.size());
        return ChartSvg.svg(chart, Math.max(WIDTH, CATEGORY_WIDTH * categories.size()), HEIGHT);
    }
}
