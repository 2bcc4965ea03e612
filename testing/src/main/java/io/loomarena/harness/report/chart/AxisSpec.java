package io.loomarena.harness.report.chart;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;

/**
 * What a line chart's axis shows, turned into a JFreeChart axis by {@link #axis()}: a linear axis from zero with
 * JFreeChart's own round ticks, a logarithmic axis from the decade at or below the lowest value to the one at or above
 * the highest (so that 20 µs and 900 ms read against 10, 100 ... 1,000,000 rather than against the one decade inside
 * their range) labelled at every decade by {@link LogarithmicAxis}, or an axis whose ticks the caller names (the nines
 * of percentiles, the connection counts of a sweep). Numbers are written by {@link ValueFormat}. Immutable.
 *
 * @param title the axis title
 * @param log   whether values are placed by their logarithm
 * @param low   the value at the start of the axis, {@code NaN} to let JFreeChart choose it
 * @param high  the value at its end, {@code NaN} to let JFreeChart choose it
 * @param ticks the ticks, empty for the axis's own
 */
public record AxisSpec(String title, boolean log, double low, double high, List<Tick> ticks) {

    /**
     * A tick the caller names.
     *
     * @param value where it sits
     * @param label its text
     */
    public record Tick(double value, String label) {
    }

    public AxisSpec {
        ticks = List.copyOf(ticks);
        if (!Double.isNaN(low) && !(high > low) || log && low <= 0) {
            throw new IllegalArgumentException("need 0 < low < high on a log scale and low < high on any, got " + low
                    + ".." + high);
        }
    }

    /** A linear axis from zero (or below, for negative values) to a little above the highest value. */
    public static AxisSpec fromZero(String title) {
        return new AxisSpec(title, false, Double.NaN, Double.NaN, List.of());
    }

    /** A log axis from the decade at or below {@code min} to the decade at or above {@code max}, every decade named. */
    public static AxisSpec decades(String title, double min, double max) {
        double positiveMin = min > 0 ? min : Math.min(1, max);
        int first = (int) Math.floor(Math.log10(positiveMin) + 1e-9);
        int last = (int) Math.ceil(Math.log10(Math.max(max, positiveMin)) - 1e-9);
        return new AxisSpec(title, true, Math.pow(10, first), Math.pow(10, Math.max(last, first + 1)), List.of());
    }

    /** An axis from {@code low} to {@code high} with exactly the ticks given. */
    public static AxisSpec fixed(String title, boolean log, double low, double high, List<Tick> ticks) {
        return new AxisSpec(title, log, low, high, ticks);
    }

    /** The JFreeChart axis. */
    public ValueAxis axis() {
        NumberAxis axis;
        if (ticks.isEmpty()) {
            axis = log ? new LogarithmicAxis(title) {
                @Override
                public List<NumberTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea,
                                                     RectangleEdge edge) {
                    return decadesAndMinorTicks(super.refreshTicks(g2, state, dataArea, edge));
                }
            } : new NumberAxis(title);
        } else {
            List<Tick> named = ticks;
            // JFreeChart chooses an axis's ticks itself; these two name them instead.
            axis = log ? new LogarithmicAxis(title) {
                @Override
                public List<NumberTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea,
                                                     RectangleEdge edge) {
                    return numberTicks(named, edge);
                }
            } : new NumberAxis(title) {
                @Override
                public List<NumberTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea,
                                                     RectangleEdge edge) {
                    return numberTicks(named, edge);
                }
            };
        }
        axis.setNumberFormatOverride(ValueFormat.INSTANCE);
        if (Double.isNaN(low)) {
            axis.setAutoRangeIncludesZero(true);
            axis.setUpperMargin(0.08);
        } else {
            axis.setRange(low, high);
        }
        return axis;
    }

    /**
     * Of {@link LogarithmicAxis}'s ticks (every decade labelled, 2 to 9 times it unlabelled) the decades and, as minor
     * ticks whose grid lines the plot draws fainter, 2 and 5 times each: enough to read a value between two decades,
     * without eight lines a decade to write.
     */
    private static List<NumberTick> decadesAndMinorTicks(List<?> ticks) {
        Map<Double, NumberTick> once = new TreeMap<>();
        for (Object tick : ticks) {
            NumberTick t = (NumberTick) tick;
            double mantissa = t.getValue() / Math.pow(10, Math.floor(Math.log10(t.getValue()) + 1e-9));
            if (!t.getText().isEmpty()) {
                once.put(t.getValue(), t);
            } else if (Math.abs(mantissa - 2) < 1e-6 || Math.abs(mantissa - 5) < 1e-6) {
                once.putIfAbsent(t.getValue(), new NumberTick(TickType.MINOR, t.getValue(), "", t.getTextAnchor(),
                        t.getRotationAnchor(), t.getAngle()));
            }
        }
        return List.copyOf(once.values());
    }

    private static List<NumberTick> numberTicks(List<Tick> ticks, RectangleEdge edge) {
        boolean vertical = RectangleEdge.isLeftOrRight(edge);
        TextAnchor anchor = vertical ? TextAnchor.CENTER_RIGHT : TextAnchor.TOP_CENTER;
        return ticks.stream().map(t -> new NumberTick(t.value(), t.label(), anchor, anchor, 0.0)).toList();
    }
}
