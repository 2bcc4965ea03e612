package io.loomarena.harness.capacity;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a rate must keep to count as sustained, as a feature declares it: {@code p99 <= 10 ms and no errors over a
 * 10 s window}. The percentile is read from the step's coordinated-omission-corrected latency histogram (latency from
 * each request's due time), the window is how long each step offers its rate. Immutable.
 *
 * @param percentile  the latency percentile judged, for example 99 (0 < p < 100)
 * @param limitMicros the most that percentile may be, in microseconds, positive
 * @param window      how long each step offers its rate (and its warmup iteration too), 100 ms..1 h
 */
public record LatencyObjective(double percentile, double limitMicros, Duration window) {

    /** The one form an objective is written in, with {@code ≤} or {@code <=}, {@code ms}, {@code us} or {@code s}. */
    private static final Pattern FORM = Pattern.compile(
            "p(\\d+(?:\\.\\d+)?)\\s*(?:<=|≤)\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|us|µs|s)\\s+and\\s+no\\s+errors\\s+over\\s+an?\\s+"
                    + "(\\d+(?:\\.\\d+)?)\\s*(ms|s)\\s+window");
    static final String EXAMPLE = "p99 <= 10 ms and no errors over a 10 s window";

    public LatencyObjective {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("the objective's percentile must be between 0 and 100, got "
                    + percentile);
        }
        if (!(limitMicros > 0) || Double.isInfinite(limitMicros)) {
            throw new IllegalArgumentException("the objective's latency limit must be positive, got " + limitMicros
                    + " µs");
        }
        if (window.compareTo(Duration.ofMillis(100)) < 0 || window.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("the objective's window must be 100 ms..1 h, got " + window);
        }
    }

    /**
     * The objective written {@code text}.
     *
     * @throws IllegalArgumentException one line naming the text and the form expected
     */
    public static LatencyObjective parse(String text) {
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("the latency objective '" + text + "' cannot be parsed: write it as '"
                    + EXAMPLE + "' (a percentile pNN, <= a latency in ms, us or s, no errors, a window in ms or s)");
        }
        double limit = Double.parseDouble(m.group(2)) * switch (m.group(3)) {
            case "s" -> 1e6;
            case "ms" -> 1e3;
            default -> 1;
        };
        double windowValue = Double.parseDouble(m.group(4));
        Duration window = Duration.ofNanos((long) (windowValue * (m.group(5).equals("s") ? 1e9 : 1e6)));
        return new LatencyObjective(Double.parseDouble(m.group(1)), limit, window);
    }

    /** Whether a step whose percentile was {@code micros} and which saw {@code errors} failed requests keeps it. */
    public boolean keptBy(double micros, long errors) {
        return errors == 0 && micros <= limitMicros;
    }

    /** {@code p99}. */
    public String percentileName() {
        return "p" + number(percentile);
    }

    /** {@code 10 ms}. */
    public String limitText() {
        return number(limitMicros / 1e3) + " ms";
    }

    /** The objective as {@link #parse} reads it: {@code p99 <= 10 ms and no errors over a 10 s window}. */
    @Override
    public String toString() {
        return percentileName() + " <= " + limitText() + " and no errors over a " + number(window.toMillis() / 1e3)
                + " s window";
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value)
                : String.format(Locale.ROOT, "%.3f", value).replaceAll("0+$", "");
    }
}
