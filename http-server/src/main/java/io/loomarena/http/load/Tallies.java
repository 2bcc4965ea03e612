package io.loomarena.http.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;

/**
 * What the client threads of one run count: successful latencies in HdrHistograms (µs), failures by kind, and in an
 * open model how late each request left against its due time (send lag, µs; {@link io.loomarena.measure.SendLag}). The
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
        private final Histogram sendLagMicros = LatencyHistograms.newHistogram();
        private final Histogram ownLagMicros = LatencyHistograms.newHistogram();
        private long sent;
        private long sentInWindow;

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

        /**
         * A request that left: {@code lagNanos} after its due time, {@code ownLagNanos} of it after the request was
         * due and its connection free; {@code inWindow} when it left before the end of the timed window.
         */
        void sent(long lagNanos, long ownLagNanos, boolean inWindow) {
            if (shared) {
                synchronized (this) {
                    recordSent(lagNanos, ownLagNanos, inWindow);
                }
            } else {
                recordSent(lagNanos, ownLagNanos, inWindow);
            }
        }

        private void recordSent(long lagNanos, long ownLagNanos, boolean inWindow) {
            LatencyHistograms.recordNanos(sendLagMicros, lagNanos);
            LatencyHistograms.recordNanos(ownLagMicros, ownLagNanos);
            sent++;
            if (inWindow) {
                sentInWindow++;
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

        private synchronized void addTo(Total sums, long[] errorSums, Map<Integer, Long> statusSums) {
            sums.latencyMicros().add(latencyMicros);
            sums.sendLag().lagMicros().add(sendLagMicros);
            sums.sendLag().ownLagMicros().add(ownLagMicros);
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
     * @param sendLag        how late the requests left (open model; empty otherwise)
     */
    record Total(long successes, Map<String, Long> errors, Histogram latencyMicros, Sends sendLag) {
        Total {
            errors = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(errors));
        }

        /** Counts without sends (a closed or ramp run). */
        Total(long successes, Map<String, Long> errors, Histogram latencyMicros) {
            this(successes, errors, latencyMicros, Sends.none());
        }

        /** Counts that measured nothing. */
        static Total none() {
            return new Total(0, Map.of(), LatencyHistograms.newHistogram(), Sends.none());
        }

        long failures() {
            return errors.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /**
     * The merged send counts of a run.
     *
     * @param sent         requests that left
     * @param sentInWindow of them, those that left before the end of the timed window
     * @param lagMicros    how late each left against its due time
     * @param ownLagMicros how late each left after it was due and its connection free
     */
    record Sends(long sent, long sentInWindow, Histogram lagMicros, Histogram ownLagMicros) {

        static Sends none() {
            return new Sends(0, 0, LatencyHistograms.newHistogram(), LatencyHistograms.newHistogram());
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
        Total sums = Total.none();
        long[] errorSums = new long[ErrorKind.values().length];
        Map<Integer, Long> statusSums = new TreeMap<>();
        long successes = 0;
        long sent = 0;
        long sentInWindow = 0;
        for (Lane lane : lanes) {
            lane.addTo(sums, errorSums, statusSums);
            synchronized (lane) {
                successes += lane.successes;
                sent += lane.sent;
                sentInWindow += lane.sentInWindow;
            }
        }
        Map<String, Long> errors = new LinkedHashMap<>();
        for (ErrorKind kind : ErrorKind.values()) {
            if (kind != ErrorKind.STATUS && errorSums[kind.ordinal()] > 0) {
                errors.put(kind.key(), errorSums[kind.ordinal()]);
            }
        }
        statusSums.forEach((code, count) -> errors.put(ErrorKind.key(code), count));
        return new Total(successes, errors, sums.latencyMicros(),
                new Sends(sent, sentInWindow, sums.sendLag().lagMicros(), sums.sendLag().ownLagMicros()));
    }
}
