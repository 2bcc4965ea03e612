package io.loomarena.harness.report.chart;

import java.math.BigDecimal;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

/**
 * How the charts write a number, on an axis or beside a bar or point: thousands separated, and decimals only when the
 * value has them (3 below 1, 2 below 10, 1 below 100), so that {@code 36,371}, {@code 58.9} and {@code -0.714} read
 * as a person would write them. A {@link NumberFormat} because that is what JFreeChart's axes and item label
 * generators take. Formatting only: {@link #parse} is not supported. Stateless.
 */
public final class ValueFormat extends NumberFormat {

    /** The one instance; it holds no state. */
    public static final ValueFormat INSTANCE = new ValueFormat();

    private ValueFormat() {
    }

    /** {@code value} as the charts write it. */
    public static String text(double value) {
        if (Math.abs(value) >= 100 || value == Math.rint(value)) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        String decimals = Math.abs(value) >= 10 ? "%.1f" : Math.abs(value) >= 1 ? "%.2f" : "%.3f";
        BigDecimal rounded = new BigDecimal(String.format(Locale.ROOT, decimals, value));
        return rounded.stripTrailingZeros().toPlainString();
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(text(number));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
        return toAppendTo.append(text(number));
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
        throw new UnsupportedOperationException("chart labels are written, never read back");
    }
}
