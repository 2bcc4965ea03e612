package io.loomarena.http.server.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Reads a request body as its framing says (RFC 9112 section 6 and 7.1): a {@code Content-Length} count of bytes,
 * or chunks ({@code hex-size [; ext] CRLF data CRLF ... 0 CRLF trailers CRLF}). A chunk size that is not hex or
 * overflows, or data not followed by CRLF, is a 400; a body over the limit is a 413.
 * <p>Stateless and thread-safe: one instance serves every connection.
 */
public final class BodyReader {

    /** The longest chunk-size line, extensions included; nobody needs more (nginx, Netty use similar bounds). */
    public static final int MAX_CHUNK_LINE = 1024;
    /** Hex digits of the largest chunk size considered: 15 digits never overflow a long. */
    private static final int MAX_CHUNK_SIZE_DIGITS = 15;

    private final long maxBody;
    private final Http1Headers trailers;

    /**
     * @param maxBody  the largest body in bytes; more is 413
     * @param trailers parses the trailer section of a chunked body (the header limits apply)
     */
    public BodyReader(long maxBody, Http1Headers trailers) {
        this.maxBody = maxBody;
        this.trailers = trailers;
    }

    /**
     * Consumes the request's body from the input, copying it to {@code sink} unless that is null (discarded).
     *
     * @return the body's length in bytes
     * @throws EOFException  when the stream ends inside the body
     * @throws HttpException on malformed chunks or a body over the limit
     */
    public long read(HttpRequest request, InputBuffer in, OutputStream sink) throws IOException, HttpException {
        if (!request.chunked()) {
            in.transfer(request.contentLength(), sink);
            return request.contentLength();
        }
        long total = 0;
        while (true) {
            long size = chunkSize(in);
            if (size == 0) {
                trailers.parse(in);
                return total;
            }
            total += size;
            if (total > maxBody) {
                throw HttpException.protocol(HttpStatus.CONTENT_TOO_LARGE, "body larger than " + maxBody + " bytes");
            }
            in.transfer(size, sink);
            int cr = in.read();
            int lf = cr == '\r' ? in.read() : cr;
            if (lf != '\n') {
                if (lf < 0) {
                    throw new EOFException("stream ended inside a chunk");
                }
                throw bad("chunk data not followed by CRLF");
            }
        }
    }

    /** Reads and consumes one chunk-size line; extensions are ignored (also used step by step by the event loop). */
    public static long chunkSize(InputBuffer in) throws IOException, HttpException {
        int lf = in.lineLength(MAX_CHUNK_LINE, HttpStatus.BAD_REQUEST,
                "chunk size line longer than " + MAX_CHUNK_LINE + " bytes");
        if (lf < 0) {
            throw new EOFException("stream ended before a chunk size");
        }
        byte[] b = in.array();
        int start = in.position();
        int end = lf > 0 && b[start + lf - 1] == '\r' ? start + lf - 1 : start + lf;
        int i = start;
        long size = 0;
        while (i < end && Ascii.isHexDigit(b[i])) {
            if (i - start == MAX_CHUNK_SIZE_DIGITS) {
                throw bad("chunk size too large");
            }
            size = size * 16 + Ascii.hexValue(b[i]);
            i++;
        }
        if (i == start) {
            throw bad("chunk size is not a hex number");
        }
        while (i < end && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        if (i < end && b[i] != ';') {
            throw bad("chunk size is not a hex number");
        }
        for (; i < end; i++) {
            if (!Ascii.FIELD_VALUE[b[i] & 0xFF]) {
                throw bad("chunk extension has a control character");
            }
        }
        in.position(start + lf + 1);
        return size;
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
