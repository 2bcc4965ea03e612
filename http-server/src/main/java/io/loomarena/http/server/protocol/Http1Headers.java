package io.loomarena.http.server.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Parses a header section (or a chunked trailer section), RFC 9112 section 5: field lines up to the empty line.
 * Rejected with 400: obs-fold (a line starting with whitespace), whitespace before the colon, a name that is not a
 * token, a value with a control character (a bare CR among them) or DEL. Over the byte or field limit: 431.
 * <p>Stateless and thread-safe: one instance serves every connection.
 */
public final class Http1Headers {

    private final int maxBytes;
    private final int maxFields;
    private final String tooLarge;

    /**
     * @param maxBytes  the largest header section in bytes, line ends included; larger is 431
     * @param maxFields the most fields; more is 431
     */
    public Http1Headers(int maxBytes, int maxFields) {
        if (maxBytes < 16 || maxFields < 1) {
            throw new IllegalArgumentException("maxBytes must be >= 16 and maxFields >= 1");
        }
        this.maxBytes = maxBytes;
        this.maxFields = maxFields;
        this.tooLarge = "header section larger than " + maxBytes + " bytes";
    }

    /** Reads and consumes field lines and the empty line that ends them (a bare LF is tolerated, RFC 9112 §2.2). */
    public HeaderFields parse(InputBuffer in) throws IOException, HttpException {
        return parse(in, false);
    }

    /** Reads and consumes a chunked body's trailer section: only CRLF ends its lines ({@link ChunkFraming}). */
    public HeaderFields parseTrailers(InputBuffer in) throws IOException, HttpException {
        return parse(in, true);
    }

    private HeaderFields parse(InputBuffer in, boolean crlfOnly) throws IOException, HttpException {
        // A trailer section is rare and unlike the head: it neither uses nor sizes from the previous head's fields.
        HeaderFields previous = crlfOnly ? null : in.previousHead().fields();
        HeaderFields fields = new HeaderFields(crlfOnly ? 1 : in.previousHead().expectedFields());
        int used = 0;
        while (true) {
            int remaining = maxBytes - used;
            if (remaining < 0) {
                throw tooLarge();
            }
            int lf = in.lineLength(Math.max(0, remaining - 2), HttpStatus.HEADER_FIELDS_TOO_LARGE, tooLarge);
            if (lf < 0) {
                throw HttpException.protocol(HttpStatus.BAD_REQUEST, "incomplete header section");
            }
            byte[] b = in.array();
            int start = in.position();
            int end = crlfOnly ? ChunkFraming.contentEndBeforeCrlf(b, start, lf, "trailer line")
                    : lf > 0 && b[start + lf - 1] == '\r' ? start + lf - 1 : start + lf;
            used += lf + 1;
            if (end == start) {
                in.position(start + lf + 1);
                return fields;
            }
            if (used > maxBytes) {
                throw tooLarge();
            }
            if (fields.size() == maxFields) {
                throw HttpException.protocol(HttpStatus.HEADER_FIELDS_TOO_LARGE, "more than " + maxFields + " header fields");
            }
            parseField(b, start, end, fields, previous);
            in.position(start + lf + 1);
        }
    }

    /**
     * Adds one field line; where the previous request's field at the same place is spelled by the same bytes, its
     * name and value strings are taken again (clients send the same fields in the same order), otherwise new ones.
     */
    private static void parseField(byte[] b, int start, int end, HeaderFields fields, HeaderFields previous)
            throws HttpException {
        if (b[start] == ' ' || b[start] == '\t') {
            throw bad("obsolete line folding is not accepted");
        }
        int colon = start;
        while (colon < end && b[colon] != ':') {
            if (!Ascii.TCHAR[b[colon] & 0xFF]) {
                throw bad(b[colon] == ' ' || b[colon] == '\t' ? "whitespace in or after a field name"
                        : "field name has a forbidden character");
            }
            colon++;
        }
        if (colon == end) {
            throw bad("field line without a colon");
        }
        if (colon == start) {
            throw bad("empty field name");
        }
        int valueStart = colon + 1;
        int valueEnd = end;
        while (valueStart < valueEnd && (b[valueStart] == ' ' || b[valueStart] == '\t')) {
            valueStart++;
        }
        while (valueEnd > valueStart && (b[valueEnd - 1] == ' ' || b[valueEnd - 1] == '\t')) {
            valueEnd--;
        }
        for (int i = valueStart; i < valueEnd; i++) {
            if (!Ascii.FIELD_VALUE[b[i] & 0xFF]) {
                throw bad("field value has a control character");
            }
        }
        int index = fields.size();
        boolean samePlace = previous != null && previous.nameSpelled(index, b, start, colon);
        String name = samePlace ? previous.name(index) : HeaderFields.name(b, start, colon);
        String value = samePlace && previous.valueSpelled(index, b, valueStart, valueEnd) ? previous.value(index)
                : new String(b, valueStart, valueEnd - valueStart, StandardCharsets.ISO_8859_1);
        fields.add(name, value);
    }

    private HttpException tooLarge() {
        return HttpException.protocol(HttpStatus.HEADER_FIELDS_TOO_LARGE, tooLarge);
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
