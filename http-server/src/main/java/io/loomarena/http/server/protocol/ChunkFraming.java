package io.loomarena.http.server.protocol;

import java.io.EOFException;
import java.io.IOException;

/**
 * The framing of a chunked body, RFC 9112 section 7.1, in one place for the blocking {@link BodyReader} and the event
 * loop's resumable reader: {@code hex-size [; ext] CRLF data CRLF ... 0 CRLF trailers CRLF}. Only CRLF ends a
 * chunk-size line, chunk data and each trailer line: section 2.2's tolerance of a bare LF covers the start line and
 * header fields only, and a server that accepts a bare LF where a proxy in front of it does not is the classic
 * request-smuggling setup. Anything else is a 400 (the connection then closes).
 * <p>Stateless: every step consumes from the given buffer only once it has succeeded.
 */
public final class ChunkFraming {

    /** The longest chunk-size line, extensions included; nobody needs more (nginx, Netty use similar bounds). */
    public static final int MAX_CHUNK_LINE = 1024;
    /** Hex digits of the largest chunk size considered: 15 digits never overflow a long. */
    private static final int MAX_CHUNK_SIZE_DIGITS = 15;

    private ChunkFraming() {
    }

    /**
     * The end of a line's content when the line, whose LF is {@code lf} bytes after {@code start}, ends in CRLF.
     *
     * @throws HttpException 400 when the LF is not preceded by a CR
     */
    public static int contentEndBeforeCrlf(byte[] b, int start, int lf, String what) throws HttpException {
        if (lf == 0 || b[start + lf - 1] != '\r') {
            throw bad(what + " not ended by CRLF");
        }
        return start + lf - 1;
    }

    /** Reads and consumes one chunk-size line; extensions are checked for control characters and ignored. */
    public static long chunkSize(InputBuffer in) throws IOException, HttpException {
        int lf = in.lineLength(MAX_CHUNK_LINE, HttpStatus.BAD_REQUEST,
                "chunk size line longer than " + MAX_CHUNK_LINE + " bytes");
        if (lf < 0) {
            throw new EOFException("stream ended before a chunk size");
        }
        byte[] b = in.array();
        int start = in.position();
        int end = contentEndBeforeCrlf(b, start, lf, "chunk size line");
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

    /**
     * Reads and consumes the CRLF that must follow a chunk's data.
     *
     * @throws EOFException  when the stream ends before it
     * @throws HttpException 400 for anything else (a bare LF included)
     */
    public static void dataEnd(InputBuffer in) throws IOException, HttpException {
        int cr = in.read();
        if (cr == '\r') {
            int lf = in.read();
            if (lf == '\n') {
                return;
            }
            if (lf < 0) {
                throw new EOFException("stream ended inside a chunk");
            }
        } else if (cr < 0) {
            throw new EOFException("stream ended inside a chunk");
        }
        throw bad("chunk data not followed by CRLF");
    }

    /** Reads and consumes the trailer section (fields are parsed and dropped) with CRLF line ends only. */
    public static void trailers(InputBuffer in, Http1Headers parser) throws IOException, HttpException {
        parser.parseTrailers(in);
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
