package io.loomarena.http.load;

import java.time.Duration;

import io.loomarena.measure.IterationLoop;

/**
 * Every default and limit of the {@code load} command, in one place. The limits keep a run bounded in count and time
 * whatever the arguments: a mistyped {@code --connections 1000000} is refused instead of exhausting the machine.
 */
public final class LoadDefaults {

    /** Socket connect and read timeout, and the longest time one response may take, unless {@code --timeout}. */
    public static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Longest accepted {@code --timeout}. */
    public static final Duration MAX_TIMEOUT = Duration.ofMinutes(5);
    /** Most connections (one client thread each) a run may open at once. */
    public static final int MAX_CONNECTIONS = 10_000;
    /** Most users a {@code --ramp} may start (each user is one thread and one connection while it runs). */
    public static final int MAX_RAMP_USERS = 100_000;
    /** Most requests one run may send. */
    public static final long MAX_REQUESTS = 1_000_000_000L;
    /** Longest {@code --duration} or {@code --ramp} period. */
    public static final Duration MAX_DURATION = Duration.ofHours(1);
    /** Highest {@code --rate}, requests per second over all connections. */
    public static final double MAX_RATE = 10_000_000;
    /**
     * Most {@code --iterations} and most {@code --warmup-iterations}: each iteration is the whole configured work, so
     * that the run stays bounded at this many times {@link #MAX_RUN}.
     */
    public static final int MAX_ITERATIONS = IterationLoop.Plan.MAX;
    /**
     * A run of {@code --requests N} stops sending after this long even if requests remain (a server that answers
     * every request just under the timeout would otherwise keep it going for N x timeout).
     */
    public static final Duration MAX_RUN = Duration.ofHours(1);

    /** Bytes of the read buffer of one connection; the status line and headers of a response must fit in it. */
    public static final int READ_BUFFER_BYTES = 16 * 1024;
    /** Largest response body accepted (Content-Length or sum of chunks); larger is a malformed response. */
    public static final long MAX_BODY_BYTES = 256L * 1024 * 1024;
    /** Most header lines in one response. */
    public static final int MAX_HEADER_LINES = 100;

    /**
     * Latency histograms are striped over at most this many lanes (threads {@code k} and {@code k + LANES} share one).
     * A histogram of the project's range takes about 140 KB, so one per thread would not be bounded at 10,000 users.
     */
    public static final int MAX_HISTOGRAM_LANES = 64;

    private LoadDefaults() {
    }
}
