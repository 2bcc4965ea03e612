package io.loomarena.http.server.protocol;

import java.util.Objects;

/**
 * A parsed request line. Immutable.
 *
 * @param method  the request method
 * @param path    the percent-decoded path ({@code *} for the asterisk form; CONNECT never gets here)
 * @param query   the raw query after {@code ?}, without it, or null when there is none
 * @param version the protocol version
 */
public record RequestLine(Method method, String path, String query, HttpVersion version) {

    public RequestLine {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(version, "version");
        if (path.isEmpty()) {
            throw new IllegalArgumentException("path must not be empty");
        }
    }
}
