package io.loomarena.echo.client;

import java.util.Objects;

import org.HdrHistogram.Histogram;

/**
 * What one echo session did: messages echoed and verified, their latencies (µs), and the error that ended it early,
 * if any.
 *
 * @param echoed  messages whose echo came back complete and identical
 * @param latency one histogram per session, owned by its thread until the session ends
 * @param error   why the session stopped early, or {@code null} when it completed
 */
record SessionResult(long echoed, Histogram latency, ErrorKind error) {

    SessionResult {
        Objects.requireNonNull(latency, "latency");
        if (echoed < 0) {
            throw new IllegalArgumentException("echoed must be >= 0, was " + echoed);
        }
    }
}
