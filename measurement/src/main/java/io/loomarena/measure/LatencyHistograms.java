package io.loomarena.measure;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;

/**
 * How latency is recorded everywhere in loom-arena: one {@link Histogram} per session thread (no sharing on the hot
 * path), values in microseconds from 1 µs to {@link #HIGHEST_TRACKABLE_MICROS}, 3 significant digits; the session
 * histograms are added together after the run. Histograms travel inside JSON as compressed base64 so that a report can
 * draw full percentile curves later.
 */
public final class LatencyHistograms {

    /** Values above one minute are clamped to it (they are failures in any workload of this project). */
    public static final long HIGHEST_TRACKABLE_MICROS = TimeUnit.MINUTES.toMicros(1);
    /** Value precision: 3 significant digits, 0.1% error. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private LatencyHistograms() {
    }

    /** A new, empty histogram for one session thread. Not thread-safe: one writer. */
    public static Histogram newHistogram() {
        return new Histogram(1, HIGHEST_TRACKABLE_MICROS, SIGNIFICANT_DIGITS);
    }

    /** Records a latency measured in nanoseconds, clamped into the trackable range. */
    public static void recordNanos(Histogram histogram, long nanos) {
        long micros = Math.max(1, Math.min(HIGHEST_TRACKABLE_MICROS, TimeUnit.NANOSECONDS.toMicros(nanos)));
        histogram.recordValue(micros);
    }

    /**
     * Records a latency measured from an intended send time in an open (rate-driven) workload, filling in the values
     * the delayed requests would have seen (coordinated omission correction).
     */
    public static void recordNanosWithExpectedInterval(Histogram histogram, long nanos, long expectedIntervalNanos) {
        long micros = Math.max(1, Math.min(HIGHEST_TRACKABLE_MICROS, TimeUnit.NANOSECONDS.toMicros(nanos)));
        histogram.recordValueWithExpectedInterval(micros, Math.max(1, TimeUnit.NANOSECONDS.toMicros(expectedIntervalNanos)));
    }

    /** The histogram as compressed base64, for JSON. */
    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /** Decodes what {@link #encode} wrote. */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(
                    ByteBuffer.wrap(Base64.getDecoder().decode(base64)), HIGHEST_TRACKABLE_MICROS);
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }
}
