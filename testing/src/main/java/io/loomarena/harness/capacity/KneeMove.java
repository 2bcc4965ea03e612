package io.loomarena.harness.capacity;

import java.util.Locale;
import java.util.Optional;

/**
 * The check that a larger pool moves a knee: the search with the larger pool must sustain at least {@code factor}
 * times the smaller pool's sustained rate, or stop at the machine's own ceiling (the client was the limit, or the
 * search's ceiling) above the rate where the smaller pool broke. A machine may not reach the larger pool's arithmetic
 * ceiling (100 connections x 20 ms = 5,000 req/s), so that ceiling is not asked for; a knee found below the factor is
 * a failure, since then the pool did not lift it. Stateless.
 *
 * @param factor how many times the smaller pool's sustained rate the larger one must reach, above 1
 */
public record KneeMove(double factor) {

    public KneeMove {
        if (!(factor > 1)) {
            throw new IllegalArgumentException("a knee moves up by a factor above 1, got " + factor);
        }
    }

    /** Why {@code larger} does not show the knee of {@code smaller} moved up, in one line; empty when it does. */
    public Optional<String> problem(CapacitySummary smaller, CapacitySummary larger) {
        String names = smaller.combination() + " -> " + larger.combination() + ": ";
        if (smaller.finding().badInput() || smaller.sustainedRate() <= 0) {
            return Optional.of(names + "the smaller pool's search found no sustained rate to move ("
                    + smaller.message() + ")");
        }
        if (larger.finding().badInput()) {
            return Optional.of(names + "the larger pool's search found no sustained rate (" + larger.message() + ")");
        }
        if (larger.sustainedRate() >= factor * smaller.sustainedRate()) {
            return Optional.empty();
        }
        double brokeAt = smaller.kneeBelow() == null ? smaller.sustainedRate() : smaller.kneeBelow();
        boolean machineCeiling = larger.finding() == Finding.CLIENT_LIMITED || larger.finding() == Finding.CEILING;
        if (machineCeiling && larger.sustainedRate() >= brokeAt) {
            return Optional.empty();
        }
        return Optional.of(names + String.format(Locale.ROOT, "the knee moved from %.0f to %.0f req/s (%.2fx), less"
                        + " than %.1fx, and the larger pool's search did not stop at the machine's ceiling above"
                        + " %.0f req/s: %s", smaller.sustainedRate(), larger.sustainedRate(),
                larger.sustainedRate() / smaller.sustainedRate(), factor, brokeAt, larger.message()));
    }

    /** How far it moved, for the build log: {@code 500 -> 2400 req/s (4.80x: moved)}. */
    public String line(CapacitySummary smaller, CapacitySummary larger) {
        boolean moved = problem(smaller, larger).isEmpty();
        boolean byFactor = larger.sustainedRate() >= factor * smaller.sustainedRate();
        return String.format(Locale.ROOT, "[CAPACITY] %s -> %s: %s -> %s (%.2fx; %s)", smaller.combination(),
                larger.combination(), smaller.sustained(), larger.sustained(),
                smaller.sustainedRate() > 0 ? larger.sustainedRate() / smaller.sustainedRate() : 0.0,
                !moved ? "not moved" : byFactor ? String.format(Locale.ROOT, "moved at least %.1fx", factor)
                        : "moved to the machine's own ceiling: " + larger.message());
    }
}
