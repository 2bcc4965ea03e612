package io.loomarena.measure;

import org.HdrHistogram.Histogram;

/**
 * How far an open-model client kept its own schedule over one iteration: how late each request left against the time
 * it was due (wrk2's intended start; NoSQLBench calls it the scheduling delay), and the rate it actually sent. The
 * latency stays counted from the due time (coordinated omission corrected); this says how much of that latency the
 * client spent before the request even left, so that a client that fell behind is not mistaken for a slow server.
 * Immutable.
 *
 * @param sent         requests that left (late ones too, until the client gives up on them)
 * @param sentInWindow of them, those that left before the end of the timed window (the configured duration)
 * @param sentRate     {@code sent} per second of the window: the rate the client actually offered. Requests that
 *                     left late still count (their lag says how late), those never sent do not
 * @param p50Micros    median lag of a request's send behind its due time, µs
 * @param p99Micros    99th percentile of that lag, µs
 * @param maxMicros    the largest, µs
 * @param ownP99Micros 99th percentile of the client's own part of the lag, µs: counted from when the request was due
 *                     and its connection free (a connection still waiting for a late answer is the server's part)
 * @param ownMaxMicros the largest own lag, µs
 */
public record SendLag(long sent, long sentInWindow, double sentRate, long p50Micros, long p99Micros, long maxMicros,
                      long ownP99Micros, long ownMaxMicros) {

    public SendLag {
        if (sent < 0 || sentInWindow < 0 || sentInWindow > sent || !(sentRate >= 0)) {
            throw new IllegalArgumentException("send counts must be 0 <= sentInWindow <= sent and the rate >= 0, got "
                    + sentInWindow + ", " + sent + ", " + sentRate);
        }
    }

    /**
     * The figures of two histograms in µs: the lag behind the due time, and the client's own part of it.
     *
     * @param windowNanos the timed window the sent rate is counted per second of, positive
     */
    public static SendLag of(long sent, long sentInWindow, long windowNanos, Histogram lagMicros,
                             Histogram ownLagMicros) {
        if (windowNanos <= 0) {
            throw new IllegalArgumentException("the window must be positive, got " + windowNanos + " ns");
        }
        return new SendLag(sent, sentInWindow, sent * 1e9 / windowNanos, at(lagMicros, 50), at(lagMicros, 99),
                lagMicros.getMaxValue(), at(ownLagMicros, 99), ownLagMicros.getMaxValue());
    }

    private static long at(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile);
    }
}
