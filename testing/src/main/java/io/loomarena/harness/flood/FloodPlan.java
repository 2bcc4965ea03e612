package io.loomarena.harness.flood;

import java.time.Duration;

/**
 * The shape of one connection flood. Immutable; the constructor rejects values outside the documented ranges.
 *
 * @param connections        connections opened at once, 1..{@value #MAX_CONNECTIONS} (the test JVM holds one file
 *                           descriptor per connection, under the 20,000 open-files limit with room to spare)
 * @param mode               whether connections stay open until every one is served ({@link Mode#HOLD}) or each
 *                           closes once it is served ({@link Mode#CLOSE_WHEN_SERVED})
 * @param connectConcurrency connects in progress at once, 1..{@code connections}: bounds the SYN burst so that a full
 *                           listen backlog costs retries, not failures
 * @param connectTimeout     how long one connect may take (including SYN retries while the backlog is full)
 * @param replyTimeout       how long one connection waits for its reply (covers waiting in a server's queue)
 * @param overallTimeout     the whole flood's limit: connections not settled by then count as {@code unsettled}
 */
public record FloodPlan(int connections, Mode mode, int connectConcurrency, Duration connectTimeout,
                        Duration replyTimeout, Duration overallTimeout) {

    /** The most connections a flood opens. */
    public static final int MAX_CONNECTIONS = 15_000;
    /** Default connects in progress at once. */
    public static final int DEFAULT_CONNECT_CONCURRENCY = 500;

    /** What a served connection does next. */
    public enum Mode {
        /** Stay open until every connection of the flood is served or failed; then all close. */
        HOLD,
        /** Close as soon as the reply is checked, so that a bounded server can serve the next one. */
        CLOSE_WHEN_SERVED
    }

    public FloodPlan {
        if (connections < 1 || connections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("connections must be 1.." + MAX_CONNECTIONS + ", was " + connections);
        }
        if (mode == null) {
            throw new IllegalArgumentException("mode is required");
        }
        if (connectConcurrency < 1) {
            throw new IllegalArgumentException("connectConcurrency must be >= 1, was " + connectConcurrency);
        }
        for (Duration timeout : new Duration[] {connectTimeout, replyTimeout, overallTimeout}) {
            if (timeout == null || timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("timeouts must be positive, was " + timeout);
            }
        }
    }

    /** A flood of {@code connections} in {@code mode}: 30 s per connect, 90 s per reply, 150 s in total. */
    public static FloodPlan of(int connections, Mode mode) {
        return new FloodPlan(connections, mode, Math.min(connections, DEFAULT_CONNECT_CONCURRENCY),
                Duration.ofSeconds(30), Duration.ofSeconds(90), Duration.ofSeconds(150));
    }
}
