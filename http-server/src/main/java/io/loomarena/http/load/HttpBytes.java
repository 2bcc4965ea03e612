package io.loomarena.http.load;

import java.nio.charset.StandardCharsets;

/**
 * Byte-level helpers of the response parser: they read regions {@code [start, end)} of a buffer in place, so that
 * parsing a response creates no strings. Stateless.
 */
final class HttpBytes {

    private HttpBytes() {
    }

    /** Whether {@code exact} appears at {@code start}; the caller guarantees the region is long enough. */
    static boolean regionEquals(byte[] buf, int start, byte[] exact) {
        for (int i = 0; i < exact.length; i++) {
            if (buf[start + i] != exact[i]) {
                return false;
            }
        }
        return true;
    }

    /** Case-insensitive (ASCII) match of {@code lowercase} at {@code start}. */
    static boolean equalsIgnoreCase(byte[] buf, int start, byte[] lowercase) {
        for (int i = 0; i < lowercase.length; i++) {
            int b = buf[start + i];
            if (b >= 'A' && b <= 'Z') {
                b += 'a' - 'A';
            }
            if (b != lowercase[i]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the comma-separated list in {@code [start, end)} holds {@code token} (ASCII case-insensitive). */
    static boolean hasToken(byte[] buf, int start, int end, byte[] token) {
        int tokenStart = start;
        for (int i = start; i <= end; i++) {
            if (i == end || buf[i] == ',') {
                int s = skipSpace(buf, tokenStart, i);
                int e = trimSpace(buf, s, i);
                if (e - s == token.length && equalsIgnoreCase(buf, s, token)) {
                    return true;
                }
                tokenStart = i + 1;
            }
        }
        return false;
    }

    /** Whether the last element of the comma-separated list in {@code [start, end)} is {@code token}. */
    static boolean lastTokenIs(byte[] buf, int start, int end, byte[] token) {
        int afterComma = end;
        while (afterComma > start && buf[afterComma - 1] != ',') {
            afterComma--;
        }
        return hasToken(buf, afterComma, end, token);
    }

    /** First index at or after {@code start} that is not a space or tab, at most {@code end}. */
    static int skipSpace(byte[] buf, int start, int end) {
        int i = start;
        while (i < end && (buf[i] == ' ' || buf[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** {@code end} moved back over trailing spaces and tabs, at least {@code start}. */
    static int trimSpace(byte[] buf, int start, int end) {
        int i = end;
        while (i > start && (buf[i - 1] == ' ' || buf[i - 1] == '\t')) {
            i--;
        }
        return i;
    }

    /** A non-negative decimal of at most 18 digits filling {@code [start, end)}, or -1 if it is not one. */
    static long decimal(byte[] buf, int start, int end) {
        if (start == end || end - start > 18) {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            int digit = buf[i] - '0';
            if (digit < 0 || digit > 9) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    /**
     * A chunk size: at most 15 hex digits at {@code start}, ended by {@code end}, {@code ;} (extensions, ignored) or
     * whitespace; -1 if there is none.
     */
    static long chunkSize(byte[] buf, int start, int end) {
        long size = 0;
        int i = start;
        for (; i < end && buf[i] != ';' && buf[i] != ' ' && buf[i] != '\t'; i++) {
            int digit = Character.digit(buf[i], 16);
            if (digit < 0 || i - start >= 15) {
                return -1;
            }
            size = size * 16 + digit;
        }
        return i == start ? -1 : size;
    }

    /** The region as text for an error message, cut at 80 characters. */
    static String text(byte[] buf, int start, int end) {
        int shown = Math.max(0, Math.min(end - start, 80));
        return new String(buf, start, shown, StandardCharsets.ISO_8859_1) + (shown < end - start ? "..." : "");
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
