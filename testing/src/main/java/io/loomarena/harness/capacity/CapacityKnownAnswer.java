package io.loomarena.harness.capacity;

import java.util.Locale;
import java.util.Optional;

/**
 * The check of a known answer: a pool of {@code threads} threads (or database connections) each holding a request
 * {@code millis} ms cannot serve more than {@code threads / millis} req/s, so its search must find the knee there.
 * When a summary does not confirm it, one line says why and what the reader can do, naming the search's own line.
 * Stateless.
 *
 * @param threads   the pool's threads or connections, at least 1
 * @param millis    how long each request holds one of them, ms, at least 1
 * @param tolerance how far the sustained rate may lie from the answer, as a share of it, 0..1 (0.1: 10%)
 * @param held      what the pool holds, as the lines name it: {@value #THREADS} or {@value #CONNECTIONS}
 */
public record CapacityKnownAnswer(int threads, int millis, double tolerance, String held) {

    /** A pool of threads, each held by a request: the server's own pool. */
    public static final String THREADS = "threads";
    /** A pool of database connections, each held by a request's query: the ceiling of {@code /db}. */
    public static final String CONNECTIONS = "connections";

    public CapacityKnownAnswer {
        if (threads < 1 || millis < 1 || !(tolerance >= 0 && tolerance <= 1)) {
            throw new IllegalArgumentException("a known answer needs " + held + " >= 1, millis >= 1 and a tolerance"
                    + " of 0..100%, got " + threads + ", " + millis + ", " + tolerance);
        }
        if (!THREADS.equals(held) && !CONNECTIONS.equals(held)) {
            throw new IllegalArgumentException("a known answer's pool holds " + THREADS + " or " + CONNECTIONS
                    + ", got " + held);
        }
    }

    /** A pool of {@code threads} threads. */
    public CapacityKnownAnswer(int threads, int millis, double tolerance) {
        this(threads, millis, tolerance, THREADS);
    }

    /** The answer: {@code threads / millis}, req/s. */
    public double rate() {
        return threads * 1000.0 / millis;
    }

    /**
     * What {@code summary}'s sustained rate says each request held one of the pool's {@link #held} if that rate is the
     * pool's ceiling, in one line: on a busy machine the query's round trip and the scheduling add to the sleep, and
     * a knee below the answer shows as a longer hold.
     */
    public String holdLine(CapacitySummary summary) {
        return summary.sustainedRate() <= 0 ? summary.combination() + ": no sustained rate"
                : String.format(Locale.ROOT, "%s: %s, so each of the %d %s was held about %.1f ms per request (the"
                + " known answer assumes %d ms)", summary.combination(), summary.sustained(), threads, held,
                threads * 1000.0 / summary.sustainedRate(), millis);
    }

    /** Why {@code summary} does not confirm the answer, in one line; empty when its knee lies within the tolerance. */
    public Optional<String> problem(CapacitySummary summary) {
        String answer = String.format(Locale.ROOT, "the known answer of %.0f req/s (%d %s each holding a"
                + " request %d ms)", rate(), threads, held, millis);
        String found = summary.combination() + ": ";
        return switch (summary.finding()) {
            case KNEE -> Math.abs(summary.sustainedRate() - rate()) <= tolerance * rate() ? Optional.empty()
                    : Optional.of(found + String.format(Locale.ROOT, "the knee, %s, is not within %.0f%% of %s",
                    summary.message(), tolerance * 100, answer));
            case CLIENT_LIMITED, START_ABOVE_CLIENT_LIMIT -> Optional.of(found + "the client was the limit, so this"
                    + " machine cannot check " + answer + ": " + summary.message() + ". Run it where the load client"
                    + " has a CPU to spare (a faster machine, or one with less other work on it), or with the client"
                    + " on another host: -Dloomarena.serverHost=[user@]host -Dloomarena.clientHosts=[user@]host"
                    + " (docs/remote.md)");
            case CEILING -> Optional.of(found + "no knee below the search's ceiling (" + summary.message() + "), so it"
                    + " cannot confirm " + answer + ": the search's ceiling must lie above the answer, and the server"
                    + " must have that many " + held);
            case KNEE_COARSE -> Optional.of(found + "the time bound ended the bisection before its resolution ("
                    + summary.message() + "), so it cannot confirm " + answer + ": give the search more time");
            default -> Optional.of(found + "the search found no sustained rate (" + summary.message() + "), so it"
                    + " cannot confirm " + answer);
        };
    }
}
