package io.loomarena.http.server.endpoint;

/**
 * The {@code Cache-Control} of each endpoint (RFC 9111 section 5.2.2), decided here: static content
 * ({@code /data.json}, {@code /files/}) may be kept {@code max-age} seconds (a server option; a cache revalidates it
 * afterwards with its validators), every other endpoint answers something that is only true now (a pong, metrics,
 * a measured delay) and is {@code no-store}.
 */
public final class CacheControl {

    /** The {@code max-age} of static content unless the server is told otherwise, in seconds. */
    public static final int DEFAULT_STATIC_MAX_AGE = 60;
    /** The field line of the dynamic endpoints. */
    public static final String NO_STORE = "Cache-Control: no-store\r\n";

    private CacheControl() {
    }

    /** The field line of static content kept {@code maxAge} seconds. */
    public static String staticContent(int maxAge) {
        if (maxAge < 0) {
            throw new IllegalArgumentException("max-age must be >= 0: " + maxAge);
        }
        return "Cache-Control: max-age=" + maxAge + "\r\n";
    }
}
