package io.loomarena.harness.report;

/**
 * One plotted value of the report, as written to {@code report-figures.csv}: which chart, which series, where on the
 * x axis (a category or a number), the value and its unit. Immutable.
 *
 * @param chart  the chart's id, for example {@code echo/throughput}
 * @param series the series (legend entry)
 * @param x      the category or x value
 * @param y      the plotted value
 * @param unit   the value's unit, for example {@code msg/s} or {@code us}
 */
public record Figure(String chart, String series, String x, double y, String unit) {
}
