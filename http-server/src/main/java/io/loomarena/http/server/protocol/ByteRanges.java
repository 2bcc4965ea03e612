package io.loomarena.http.server.protocol;

import java.util.Arrays;

/**
 * The {@code Range} field of a GET, RFC 9110 section 14.1.2 and 14.2, for a representation of a known size. One
 * policy for several ranges: they are resolved, sorted and coalesced (overlapping or adjacent ones merge); if one
 * part remains it is the answer (206), if several remain the whole representation is sent (200) rather than a
 * {@code multipart/byteranges} (browsers and CDNs ask for one range; a multipart answer would cost parts' headers
 * and a boundary for no client here). At most {@link #MAX_RANGES} ranges are considered: a longer list is ignored
 * (200), so {@code bytes=0-0,0-0,...} never costs more than one full response (the "Apache Killer" attack asked
 * for many overlapping ranges). An unknown unit or invalid syntax is ignored (200); valid ranges none of which is
 * satisfiable are a 416. Stateless.
 */
public final class ByteRanges {

    /** The most ranges a request may ask for; with more, the Range field is ignored. */
    public static final int MAX_RANGES = 16;

    /** What a Range field selects. */
    public enum Kind {
        /** Ignored (absent, unknown unit, invalid, too many ranges, parts that do not coalesce): send all, 200. */
        WHOLE,
        /** One part, {@link Selection#first()} to {@link Selection#last()} inclusive: 206. */
        PART,
        /** Nothing satisfiable: 416 with {@code Content-Range: bytes *}{@code /size}. */
        UNSATISFIABLE
    }

    /** A selection: its kind and, for a part, its first and last byte (inclusive). */
    public record Selection(Kind kind, long first, long last) {
        public long length() {
            return last - first + 1;
        }
    }

    private static final Selection WHOLE = new Selection(Kind.WHOLE, 0, -1);
    private static final Selection UNSATISFIABLE = new Selection(Kind.UNSATISFIABLE, 0, -1);
    /** More decimal digits than this saturate: the value is beyond any representation anyway. */
    private static final int MAX_DIGITS = 18;

    private ByteRanges() {
    }

    /** What {@code range} (a Range field value, or null) selects of a representation of {@code size} bytes. */
    public static Selection select(String range, long size) {
        if (range == null || size <= 0) {
            return WHOLE; // an empty representation has no byte to select: it is sent whole
        }
        String value = range.strip();
        if (value.length() < 6 || !value.regionMatches(true, 0, "bytes=", 0, 6)) {
            return WHOLE;
        }
        String[] specs = value.substring(6).split(",", MAX_RANGES + 2);
        if (specs.length > MAX_RANGES) {
            return WHOLE;
        }
        long[][] parts = new long[specs.length][];
        int satisfiable = 0;
        int valid = 0;
        for (String raw : specs) {
            String spec = raw.strip();
            if (spec.isEmpty()) {
                continue; // the list rule allows empty elements
            }
            int dash = spec.indexOf('-');
            if (dash < 0 || spec.length() == 1) {
                return WHOLE;
            }
            long first = number(spec, 0, dash);
            long last = dash + 1 == spec.length() ? Long.MAX_VALUE : number(spec, dash + 1, spec.length());
            if (last < 0 || (dash > 0 && first < 0)) {
                return WHOLE;
            }
            valid++;
            if (dash == 0) {
                if (last == 0) {
                    continue; // a zero suffix is valid and unsatisfiable
                }
                parts[satisfiable++] = new long[] {Math.max(0, size - last), size - 1};
                continue;
            }
            if (last < first) {
                return WHOLE; // invalid: the whole field is ignored
            }
            if (first < size) {
                parts[satisfiable++] = new long[] {first, Math.min(last, size - 1)};
            }
        }
        if (valid == 0) {
            return WHOLE;
        }
        if (satisfiable == 0) {
            return UNSATISFIABLE;
        }
        long[][] sorted = Arrays.copyOf(parts, satisfiable);
        Arrays.sort(sorted, (a, b) -> Long.compare(a[0], b[0]));
        long first = sorted[0][0];
        long last = sorted[0][1];
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i][0] > last + 1) {
                return WHOLE; // two parts remain apart: no multipart, the whole representation
            }
            last = Math.max(last, sorted[i][1]);
        }
        return new Selection(Kind.PART, first, last);
    }

    /** The decimal number of {@code s} from {@code from} to {@code to}, saturated; -1 if empty or not all digits. */
    private static long number(String s, int from, int to) {
        if (from == to) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            if (i - from >= MAX_DIGITS) {
                value = Long.MAX_VALUE - 1;
            } else {
                value = value * 10 + (c - '0');
            }
        }
        return value;
    }
}
