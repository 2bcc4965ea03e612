package io.loomarena.http.load;

/**
 * The parts of a response head that frame its body: status code, HTTP version, {@code Content-Length},
 * {@code Transfer-Encoding: chunked} and the {@code Connection} tokens. Lines are handed in as buffer regions without
 * their line ending; other headers are checked for syntax and otherwise skipped.
 * <p>
 * Not thread-safe: one instance is reused by one {@link ResponseReader}; {@link #statusLine} starts a new head.
 */
final class ResponseHead {

    private static final byte[] CONTENT_LENGTH = HttpBytes.ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = HttpBytes.ascii("transfer-encoding");
    private static final byte[] CONNECTION = HttpBytes.ascii("connection");
    private static final byte[] CHUNKED = HttpBytes.ascii("chunked");
    private static final byte[] CLOSE = HttpBytes.ascii("close");
    private static final byte[] KEEP_ALIVE = HttpBytes.ascii("keep-alive");
    private static final byte[] HTTP_1 = HttpBytes.ascii("HTTP/1.");

    private int status;
    private boolean http10;
    private long contentLength;
    private boolean chunked;
    private boolean connectionClose;
    private boolean connectionKeepAlive;

    /** Parses {@code HTTP/1.x SSS[ reason]} and forgets the previous head. */
    void statusLine(byte[] buf, int start, int end) throws MalformedResponseException {
        if (end - start < 12 || !HttpBytes.regionEquals(buf, start, HTTP_1)
                || (buf[start + 7] != '1' && buf[start + 7] != '0')
                || buf[start + 8] != ' ' || (end - start > 12 && buf[start + 12] != ' ')) {
            throw new MalformedResponseException("bad status line: " + HttpBytes.text(buf, start, end));
        }
        long code = HttpBytes.decimal(buf, start + 9, start + 12);
        if (code < 100) {
            throw new MalformedResponseException("bad status code: " + HttpBytes.text(buf, start, end));
        }
        status = (int) code;
        http10 = buf[start + 7] == '0';
        contentLength = -1;
        chunked = false;
        connectionClose = false;
        connectionKeepAlive = false;
    }

    /** Parses one {@code name: value} line. */
    void header(byte[] buf, int start, int end) throws MalformedResponseException {
        int colon = start;
        while (colon < end && buf[colon] != ':') {
            if (buf[colon] == ' ' || buf[colon] == '\t') {
                throw new MalformedResponseException("whitespace in header name: " + HttpBytes.text(buf, start, end));
            }
            colon++;
        }
        if (colon == end || colon == start) {
            throw new MalformedResponseException("bad header line: " + HttpBytes.text(buf, start, end));
        }
        int valueStart = HttpBytes.skipSpace(buf, colon + 1, end);
        int valueEnd = HttpBytes.trimSpace(buf, valueStart, end);
        int nameLength = colon - start;
        if (nameLength == CONTENT_LENGTH.length && HttpBytes.equalsIgnoreCase(buf, start, CONTENT_LENGTH)) {
            long length = HttpBytes.decimal(buf, valueStart, valueEnd);
            if (length < 0) {
                throw new MalformedResponseException("bad Content-Length: "
                        + HttpBytes.text(buf, valueStart, valueEnd));
            }
            if (contentLength >= 0 && contentLength != length) {
                throw new MalformedResponseException("conflicting Content-Length headers");
            }
            contentLength = length;
        } else if (nameLength == TRANSFER_ENCODING.length
                && HttpBytes.equalsIgnoreCase(buf, start, TRANSFER_ENCODING)) {
            if (!HttpBytes.lastTokenIs(buf, valueStart, valueEnd, CHUNKED)) {
                throw new MalformedResponseException("unsupported transfer coding: "
                        + HttpBytes.text(buf, valueStart, valueEnd));
            }
            chunked = true;
        } else if (nameLength == CONNECTION.length && HttpBytes.equalsIgnoreCase(buf, start, CONNECTION)) {
            connectionClose |= HttpBytes.hasToken(buf, valueStart, valueEnd, CLOSE);
            connectionKeepAlive |= HttpBytes.hasToken(buf, valueStart, valueEnd, KEEP_ALIVE);
        }
    }

    int status() {
        return status;
    }

    /** 1xx other than 101: an interim response, followed by the real one. */
    boolean interim() {
        return status >= 100 && status < 200 && status != 101;
    }

    /** Content-Length, or -1 when absent. */
    long contentLength() {
        return contentLength;
    }

    boolean chunked() {
        return chunked;
    }

    /** Whether the server closes the connection after this response ({@code Connection: close}, or HTTP/1.0). */
    boolean closes() {
        return connectionClose || (http10 && !connectionKeepAlive);
    }
}
