package io.loomarena.http.load;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.loomarena.cli.BadArgumentException;

/**
 * Parses the values of {@code load}'s options (counts, durations, rates, ramps) and formats durations back the way
 * they are written on the command line. Every failure is a {@link BadArgumentException} naming the option and value.
 * Stateless.
 */
final class ArgumentValues {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");
    private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)(?:/s)?");
    private static final Pattern RAMP = Pattern.compile("(\\d+)/(.+)");

    private ArgumentValues() {
    }

    /** A whole number from {@code min} to {@code max}. */
    static long count(String option, String value, long min, long max) {
        return BadArgumentException.wholeNumber(option, value, min, max);
    }

    /** {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, or a bare number of seconds; positive, at most {@code max}. */
    static Duration duration(String option, String value, Duration max) {
        String allowed = "a positive duration such as 500ms, 10s or 2m, at most " + formatDuration(max);
        Matcher m = DURATION.matcher(value.strip());
        if (!m.matches()) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        BigDecimal amount = new BigDecimal(m.group(1));
        long nanosPerUnit = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "ms" -> 1_000_000L;
            case "m" -> 60_000_000_000L;
            case "h" -> 3_600_000_000_000L;
            default -> 1_000_000_000L;
        };
        BigDecimal nanos = amount.multiply(BigDecimal.valueOf(nanosPerUnit));
        if (nanos.signum() <= 0 || nanos.compareTo(BigDecimal.valueOf(max.toNanos())) > 0) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        return Duration.ofNanos(nanos.longValue());
    }

    /** {@code R} or {@code R/s}: requests per second over all connections, positive, at most {@code max}. */
    static double rate(String option, String value, double max) {
        String allowed = "requests per second such as 1000/s, positive and at most " + (long) max + "/s";
        Matcher m = RATE.matcher(value.strip());
        if (!m.matches()) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        double rate = Double.parseDouble(m.group(1));
        if (!(rate > 0) || rate > max) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        return rate;
    }

    /** {@code USERS/DURATION}, e.g. {@code 10000/60s}. */
    static Ramp ramp(String option, String value) {
        String allowed = "USERS/DURATION such as 10000/60s, users 1.." + LoadDefaults.MAX_RAMP_USERS
                + ", duration at most " + formatDuration(LoadDefaults.MAX_DURATION);
        Matcher m = RAMP.matcher(value.strip());
        if (!m.matches()) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        long users;
        Duration period;
        try {
            users = count(option, m.group(1), 1, LoadDefaults.MAX_RAMP_USERS);
            period = duration(option, m.group(2), LoadDefaults.MAX_DURATION);
        } catch (BadArgumentException e) {
            throw BadArgumentException.invalid(option, value, null, allowed);
        }
        return new Ramp((int) users, period);
    }

    /** The shortest exact command-line form: {@code 1h}, {@code 2m}, {@code 10s}, {@code 500ms}, else nanoseconds. */
    static String formatDuration(Duration duration) {
        long nanos = duration.toNanos();
        if (nanos % 3_600_000_000_000L == 0) {
            return nanos / 3_600_000_000_000L + "h";
        }
        if (nanos % 60_000_000_000L == 0) {
            return nanos / 60_000_000_000L + "m";
        }
        if (nanos % 1_000_000_000L == 0) {
            return nanos / 1_000_000_000L + "s";
        }
        if (nanos % 1_000_000L == 0) {
            return nanos / 1_000_000L + "ms";
        }
        return BigDecimal.valueOf(nanos, 9).stripTrailingZeros().toPlainString() + "s";
    }
}
