package io.loomarena.http.server.protocol;

/**
 * How much of a request the server reads before it gives up, in one place. Immutable.
 *
 * @param maxRequestLine  bytes of the request line, CRLF excluded; longer is 414
 * @param maxHeaderBytes  bytes of the header section (all field lines with their line ends); larger is 431
 * @param maxHeaderFields number of header fields; more is 431
 * @param maxBody         bytes of a request body, announced or chunked; larger is 413
 */
public record ParserLimits(int maxRequestLine, int maxHeaderBytes, int maxHeaderFields, long maxBody) {

    /** 8 KiB, as nginx ({@code large_client_header_buffers}) and the hardening list. */
    public static final int DEFAULT_MAX_REQUEST_LINE = 8 * 1024;
    /** 8 KiB for the whole header section. */
    public static final int DEFAULT_MAX_HEADER_BYTES = 8 * 1024;
    /** 100 fields, as Tomcat's {@code maxHeaderCount}. */
    public static final int DEFAULT_MAX_HEADER_FIELDS = 100;
    /** 1 MiB; no endpoint of this server reads a body, it is only discarded to keep the connection's framing. */
    public static final long DEFAULT_MAX_BODY = 1024 * 1024;

    public static final ParserLimits DEFAULTS = new ParserLimits(DEFAULT_MAX_REQUEST_LINE, DEFAULT_MAX_HEADER_BYTES,
            DEFAULT_MAX_HEADER_FIELDS, DEFAULT_MAX_BODY);

    public ParserLimits {
        if (maxRequestLine < 64 || maxHeaderBytes < 64 || maxHeaderFields < 1 || maxBody < 0) {
            throw new IllegalArgumentException("limits out of range: request line and header bytes >= 64, "
                    + "header fields >= 1, body >= 0");
        }
    }

    /**
     * The largest single line the input buffer must hold, line end included: a request line, a field line, or a
     * chunk-size line of a body (found by fuzzing: with small limits a long chunk-size line overflowed the buffer).
     */
    public int maxLineBuffer() {
        return Math.max(Math.max(maxRequestLine, maxHeaderBytes), ChunkFraming.MAX_CHUNK_LINE) + 2;
    }
}
