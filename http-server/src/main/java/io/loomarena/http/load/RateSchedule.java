package io.loomarena.http.load;

/**
 * When each request of an open-model run is due: request {@code n} (from 0, over all connections) is due
 * {@code n / rate} seconds after the start, whatever happened to earlier requests, and goes to connection
 * {@code n mod connections}. So connection {@code k} sends its {@code j}-th request at {@code (j * connections + k) /
 * rate}: each connection keeps a fixed interval of {@code connections / rate}, and the connections are staggered
 * evenly inside it (wrk2 and k6's constant-arrival-rate executor pace the same way). Immutable.
 *
 * @param ratePerSecond requests per second over all connections, positive
 * @param connections   how many connections share the schedule, positive
 */
public record RateSchedule(double ratePerSecond, int connections) {

    public RateSchedule {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("rate must be positive: " + ratePerSecond);
        }
        if (connections < 1) {
            throw new IllegalArgumentException("connections must be positive: " + connections);
        }
    }

    /** Nanoseconds after the start at which connection {@code connection} is due to send its {@code index}-th request. */
    public long dueNanos(int connection, long index) {
        return (long) (requestNumber(connection, index) * 1e9 / ratePerSecond);
    }

    /** The global number of the {@code index}-th request of a connection. */
    public long requestNumber(int connection, long index) {
        if (connection < 0 || connection >= connections || index < 0) {
            throw new IndexOutOfBoundsException("connection " + connection + " index " + index);
        }
        return index * connections + connection;
    }

    /** The interval between two requests of one connection, in nanoseconds. */
    public long connectionIntervalNanos() {
        return (long) (connections * 1e9 / ratePerSecond);
    }

    /** How many of connection {@code connection}'s requests, from its {@code from}-th on, are due before {@code nanos}. */
    public long dueBefore(int connection, long from, long nanos) {
        long n = 0;
        while (dueNanos(connection, from + n) < nanos) {
            n++;
        }
        return n;
    }

    /** How many of {@code totalRequests} requests connection {@code connection} sends. */
    public long requestsOf(int connection, long totalRequests) {
        if (totalRequests <= connection) {
            return 0;
        }
        return (totalRequests - connection + connections - 1) / connections;
    }
}
