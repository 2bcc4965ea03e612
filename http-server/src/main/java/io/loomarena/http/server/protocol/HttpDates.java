package io.loomarena.http.server.protocol;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.util.Locale;

/**
 * HTTP dates, RFC 9110 section 5.6.7: formatted as IMF-fixdate, parsed in its three formats (IMF-fixdate, the
 * obsolete RFC 850 and asctime forms). A date that is none of them is invalid, and an invalid date is ignored by
 * whoever reads it (section 13.1.3, 13.1.4). Thread-safe.
 */
public final class HttpDates {

    /** The result of {@link #parse} for a value that is not an HTTP date. */
    public static final long INVALID = Long.MIN_VALUE;

    private static final DateTimeFormatter IMF_FIXDATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);
    /** RFC 850 after its day name, which is checked once the century is known (a two-digit year has none). */
    private static final DateTimeFormatter RFC_850 = DateTimeFormatter.ofPattern("dd-MMM-yy HH:mm:ss 'GMT'", Locale.US);
    private static final DateTimeFormatter ASCTIME =
            DateTimeFormatter.ofPattern("EEE MMM ppd HH:mm:ss yyyy", Locale.US);
    /** The longest date worth parsing (an RFC 850 date with the longest day name is 33 characters). */
    private static final int MAX_LENGTH = 40;

    private HttpDates() {
    }

    /** An IMF-fixdate, {@code Sun, 06 Nov 1994 08:49:37 GMT}. */
    public static String format(long epochSecond) {
        return IMF_FIXDATE.format(Instant.ofEpochSecond(epochSecond));
    }

    /**
     * The epoch second of an HTTP date in any of its three formats (the day name must match the date), or
     * {@link #INVALID}. A two-digit RFC 850 year more than 50 years ahead of {@code nowEpochSecond} is taken as the
     * most recent past year with the same last two digits (section 5.6.7).
     */
    public static long parse(String value, long nowEpochSecond) {
        if (value == null || value.length() > MAX_LENGTH) {
            return INVALID;
        }
        String text = value.strip();
        try {
            if (text.length() > 3 && text.charAt(3) == ',') {
                return LocalDateTime.parse(text, IMF_FIXDATE).toEpochSecond(ZoneOffset.UTC);
            }
            int comma = text.indexOf(", ");
            if (comma > 0) {
                LocalDateTime date = LocalDateTime.parse(text.substring(comma + 2), RFC_850);
                if (date.toEpochSecond(ZoneOffset.UTC) > nowEpochSecond + 50L * 365 * 24 * 3600) {
                    date = date.minusYears(100);
                }
                String day = date.getDayOfWeek().getDisplayName(TextStyle.FULL, Locale.US);
                return day.equals(text.substring(0, comma)) ? date.toEpochSecond(ZoneOffset.UTC) : INVALID;
            }
            return LocalDateTime.parse(text, ASCTIME).toEpochSecond(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return INVALID;
        }
    }

    /** {@link #parse} against the current time. */
    public static long parse(String value) {
        return parse(value, System.currentTimeMillis() / 1000);
    }
}
