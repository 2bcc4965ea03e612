package io.loomarena.http.server.protocol;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The header fields of one request in arrival order, names lower-cased. Built by {@link Http1Headers} on the
 * connection's thread, then only read; not thread-safe while being built.
 */
public final class HeaderFields {

    public static final String HOST = "host";
    public static final String CONNECTION = "connection";
    public static final String CONTENT_LENGTH = "content-length";
    public static final String TRANSFER_ENCODING = "transfer-encoding";
    public static final String EXPECT = "expect";

    /**
     * Names common enough to be recognised without making a new string per request; the validators' and ranges'
     * fields too, which every revalidating browser or cache sends and the static endpoints look up.
     */
    private static final String[] KNOWN = {HOST, CONNECTION, CONTENT_LENGTH, TRANSFER_ENCODING, EXPECT,
            "user-agent", "accept", "accept-encoding", "accept-language", "content-type", "cookie", "referer",
            "cache-control", "upgrade", "origin", "authorization", "if-none-match", "if-modified-since", "range",
            "if-range", "if-match", "if-unmodified-since"};

    /** {@link #KNOWN} by length: the candidates for a name of n bytes, so a name is compared with one to three. */
    private static final String[][] KNOWN_BY_LENGTH = byLength(KNOWN);

    /** Name, value, name, value...: one array per request instead of two. */
    private String[] entries;
    private int size;

    public HeaderFields() {
        this(PreviousHead.DEFAULT_FIELDS);
    }

    /** With room for {@code expectedFields} before the array grows (the parser passes the previous request's count). */
    HeaderFields(int expectedFields) {
        entries = new String[2 * Math.max(1, expectedFields)];
    }

    /** Number of fields. */
    public int size() {
        return size;
    }

    public String name(int index) {
        return entries[2 * index];
    }

    public String value(int index) {
        return entries[2 * index + 1];
    }

    void add(String lowerCaseName, String value) {
        if (2 * size == entries.length) {
            entries = Arrays.copyOf(entries, entries.length * 2);
        }
        entries[2 * size] = lowerCaseName;
        entries[2 * size + 1] = value;
        size++;
    }

    /** The first value of a field, or null. */
    public String first(String lowerCaseName) {
        for (int i = 0; i < size; i++) {
            if (name(i).equals(lowerCaseName)) {
                return value(i);
            }
        }
        return null;
    }

    /** How many field lines carry this name. */
    public int count(String lowerCaseName) {
        int count = 0;
        for (int i = 0; i < size; i++) {
            if (name(i).equals(lowerCaseName)) {
                count++;
            }
        }
        return count;
    }

    /** Every value of a field, in order. */
    public List<String> all(String lowerCaseName) {
        List<String> all = new ArrayList<>(1);
        for (int i = 0; i < size; i++) {
            if (name(i).equals(lowerCaseName)) {
                all.add(value(i));
            }
        }
        return all;
    }

    /** Whether field {@code index} exists and its name is spelled by the bytes, whatever their case. */
    boolean nameSpelled(int index, byte[] b, int from, int to) {
        return index < size && Ascii.spellsIgnoringCase(name(index), b, from, to);
    }

    /** Whether field {@code index} exists and its value is exactly the bytes. */
    boolean valueSpelled(int index, byte[] b, int from, int to) {
        return index < size && Ascii.spells(value(index), b, from, to);
    }

    /** The lower-cased name spelled by the bytes, a shared constant when it is a common one. */
    static String name(byte[] b, int from, int to) {
        int length = to - from;
        if (length < KNOWN_BY_LENGTH.length) {
            for (String known : KNOWN_BY_LENGTH[length]) {
                if (Ascii.spellsIgnoringCase(known, b, from, to)) {
                    return known;
                }
            }
        }
        byte[] lower = new byte[length]; // a field name is a token: ASCII, so one byte per char and no char[] step
        for (int i = 0; i < length; i++) {
            lower[i] = (byte) Ascii.toLower(b[from + i]);
        }
        return new String(lower, StandardCharsets.ISO_8859_1);
    }

    private static String[][] byLength(String[] names) {
        int longest = 0;
        for (String name : names) {
            longest = Math.max(longest, name.length());
        }
        String[][] byLength = new String[longest + 1][];
        for (int length = 0; length <= longest; length++) {
            int n = length;
            byLength[length] = Arrays.stream(names).filter(name -> name.length() == n).toArray(String[]::new);
        }
        return byLength;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < size; i++) {
            text.append(name(i)).append(": ").append(value(i)).append('\n');
        }
        return text.toString();
    }
}
