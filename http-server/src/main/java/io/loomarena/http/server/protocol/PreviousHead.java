package io.loomarena.http.server.protocol;

/**
 * What the previous request head of a connection parsed to. A client repeats most of its head from one request to
 * the next (Host, User-Agent, Accept..., often the request line), so the parser compares each part's bytes with the
 * previous request's and, when they spell the same, takes that immutable value again instead of making a new one;
 * the header fields' array is sized from the previous count. Only a head parsed whole is remembered.
 * <p>Belongs to one connection's {@link InputBuffer}, so to the one thread serving it; not thread-safe.
 */
final class PreviousHead {

    /** Fields expected when nothing is known yet. */
    static final int DEFAULT_FIELDS = 8;

    private RequestLine line;
    private HeaderFields fields;

    /** The previous request line, or null. */
    RequestLine line() {
        return line;
    }

    /** The previous request's header fields, or null. */
    HeaderFields fields() {
        return fields;
    }

    /** How many fields to make room for. */
    int expectedFields() {
        return fields == null ? DEFAULT_FIELDS : Math.max(1, fields.size());
    }

    void remember(RequestLine parsedLine, HeaderFields parsedFields) {
        this.line = parsedLine;
        this.fields = parsedFields;
    }
}
