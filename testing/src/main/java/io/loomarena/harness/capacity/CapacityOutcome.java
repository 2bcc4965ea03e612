package io.loomarena.harness.capacity;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a capacity search found: every step it ran, how it ended, and the sustained rate's interval. Immutable.
 *
 * @param finding how the search ended
 * @param low     the highest offered rate that kept the objective (the sustained rate), 0 when none did
 * @param high    the lowest offered rate above {@code low} that broke it (the knee lies in {@code [low, high)}), or
 *                {@link Double#POSITIVE_INFINITY} when none did (client-limited, ceiling, no knee in time)
 * @param message one line: the sustained rate and why, or which bad input stopped the search
 * @param steps   every step, in the order run
 */
public record CapacityOutcome(Finding finding, double low, double high, String message, List<CapacityStep> steps) {

    public CapacityOutcome {
        steps = List.copyOf(steps);
        if (low < 0 || high < low) {
            throw new IllegalArgumentException("the interval must be 0 <= low <= high, got [" + low + ", " + high + ")");
        }
    }

    /** The step at the sustained rate: the highest kept one. */
    public Optional<CapacityStep> sustainedStep() {
        return steps.stream().filter(s -> s.verdict() == CapacityStep.Verdict.KEPT)
                .max(Comparator.comparingDouble(CapacityStep::offeredRate));
    }

    /** {@code 400 req/s [400, 425)}, {@code >= 1600 req/s (ceiling)}, {@code none}: the sustained rate as ranked. */
    public String sustainedText() {
        if (finding.badInput() && low == 0) {
            return "none";
        }
        return switch (finding) {
            case KNEE, KNEE_COARSE -> String.format(Locale.ROOT, "%.0f req/s [%.0f, %.0f)", low, low, high);
            case CLIENT_LIMITED -> String.format(Locale.ROOT, ">= %.0f req/s (client-limited)", low);
            case CEILING -> String.format(Locale.ROOT, ">= %.0f req/s (search ceiling)", low);
            default -> String.format(Locale.ROOT, ">= %.0f req/s (%s)", low, finding.name().toLowerCase(Locale.ROOT));
        };
    }
}
