package io.loomarena.http.server.protocol;

import java.nio.charset.StandardCharsets;

/**
 * The {@code Date} field line (RFC 9110 section 6.6.1, IMF-fixdate), formatted at most once per second and shared by
 * every response of that second. Thread-safe: a racing refresh only formats the same second twice.
 */
public final class DateHeader {

    private record Line(long second, byte[] bytes) {
    }

    private static volatile Line current = format(System.currentTimeMillis() / 1000);

    private DateHeader() {
    }

    /**
     * {@code Date: <IMF-fixdate>\r\n} for the current second. The same array is returned for the whole second, so
     * callers may compare it by identity to know the second has changed; they must not modify it.
     */
    public static byte[] line() {
        long second = System.currentTimeMillis() / 1000;
        Line line = current;
        if (line.second != second) {
            line = format(second);
            current = line;
        }
        return line.bytes;
    }

    private static Line format(long second) {
        String text = "Date: " + HttpDates.format(second) + "\r\n";
        return new Line(second, text.getBytes(StandardCharsets.US_ASCII));
    }
}
