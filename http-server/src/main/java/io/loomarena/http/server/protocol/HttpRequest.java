package io.loomarena.http.server.protocol;

import java.util.Objects;

/**
 * One request's head, with its framing decided: how long the body is and whether the connection may be reused.
 * Immutable once parsed (its {@link HeaderFields} are only read after parsing).
 *
 * @param line           the request line
 * @param headers        the header fields
 * @param contentLength  the body length from {@code Content-Length}, 0 when there is no body, or {@link #CHUNKED}
 * @param keepAlive      whether the client allows another request on this connection (RFC 9112 section 9.3)
 * @param expectContinue whether the client waits for {@code 100 Continue} before it sends the body
 */
public record HttpRequest(RequestLine line, HeaderFields headers, long contentLength, boolean keepAlive,
                          boolean expectContinue) {

    /** {@link #contentLength()} of a chunked body. */
    public static final long CHUNKED = -1;

    public HttpRequest {
        Objects.requireNonNull(line, "line");
        Objects.requireNonNull(headers, "headers");
        if (contentLength < CHUNKED) {
            throw new IllegalArgumentException("contentLength must be >= 0 or CHUNKED: " + contentLength);
        }
    }

    public Method method() {
        return line.method();
    }

    public String path() {
        return line.path();
    }

    /** The raw query, or null. */
    public String query() {
        return line.query();
    }

    public HttpVersion version() {
        return line.version();
    }

    public boolean chunked() {
        return contentLength == CHUNKED;
    }

    public boolean hasBody() {
        return contentLength != 0;
    }

    public boolean isHead() {
        return line.method() == Method.HEAD;
    }
}
