package io.loomarena.http.server.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Reads a request body as its framing says (RFC 9112 section 6 and 7.1): a {@code Content-Length} count of bytes,
 * or chunks, framed as {@link ChunkFraming} says (a malformed chunk, or a line not ended by CRLF, is a 400); a body
 * over the limit is a 413.
 * <p>Stateless and thread-safe: one instance serves every connection.
 */
public final class BodyReader {

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
            long size = ChunkFraming.chunkSize(in);
            if (size == 0) {
                ChunkFraming.trailers(in, trailers);
                return total;
            }
            total += size;
            if (total > maxBody) {
                throw HttpException.protocol(HttpStatus.CONTENT_TOO_LARGE, "body larger than " + maxBody + " bytes");
            }
            in.transfer(size, sink);
            ChunkFraming.dataEnd(in);
        }
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
