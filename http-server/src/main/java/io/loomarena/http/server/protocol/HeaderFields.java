package io.loomarena.http.server.protocol;

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

    /** Names common enough to be recognised without making a new string per request. */
    private static final String[] KNOWN = {HOST, CONNECTION, CONTENT_LENGTH, TRANSFER_ENCODING, EXPECT,
            "user-agent", "accept", "accept-encoding", "accept-language", "content-type", "cookie", "referer",
            "cache-control", "upgrade", "origin", "authorization"};

    private String[] names = new String[8];
    private String[] values = new String[8];
    private int size;

    /** Number of fields. */
    public int size() {
        return size;
    }

    public String name(int index) {
        return names[index];
    }

    public String value(int index) {
        return values[index];
    }

    void add(String lowerCaseName, String value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = lowerCaseName;
        values[size] = value;
        size++;
    }

    /** The first value of a field, or null. */
    public String first(String lowerCaseName) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(lowerCaseName)) {
                return values[i];
            }
        }
        return null;
    }

    /** How many field lines carry this name. */
    public int count(String lowerCaseName) {
        int count = 0;
        for (int i = 0; i < size; i++) {
            if (names[i].equals(lowerCaseName)) {
                count++;
            }
        }
        return count;
    }

    /** Every value of a field, in order. */
    public List<String> all(String lowerCaseName) {
        List<String> all = new ArrayList<>(1);
        for (int i = 0; i < size; i++) {
            if (names[i].equals(lowerCaseName)) {
                all.add(values[i]);
            }
        }
        return all;
    }

    /** The lower-cased name spelled by the bytes, a shared constant when it is a common one. */
    static String name(byte[] b, int from, int to) {
        int length = to - from;
        for (String known : KNOWN) {
            if (known.length() == length && equalsIgnoreCase(known, b, from)) {
                return known;
            }
        }
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) Ascii.toLower(b[from + i]);
        }
        return new String(chars);
    }

    private static boolean equalsIgnoreCase(String lower, byte[] b, int from) {
        for (int i = 0; i < lower.length(); i++) {
            if (Ascii.toLower(b[from + i]) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < size; i++) {
            text.append(names[i]).append(": ").append(values[i]).append('\n');
        }
        return text.toString();
    }
}
