package io.loomarena.http.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;

/**
 * What the client threads of one run count: successful latencies in HdrHistograms (µs) and failures by kind. The
 * counts are striped over lanes, at most {@link LoadDefaults#MAX_HISTOGRAM_LANES}: thread {@code k} records into lane
 * {@code k mod lanes}, so up to that many threads each have a lane of their own (an uncontended lock per request)
 * and memory stays bounded however many threads there are.
 * <p>
 * Thread-safe: each lane is guarded by its own lock; {@link #total()} is called after the threads have ended.
 */
final class Tallies {

    /** One lane: guarded by its own monitor. */
    static final class Lane {
        private final Histogram latencyMicros = LatencyHistograms.newHistogram();
        private long successes;
        private final long[] errors = new long[ErrorKind.values().length];
        private final Map<Integer, Long> statuses = new TreeMap<>();

        /** A successful request and its latency. */
        synchronized void success(long latencyNanos) {
            LatencyHistograms.recordNanos(latencyMicros, latencyNanos);
            successes++;
        }

        /** A failed request; {@code status} is only used for {@link ErrorKind#STATUS}. */
        synchronized void failure(ErrorKind kind, int status) {
            errors[kind.ordinal()]++;
            if (kind == ErrorKind.STATUS) {
                statuses.merge(status, 1L, Long::sum);
            }
        }

        private synchronized void addTo(Histogram histogram, long[] errorSums, Map<Integer, Long> statusSums) {
            histogram.add(latencyMicros);
            for (int i = 0; i < errors.length; i++) {
                errorSums[i] += errors[i];
            }
            statuses.forEach((code, count) -> statusSums.merge(code, count, Long::sum));
        }
    }

    /**
     * The merged counts of a run.
     *
     * @param successes      successful requests
     * @param errors         failures by summary key ({@code connect}, {@code status_503}, ...), zero counts left out
     * @param latencyMicros  latencies of the successful requests
     */
    record Total(long successes, Map<String, Long> errors, Histogram latencyMicros) {
        Total {
            errors = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        }

        long failures() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Lane[] lanes;

    Tallies(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive: " + threads);
        }
        lanes = new Lane[Math.min(threads, LoadDefaults.MAX_HISTOGRAM_LANES)];
        for (int i = 0; i < lanes.length; i++) {
            lanes[i] = new Lane();
        }
    }

    /** The lane thread {@code thread} records into. */
    Lane lane(int thread) {
        return lanes[Math.floorMod(thread, lanes.length)];
    }

    /** All lanes added together. */
    Total total() {
        Histogram histogram = LatencyHistograms.newHistogram();
        long[] errorSums = new long[ErrorKind.values().length];
        Map<Integer, Long> statusSums = new TreeMap<>();
        long successes = 0;
        for (Lane lane : lanes) {
            lane.addTo(histogram, errorSums, statusSums);
            synchronized (lane) {
                successes += lane.successes;
            }
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        for (ErrorKind kind : ErrorKind.values()) {
            if (kind != ErrorKind.STATUS && errorSums[kind.ordinal()] > 0) {
                errors.put(kind.key(), errorSums[kind.ordinal()]);
            }
        }
        statusSums.forEach((code, count) -> errors.put(ErrorKind.key(code), count));
        return new Total(successes, errors, histogram);
    }
}
