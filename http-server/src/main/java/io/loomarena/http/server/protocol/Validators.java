package io.loomarena.http.server.protocol;

/**
 * The validators of one version of a static representation (RFC 9110 section 8.8): a strong entity tag made of the
 * file's modification time (nanoseconds) and size, as nginx makes its own, and the modification time in whole
 * seconds as {@code Last-Modified}. Both are computed once per file version, from its attributes, never from its
 * bytes per request. Immutable.
 *
 * @param etag         the strong entity tag, quotes included
 * @param lastModified the modification time, epoch seconds (never later than when it was computed)
 * @param fieldLines   {@code ETag} and {@code Last-Modified} field lines, each ending in CRLF
 */
public record Validators(String etag, long lastModified, String fieldLines) {

    /** The validators of a file of {@code size} bytes last modified at {@code modifiedNanos} since the epoch. */
    public static Validators of(long size, long modifiedNanos) {
        String etag = "\"" + Long.toHexString(modifiedNanos) + "-" + Long.toHexString(size) + "\"";
        // Section 8.8.2.1: a Last-Modified after the response's Date is not sent as such; a file dated in the
        // future is said to be modified now.
        long seconds = Math.min(Math.floorDiv(modifiedNanos, 1_000_000_000L), System.currentTimeMillis() / 1000);
        String lines = "ETag: " + etag + "\r\nLast-Modified: " + HttpDates.format(seconds) + "\r\n";
        return new Validators(etag, seconds, lines);
    }
}
