package io.loomarena.harness.http;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The work of one load-client run, the same for every server of a suite. Two shapes: a fixed amount of work
 * ({@code requests} over {@code connections} in a closed loop, ab's {@code -n}/{@code -c}), ranked by elapsed time;
 * or a user ramp ({@code users} started evenly over {@code rampDuration}, one request each, an open model), ranked by
 * latency. A closed run may be {@linkplain #revalidating() conditional}: every request then revalidates the path's
 * ETag and is answered 304. Immutable.
 *
 * @param path           the request path and query, for example {@code /fanout?calls=3&ms=10}
 * @param connections    concurrent connections of a closed run, 1..10,000; the users of a ramp
 * @param requests       requests of a closed run over all connections, {@code >= 1}; 0 for a ramp
 * @param rampDuration   how long a ramp takes to start its users; {@code Duration.ZERO} for a closed run
 * @param keepAlive      whether a connection carries many requests (false: one connection per request)
 * @param tolerateErrors whether failed requests are counted and reported instead of failing the run
 * @param conditional    whether every request carries {@code If-None-Match} with the ETag of a first, unmeasured GET
 *                       and must be answered 304 ({@code load --conditional}); closed runs only
 */
public record HttpWorkload(String path, int connections, long requests, Duration rampDuration, boolean keepAlive,
                           boolean tolerateErrors, boolean conditional) {

    /**
     * How long the client waits for one connect or response ({@code load --timeout}): longer than the client's 10 s
     * default, because a bounded model (one thread, a pool of 4) queues connections by design and a shared machine
     * slows it further; a queue is measured as latency, not turned into errors.
     */
    public static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(30);

    public HttpWorkload {
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("path must start with /, got " + path);
        }
        if (connections < 1 || connections > 10_000) {
            throw new IllegalArgumentException("connections must be 1..10000, got " + connections);
        }
        if (rampDuration.isNegative() || (requests < 1) == rampDuration.isZero() || requests < 0) {
            throw new IllegalArgumentException("give either requests >= 1 or a positive ramp duration, got "
                    + requests + " requests and a ramp of " + rampDuration);
        }
        if (conditional && !rampDuration.isZero()) {
            throw new IllegalArgumentException("a ramp's users send one request each: none has an ETag to revalidate");
        }
    }

    /** A workload that is not conditional. */
    public HttpWorkload(String path, int connections, long requests, Duration rampDuration, boolean keepAlive,
                        boolean tolerateErrors) {
        this(path, connections, requests, rampDuration, keepAlive, tolerateErrors, false);
    }

    /** A closed run: {@code requests} over {@code connections}, like {@code ab -n requests -c connections}. */
    public static HttpWorkload closed(String path, int connections, long requests, boolean keepAlive) {
        return new HttpWorkload(path, connections, requests, Duration.ZERO, keepAlive, false);
    }

    /** A JMeter-style ramp: {@code users} started evenly over {@code duration}, one request each. */
    public static HttpWorkload ramp(String path, int users, Duration duration) {
        return new HttpWorkload(path, users, 0, duration, false, false);
    }

    /**
     * The part of this closed workload that client JVM {@code share} does: its share of the connections and of the
     * requests. A ramp is not split: its users arrive on one schedule that one client keeps.
     */
    public HttpWorkload share(io.loomarena.harness.BenchmarkPlan.ClientShare share) {
        if (share.count() == 1) {
            return this;
        }
        if (isRamp()) {
            throw new IllegalArgumentException("a ramp workload cannot be split across " + share.count()
                    + " client hosts; run ramp suites with one client host");
        }
        return new HttpWorkload(path, share.of(connections, "connections"), share.of(requests, "requests"),
                rampDuration, keepAlive, tolerateErrors, conditional);
    }

    /** The same workload, with failed requests counted and reported rather than failing the run. */
    public HttpWorkload toleratingErrors() {
        return new HttpWorkload(path, connections, requests, rampDuration, keepAlive, true, conditional);
    }

    /** The same closed workload, every request revalidating the path's ETag (answered 304). */
    public HttpWorkload revalidating() {
        return new HttpWorkload(path, connections, requests, rampDuration, keepAlive, tolerateErrors, true);
    }

    /** {@code on} or {@code off}, as the features write a keep-alive setting. */
    public static boolean onOrOff(String word) {
        return switch (word) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("keep-alive must be on or off, got '" + word + "'");
        };
    }

    public boolean isRamp() {
        return !rampDuration.isZero();
    }

    /** Requests one run must account for (answered or failed). */
    public long expectedOperations() {
        return isRamp() ? connections : requests;
    }

    /** Whether the server needs a downstream to call: {@code /fanout}. */
    public boolean needsDownstream() {
        return path.startsWith("/fanout");
    }

    /** {@code 10000/60000ms}: the ramp as the client's {@code --ramp} takes it. */
    public String rampText() {
        return connections + "/" + rampDuration.toMillis() + "ms";
    }

    /** Every parameter, in a stable order, as the summary records it; {@code connections} and {@code keepAlive} always. */
    public Map<String, Object> parameters() {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put("path", path);
        parameters.put("host", HttpLaunch.HOST);
        if (isRamp()) {
            parameters.put("model", "open: user ramp");
            parameters.put("users", connections);
            parameters.put("rampMillis", rampDuration.toMillis());
        } else {
            parameters.put("model", "closed");
            parameters.put("requests", requests);
        }
        parameters.put("connections", connections);
        parameters.put("keepAlive", keepAlive);
        parameters.put("errorsTolerated", tolerateErrors);
        parameters.put("timeoutSeconds", RESPONSE_TIMEOUT.toSeconds());
        if (conditional) {
            parameters.put("conditional", true); // only then: the other suites' summaries keep their keys
        }
        return parameters;
    }
}
