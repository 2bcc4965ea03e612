package io.loomarena.harness.summary;

import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.ToLongFunction;

import io.loomarena.measure.ServerStats;

/**
 * One labelled figure of a measured iteration besides its primary result (elapsed time, operations, errors, latency),
 * as JMH keeps secondary results by label: what it is called, its unit, which way is better, how one measured
 * iteration's value is read from the server's {@code stats} answers just before and just after its timed work, how
 * the iterations' values combine into the combination's figure, and how the ranking table shows it. Every metric is
 * defined in {@link ServerMetrics}; the summary, the ranking table and the report take them from there. Immutable.
 *
 * @param key           the name in the summary JSON ({@code metrics} of each run and of the aggregate)
 * @param unit          what the value counts, as stored (for example {@code ns/op}, {@code bytes})
 * @param lowerIsBetter whether a smaller value is the better one
 * @param reading       how one measured iteration's value is read
 * @param aggregator    how the measured iterations' values combine
 * @param table         the Markdown table's and the report's column (title, scale, format); {@code null} when the
 *                      metric is only in the summary JSON
 * @param csv           the CSV column: its name and format; {@code null} when not in the CSV
 * @param console       the {@code key=value} after a {@code [PERF][FINAL]} line; {@code null} when not shown there
 * @param inReport      whether the report's verdict table shows it
 */
public record Metric(String key, String unit, boolean lowerIsBetter, Reading reading,
                     Aggregator aggregator, Shown table, Shown csv, Shown console, boolean inReport) {

    public Metric {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(reading, "reading");
        Objects.requireNonNull(aggregator, "aggregator");
    }

    /**
     * How one measured iteration's value comes from the server's figures before and after it; empty when the server
     * could not give them (an older server, or an OS without {@code /proc}): absent, never 0.
     */
    @FunctionalInterface
    public interface Reading {

        OptionalDouble read(ServerStats before, ServerStats after, long operations);

        /** The figure at the end of the iteration ({@code -1} unknown). */
        static Reading atEnd(ToLongFunction<ServerStats> figure) {
            return (before, after, operations) -> known(figure.applyAsLong(after));
        }

        /** What a cumulative figure grew by over the iteration. */
        static Reading growth(ToLongFunction<ServerStats> figure) {
            return (before, after, operations) -> {
                long from = figure.applyAsLong(before);
                long to = figure.applyAsLong(after);
                return from < 0 || to < 0 ? OptionalDouble.empty() : OptionalDouble.of(to - from);
            };
        }

        /** What a cumulative figure grew by over the iteration, per operation of the iteration. */
        static Reading growthPerOperation(ToLongFunction<ServerStats> figure) {
            Reading growth = growth(figure);
            return (before, after, operations) -> {
                OptionalDouble total = growth.read(before, after, operations);
                return total.isEmpty() || operations <= 0 ? OptionalDouble.empty()
                        : OptionalDouble.of(total.getAsDouble() / operations);
            };
        }

        /** A further reading of the server's ({@link ServerStats#readings()}), {@code -1} when it lacks it. */
        static ToLongFunction<ServerStats> named(String reading) {
            return stats -> stats.readings().getOrDefault(reading, -1L);
        }

        /** A model counter or fact of the server's ({@link ServerStats#counters()}), {@code -1} when it lacks it. */
        static ToLongFunction<ServerStats> counter(String name) {
            return stats -> stats.counters().getOrDefault(name, -1L);
        }

        private static OptionalDouble known(long value) {
            return value < 0 ? OptionalDouble.empty() : OptionalDouble.of(value);
        }
    }

    /**
     * How a metric is written in one output: a column or key name, a divisor from the stored unit and a
     * {@code Locale.ROOT} format ({@code %d} rounds to a whole number), and what follows the value. Immutable.
     *
     * @param name   the column title or key; {@code {unit}} is replaced by the suite's unit
     * @param scale  the stored value is divided by this first (1e3 for ns to µs)
     * @param format {@code %.2f}, {@code %d}...
     * @param suffix text after the value ({@code  MiB}); {@code {unit}} is replaced too
     */
    public record Shown(String name, double scale, String format, String suffix) {

        public Shown(String name, double scale, String format) {
            this(name, scale, format, "");
        }

        /** The value as shown, or {@code absent} when the metric has no value. */
        public String text(MetricValue value, String unit, String absent) {
            if (value == null) {
                return absent;
            }
            double scaled = value.value() / scale;
            String number = format.equals("%d") ? String.valueOf(Math.round(scaled))
                    : String.format(Locale.ROOT, format, scaled);
            return number + suffix.replace("{unit}", unit);
        }

        /** The name with the suite's unit in it. */
        public String name(String unit) {
            return name.replace("{unit}", unit);
        }
    }
}
