package io.loomarena.http.server.protocol;

/** Byte classes of RFC 9110/9112 and RFC 3986 as lookup tables, so the parser never branches on ranges. */
final class Ascii {

    /** tchar: the characters of a token (method, field name, transfer coding). */
    static final boolean[] TCHAR = new boolean[256];
    /** Bytes allowed in a request-target: visible ASCII except those RFC 3986 never allows unescaped. */
    static final boolean[] TARGET = new boolean[256];
    /** Bytes allowed in a field value: VCHAR, SP, HTAB and obs-text; never CTLs (so never a bare CR) nor DEL. */
    static final boolean[] FIELD_VALUE = new boolean[256];
    /** Bytes allowed in a Host value: reg-name, IP literal, port. */
    static final boolean[] HOST = new boolean[256];

    static {
        for (int c = 'a'; c <= 'z'; c++) {
            TCHAR[c] = true;
            TCHAR[c - 32] = true;
        }
        for (int c = '0'; c <= '9'; c++) {
            TCHAR[c] = true;
        }
        for (char c : "!#$%&'*+-.^_`|~".toCharArray()) {
            TCHAR[c] = true;
        }
        for (int c = 0x21; c < 0x7F; c++) {
            TARGET[c] = true;
        }
        for (char c : "\"<>\\^`{|}#".toCharArray()) {
            TARGET[c] = false;
        }
        for (int c = 0x20; c < 256; c++) {
            FIELD_VALUE[c] = c != 0x7F;
        }
        FIELD_VALUE['\t'] = true;
        for (int c = 0; c < 256; c++) {
            HOST[c] = TCHAR[c] && c != '|' && c != '^' && c != '`' && c != '#';
        }
        for (char c : ":[]()=,;%".toCharArray()) {
            HOST[c] = true;
        }
    }

    private Ascii() {
    }

    static boolean isHexDigit(int c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    static int hexValue(int c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    static int toLower(int c) {
        return c >= 'A' && c <= 'Z' ? c + 32 : c;
    }

    /** Whether the bytes {@code from..to}, read as ISO-8859-1, are exactly {@code s}. */
    static boolean spells(String s, byte[] b, int from, int to) {
        if (s.length() != to - from) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) != (b[from + i] & 0xFF)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the bytes {@code from..to}, ASCII letters lower-cased, are exactly the lower-case {@code lower}. */
    static boolean spellsIgnoringCase(String lower, byte[] b, int from, int to) {
        if (lower.length() != to - from) {
            return false;
        }
        for (int i = 0; i < lower.length(); i++) {
            if (toLower(b[from + i]) != lower.charAt(i)) {
                return false;
            }
        }
        return true;
    }
}
