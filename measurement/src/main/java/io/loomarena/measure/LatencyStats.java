package io.loomarena.measure;

import org.HdrHistogram.Histogram;

/**
 * Latency figures read from one HdrHistogram, all in microseconds. Immutable.
 *
 * @param count number of recorded values
 * @param mean  mean latency
 * @param p50   median
 * @param p90   90th percentile
 * @param p95   95th percentile
 * @param p99   99th percentile
 * @param p999  99.9th percentile
 * @param max   largest recorded value
 */
public record LatencyStats(long count, double mean, long p50, long p90, long p95, long p99, long p999, long max) {

    /** Reads the figures of a histogram whose values are microseconds. */
    public static LatencyStats of(Histogram micros) {
        if (micros.getTotalCount() == 0) {
            return new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatencyStats(
                micros.getTotalCount(),
                micros.getMean(),
                micros.getValueAtPercentile(50),
                micros.getValueAtPercentile(90),
                micros.getValueAtPercentile(95),
                micros.getValueAtPercentile(99),
                micros.getValueAtPercentile(99.9),
                micros.getMaxValue());
    }
}
