package io.loomarena.http.load;

/**
 * Why a request failed, as counted in the summary. The key of {@link #STATUS} carries the status code
 * ({@code status_503}); the others are their own key.
 */
public enum ErrorKind {
    /** The connection could not be opened (refused, unreachable, or not within the timeout). */
    CONNECT("connect"),
    /** No complete response within the timeout. */
    TIMEOUT("timeout"),
    /** The connection was reset or closed before any byte of the response, or failed with another I/O error. */
    RESET("reset"),
    /** The response broke HTTP/1.1 framing: bad status line or header, truncated or overlong body. */
    MALFORMED("malformed"),
    /** A complete response whose status is not 2xx (not 304 when the run is {@code --conditional}). */
    STATUS("status"),
    /** A complete 2xx response whose body does not have the expected checksum. */
    CHECKSUM("checksum");

    private final String key;

    ErrorKind(String key) {
        this.key = key;
    }

    /** The key in the summary's error map; {@code status} for {@link #STATUS} is completed by {@link #key(int)}. */
    public String key() {
        return key;
    }

    /** The key of a non-2xx status: {@code status_<code>}. */
    public static String key(int status) {
        return "status_" + status;
    }
}
