package io.loomarena.http.server.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** Percent-decoding (RFC 3986 section 2.1) of paths and query components. Stateless and thread-safe. */
public final class PercentDecoding {

    private PercentDecoding() {
    }

    /**
     * Decodes a path: {@code %XX} becomes its byte, the bytes are read as UTF-8. Without a {@code %} no copy is
     * decoded, only the string made.
     *
     * @throws HttpException 400 for a malformed escape or an encoded NUL
     */
    public static String decodePath(byte[] b, int from, int to) throws HttpException {
        int percent = -1;
        for (int i = from; i < to; i++) {
            if (b[i] == '%') {
                percent = i;
                break;
            }
        }
        if (percent < 0) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
        return decode(b, from, to, false, "path");
    }

    /**
     * Decodes one query component ({@code +} is a space there, as in HTML forms).
     *
     * @param what names the component in the error message
     * @throws HttpException 400 (keeping the connection) for a malformed escape or an encoded NUL
     */
    public static String decodeQueryComponent(String raw, String what) throws HttpException {
        if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
            return raw;
        }
        byte[] bytes = raw.getBytes(StandardCharsets.ISO_8859_1);
        return decode(bytes, 0, bytes.length, true, what);
    }

    private static String decode(byte[] b, int from, int to, boolean query, String what) throws HttpException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            int c = b[i] & 0xFF;
            if (c == '%') {
                int high = i + 1 < to ? Ascii.hexValue(b[i + 1]) : -1;
                int low = i + 2 < to ? Ascii.hexValue(b[i + 2]) : -1;
                if (high < 0 || low < 0) {
                    throw failure(query, "malformed percent-encoding in " + what);
                }
                c = high * 16 + low;
                if (c == 0) {
                    throw failure(query, "encoded NUL in " + what);
                }
                i += 2;
            } else if (c == '+' && query) {
                c = ' ';
            }
            out.write(c);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static HttpException failure(boolean query, String message) {
        return query ? HttpException.application(HttpStatus.BAD_REQUEST, message)
                : HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
