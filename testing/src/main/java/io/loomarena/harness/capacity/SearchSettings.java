package io.loomarena.harness.capacity;

import java.time.Duration;

/**
 * How a capacity search steps its rate, and when it trusts a step: declared in the feature, validated here. Immutable.
 *
 * @param startRate      the first step's offered rate, req/s, 1..{@link #MAX_RATE}
 * @param growth         the factor between two steps while the objective holds (geometric growth), 1.1..10
 * @param resolution     bisection stops when the highest rate that kept the objective and the lowest that broke it
 *                       differ by at most this fraction of the first, 0.005..1 (0.05: 5%)
 * @param ceiling        the highest rate the search offers, req/s, at least {@code startRate}: a combination that
 *                       keeps the objective there is reported as at least that much (a quick run's bound)
 * @param rateTolerance  the shortfall of the achieved rate below the offered one that a step accepts, 0..0.5
 * @param clientCpuLimit the client's CPU load (a share of its processors) from which it had no CPU to spare, 0.1..1
 * @param sendLagTolerance the p99 of the client's own send lag a step accepts, as a share of the objective's latency,
 *                       0.05..1 (1: the whole latency the objective allows)
 * @param timeBound      how long the whole search of one combination may take before it stops, positive
 */
public record SearchSettings(double startRate, double growth, double resolution, double ceiling,
                             double rateTolerance, double clientCpuLimit, double sendLagTolerance,
                             Duration timeBound) {

    /** The load client's own bound on {@code --rate}. */
    public static final double MAX_RATE = 10_000_000;
    /** A step may fall 5% short of its rate: the last answers' wait and the first connections' setup fit in it. */
    public static final double DEFAULT_RATE_TOLERANCE = 0.05;
    /**
     * A client busy 70% of its CPU has none to spare: its own queueing would show as the server's latency. Not 100%:
     * on a shared machine a pinned client never gets its whole CPU (a client told to send a million requests a second
     * got 76% to 90% of its CPU here, with a load average of 8 to 12 on 2 CPUs), and a lower bound reported as
     * client-limited is safe where a false knee is not.
     */
    public static final double DEFAULT_CLIENT_CPU_LIMIT = 0.70;
    /**
     * A client whose own p99 send lag reaches the objective's whole latency broke the objective by itself, whatever
     * the server did. Not less: on a shared machine a parked client thread wakes tens of milliseconds late at times
     * (issue 25 suggests this bound), and a lower bound is a verdict the search cannot take back.
     */
    public static final double DEFAULT_SEND_LAG_TOLERANCE = 1.0;

    public SearchSettings {
        check(startRate >= 1 && startRate <= MAX_RATE, "start rate must be 1.." + (long) MAX_RATE + " req/s", startRate);
        check(growth >= 1.1 && growth <= 10, "growth must be 1.1..10", growth);
        check(resolution >= 0.005 && resolution <= 1, "resolution must be 0.5%..100%", resolution);
        check(ceiling >= startRate && ceiling <= MAX_RATE, "ceiling must be start rate.." + (long) MAX_RATE, ceiling);
        check(rateTolerance >= 0 && rateTolerance <= 0.5, "rate tolerance must be 0..50%", rateTolerance);
        check(clientCpuLimit >= 0.1 && clientCpuLimit <= 1, "client CPU limit must be 10%..100%", clientCpuLimit);
        check(sendLagTolerance >= 0.05 && sendLagTolerance <= 1, "send lag tolerance must be 5%..100% of the"
                + " objective's latency", sendLagTolerance);
        if (timeBound == null || timeBound.isNegative() || timeBound.isZero()) {
            throw new IllegalArgumentException("the search's time bound must be positive, got " + timeBound);
        }
    }

    /** Settings with the default tolerances and client CPU limit. */
    public static SearchSettings of(double startRate, double growth, double resolution, double ceiling,
                                    Duration timeBound) {
        return new SearchSettings(startRate, growth, resolution, ceiling, DEFAULT_RATE_TOLERANCE,
                DEFAULT_CLIENT_CPU_LIMIT, DEFAULT_SEND_LAG_TOLERANCE, timeBound);
    }

    private static void check(boolean ok, String rule, double value) {
        if (!ok || Double.isNaN(value)) {
            throw new IllegalArgumentException("capacity search: " + rule + ", got " + value);
        }
    }
}
