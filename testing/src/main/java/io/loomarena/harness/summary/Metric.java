package io.loomarena.harness.summary;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToLongFunction;

import io.loomarena.measure.ServerStats;

/**
 * One labelled figure of a measured iteration besides its primary result (elapsed time, operations, errors, latency),
 * as JMH keeps secondary results by label: what it is called, its unit, which way is better, how one measured
 * iteration's value is read from what the harness read around it ({@link IterationReadings}), how the iterations'
 * values combine into the combination's figure, and how the outputs show it. Built by name ({@link #named}); every
 * metric is defined in {@link HarnessMetrics}, and the summary, the ranking's outputs and the report take them from
 * there. Immutable.
 */
public final class Metric {

    private final String key;
    private final String unit;
    private final boolean lowerIsBetter;
    private final Reading reading;
    private final Aggregator aggregator;
    private final Shown table;
    private final Shown csv;
    private final Shown console;
    private final boolean inVerdictTable;

    private Metric(Builder builder) {
        this.key = builder.key;
        this.unit = builder.unit;
        this.lowerIsBetter = builder.lowerIsBetter;
        this.reading = builder.reading;
        this.aggregator = builder.aggregator;
        this.table = builder.table;
        this.csv = builder.csv != null ? builder.csv
                : builder.table == null ? null : new Shown(snakeCase(key), 1, "%.4f");
        this.console = builder.console;
        this.inVerdictTable = builder.inVerdictTable;
    }

    /** Starts the metric stored under {@code key} in the summary JSON ({@code metrics} of each run and aggregate). */
    public static Builder named(String key) {
        return new Builder(key);
    }

    /** The name in the summary JSON. */
    public String key() {
        return key;
    }

    /** What the value counts, as stored (for example {@code ns}, {@code bytes}). */
    public String unit() {
        return unit;
    }

    /** Whether a smaller value is the better one. */
    public boolean lowerIsBetter() {
        return lowerIsBetter;
    }

    /** How one measured iteration's value is read. */
    public Reading reading() {
        return reading;
    }

    /** How the measured iterations' values combine. */
    public Aggregator aggregator() {
        return aggregator;
    }

    /** The Markdown table's column (and the report's table of every figure); empty for a metric without one. */
    public Optional<Shown> table() {
        return Optional.ofNullable(table);
    }

    /** The CSV column: present whenever {@link #table()} is, and for some metrics shown otherwise. */
    public Optional<Shown> csv() {
        return Optional.ofNullable(csv);
    }

    /** The {@code key=value} after a {@code [PERF][FINAL]} line, where it is shown there. */
    public Optional<Shown> console() {
        return Optional.ofNullable(console);
    }

    /** Whether the report's verdict table shows it too (besides the report's table of every figure). */
    public boolean inVerdictTable() {
        return inVerdictTable;
    }

    @Override
    public String toString() {
        return key;
    }

    /** {@code serverKernelShare} as {@code server_kernel_share}. */
    static String snakeCase(String key) {
        return key.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT);
    }

    /**
     * The steps of a {@link Metric}: its unit, reading and aggregator are required; then either a {@link #column} (it
     * is shown in the Markdown table, the CSV and the report) or {@link #noColumn} with the reason.
     */
    public static final class Builder {

        private final String key;
        private String unit;
        private Boolean lowerIsBetter;
        private Reading reading;
        private Aggregator aggregator;
        private Shown table;
        private Shown csv;
        private Shown console;
        private boolean inVerdictTable;
        private String noColumn;

        private Builder(String key) {
            this.key = Objects.requireNonNull(key, "key");
        }

        /** What the stored value counts; a smaller value is better. */
        public Builder lowerIsBetter(String unit) {
            this.unit = unit;
            this.lowerIsBetter = true;
            return this;
        }

        /** What the stored value counts; a larger value is better (or neither: a fact, such as a flag). */
        public Builder higherIsBetter(String unit) {
            this.unit = unit;
            this.lowerIsBetter = false;
            return this;
        }

        /** How one measured iteration's value is read. */
        public Builder read(Reading reading) {
            this.reading = reading;
            return this;
        }

        /** How the measured iterations' values combine. */
        public Builder aggregated(Aggregator aggregator) {
            this.aggregator = aggregator;
            return this;
        }

        /**
         * The Markdown table's column, also the report's table of every figure; the CSV gets a column too
         * ({@link #csv}, else the key in snake case, unscaled).
         */
        public Builder column(String title, double scale, String format) {
            this.table = new Shown(title, scale, format);
            return this;
        }

        /** The CSV column's name and format, where the default ({@link #column}) is not wanted. */
        public Builder csv(String name, double scale, String format) {
            this.csv = new Shown(name, scale, format);
            return this;
        }

        /** A {@code key=value} after each {@code [PERF][FINAL]} line. */
        public Builder console(String name, double scale, String format, String suffix) {
            this.console = new Shown(name, scale, format, suffix);
            return this;
        }

        /** The report's verdict table shows its column too (kept narrow: only what a reader weighs a verdict by). */
        public Builder inVerdictTable() {
            this.inVerdictTable = true;
            return this;
        }

        /**
         * No column in the Markdown table nor the report, for {@code why} (kept in the summary JSON; a {@link #csv}
         * or {@link #console} key may still show it, as a column written by hand may).
         */
        public Builder noColumn(String why) {
            this.noColumn = Objects.requireNonNull(why, "why");
            return this;
        }

        /**
         * The metric.
         *
         * @throws IllegalStateException when a required step is missing, or it has both a column and
         *                               {@link #noColumn}, or neither
         */
        public Metric build() {
            if (unit == null || reading == null || aggregator == null) {
                throw new IllegalStateException("metric " + key + " needs a unit, a reading and an aggregator");
            }
            if ((table == null) == (noColumn == null)) {
                throw new IllegalStateException("metric " + key + " needs either a column or noColumn(why)");
            }
            if (table == null && inVerdictTable) {
                throw new IllegalStateException("metric " + key + " has no column for the verdict table");
            }
            return new Metric(this);
        }
    }

    /**
     * What the harness has of one measured iteration when it reads a metric: what it read around the iteration
     * ({@link IterationReadings}), the operations the clients completed, and the client's own CPU load where it
     * measured it.
     *
     * @param around        the server's figures and the harness's own readings around the iteration
     * @param operations    the operations of the iteration
     * @param clientCpuLoad the client process's share of its CPUs over the iteration; empty when not measured
     */
    public record Sample(IterationReadings around, long operations, OptionalDouble clientCpuLoad) {

        public Sample {
            Objects.requireNonNull(around, "around");
            Objects.requireNonNull(clientCpuLoad, "clientCpuLoad");
        }
    }

    /**
     * How one measured iteration's value comes from its {@link Sample}; empty when it could not be read (an older
     * server, an OS without {@code /proc}, no probe): absent, never 0.
     */
    @FunctionalInterface
    public interface Reading {

        OptionalDouble read(Sample sample);

        /** The figure of the server's at the end of the iteration ({@code -1} unknown). */
        static Reading atEnd(ToLongFunction<ServerStats> figure) {
            return sample -> known(figure.applyAsLong(sample.around().after()));
        }

        /** What a cumulative figure of the server's grew by over the iteration. */
        static Reading growth(ToLongFunction<ServerStats> figure) {
            return sample -> {
                long from = figure.applyAsLong(sample.around().before());
                long to = figure.applyAsLong(sample.around().after());
                return from < 0 || to < 0 ? OptionalDouble.empty() : OptionalDouble.of(to - from);
            };
        }

        /** What a cumulative figure of the server's grew by over the iteration, per operation of the iteration. */
        static Reading growthPerOperation(ToLongFunction<ServerStats> figure) {
            Reading growth = growth(figure);
            return sample -> {
                OptionalDouble total = growth.read(sample);
                return total.isEmpty() || sample.operations() <= 0 ? OptionalDouble.empty()
                        : OptionalDouble.of(total.getAsDouble() / sample.operations());
            };
        }

        /** A reading the harness itself took around the iteration (not from the server's {@code stats}). */
        static Reading byHarness(Function<IterationReadings, OptionalDouble> reading) {
            return sample -> reading.apply(sample.around());
        }

        /** The client's own share of its CPUs over the iteration. */
        static Reading byClient() {
            return Sample::clientCpuLoad;
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
