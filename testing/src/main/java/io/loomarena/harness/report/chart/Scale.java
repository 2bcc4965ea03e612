package io.loomarena.harness.report.chart;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An axis's range and its ticks, independent of where the axis is drawn ({@link #fraction} maps a value to 0..1).
 * Linear scales start at a round number and step by 1, 2, 2.5 or 5 times a power of ten. Logarithmic scales run from
 * a whole decade to a whole decade and label every decade, so that a curve reaching 900,000 is read against 100,000
 * and 1,000,000 rather than against the one decade that happens to fall inside its range; the 2 and 5 of each decade
 * are ticked too, and labelled when the scale spans at most two decades. Immutable.
 *
 * @param low   the value at the start of the axis
 * @param high  the value at its end
 * @param log   whether values are placed by their logarithm
 * @param ticks the ticks, ascending
 */
public record Scale(double low, double high, boolean log, List<Tick> ticks) {

    /**
     * One tick of an axis.
     *
     * @param value where it sits
     * @param label its text, empty for an unlabelled tick
     * @param major whether it draws a strong grid line
     */
    public record Tick(double value, String label, boolean major) {
    }

    public Scale {
        ticks = List.copyOf(ticks);
        if (!(high > low) || log && low <= 0) {
            throw new IllegalArgumentException("need 0 < low < high on a log scale and low < high on any, got " + low
                    + ".." + high);
        }
    }

    /** A linear scale from 0 (or below, for negative values) to a round number at or above {@code max}. */
    public static Scale linear(double min, double max) {
        double from = Math.min(0, min);
        double to = max > from ? max : from + 1;
        double step = niceStep((to - from) / 6);
        double low = Math.floor(from / step) * step;
        double high = Math.ceil(to / step) * step;
        List<Tick> ticks = new ArrayList<>();
        for (int i = 0; low + i * step <= high + step / 1e6; i++) {
            double value = low + i * step;
            ticks.add(new Tick(value, format(value), true));
        }
        return new Scale(low, high, false, ticks);
    }

    /** A log scale from the decade at or below {@code min} to the decade at or above {@code max}, every decade named. */
    public static Scale log(double min, double max) {
        double positiveMin = min > 0 ? min : Math.min(1, max);
        int first = (int) Math.floor(Math.log10(positiveMin) + 1e-9);
        int last = (int) Math.ceil(Math.log10(Math.max(max, positiveMin)) - 1e-9);
        if (last <= first) {
            last = first + 1;
        }
        boolean fewDecades = last - first <= 2;
        List<Tick> ticks = new ArrayList<>();
        for (int decade = first; decade <= last; decade++) {
            double base = Math.pow(10, decade);
            ticks.add(new Tick(base, format(base), true));
            if (decade < last) {
                for (int m = 2; m <= 9; m++) {
                    boolean named = fewDecades && (m == 2 || m == 5);
                    ticks.add(new Tick(m * base, named ? format(m * base) : "", false));
                }
            }
        }
        return new Scale(Math.pow(10, first), Math.pow(10, last), true, ticks);
    }

    /** A scale from {@code low} to {@code high} with exactly the ticks given (for example the nines of percentiles). */
    public static Scale fixed(double low, double high, boolean log, List<Tick> ticks) {
        return new Scale(low, high, log, ticks);
    }

    /** Where {@code value} falls between the start (0) and the end (1) of the axis; outside 0..1 when out of range. */
    public double fraction(double value) {
        if (log) {
            double v = Math.max(value, low / 1e3);
            return (Math.log10(v) - Math.log10(low)) / (Math.log10(high) - Math.log10(low));
        }
        return (value - low) / (high - low);
    }

    /** The widest tick label, for the room an axis needs. */
    public double widestLabel(double size) {
        return ticks.stream().mapToDouble(t -> Svg.textWidth(t.label(), size)).max().orElse(0);
    }

    /** The smallest of 1, 2, 2.5 and 5 times a power of ten that is at least {@code rough}. */
    static double niceStep(double rough) {
        if (!(rough > 0) || Double.isInfinite(rough)) {
            return 1;
        }
        double power = Math.pow(10, Math.floor(Math.log10(rough)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * power >= rough * (1 - 1e-9)) {
                return m * power;
            }
        }
        return 10 * power;
    }

    /** A tick or point value: thousands separated, decimals only when it has them (3 below 1, 2 below 10, 1 below 100). */
    public static String format(double value) {
        if (Math.abs(value) >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        String decimals = Math.abs(value) >= 10 ? "%.1f" : Math.abs(value) >= 1 ? "%.2f" : "%.3f";
        BigDecimal rounded = new BigDecimal(String.format(Locale.ROOT, decimals, value));
        return rounded.stripTrailingZeros().toPlainString();
    }
}
