package io.loomarena.http.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;

/**
 * What the client threads of one run count: successful latencies in HdrHistograms (µs) and failures by kind. The
 * counts are striped over lanes, at most {@link LoadDefaults#MAX_HISTOGRAM_LANES}: thread {@code k} records into lane
 * {@code k mod lanes}, so up to that many threads each have a lane of their own (no lock at all) and memory stays
 * bounded however many threads there are (shared lanes are locked).
 * <p>
 * Thread-safe as used: thread {@code k} writes only lane {@code k}; {@link #total()} is called after every thread
 * has been joined.
 */
final class Tallies {

    /**
     * One lane. A lane written by one thread only (as many lanes as threads) takes no lock: its owner's writes are
     * visible to {@link #total()} because the run joins the owner first. A shared lane is guarded by its monitor.
     */
    static final class Lane {
        private final boolean shared;
        private final Histogram latencyMicros = LatencyHistograms.newHistogram();
        private long successes;
        private final long[] errors = new long[ErrorKind.values().length];
        private final Map<Integer, Long> statuses = new TreeMap<>();

        Lane(boolean shared) {
            this.shared = shared;
        }

        /** A successful request and its latency. */
        void success(long latencyNanos) {
            if (shared) {
                synchronized (this) {
                    recordSuccess(latencyNanos);
                }
            } else {
                recordSuccess(latencyNanos);
            }
        }

        /** A failed request; {@code status} is only used for {@link ErrorKind#STATUS}. */
        void failure(ErrorKind kind, int status) {
            if (shared) {
                synchronized (this) {
                    recordFailure(kind, status);
                }
            } else {
                recordFailure(kind, status);
            }
        }

        private void recordSuccess(long latencyNanos) {
            LatencyHistograms.recordNanos(latencyMicros, latencyNanos);
            successes++;
        }

        private void recordFailure(ErrorKind kind, int status) {
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
            lanes[i] = new Lane(threads > lanes.length);
        }
    }

    /** The lane thread {@code thread} (from 0, each thread its own number) records into. */
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
