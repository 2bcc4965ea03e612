package io.loomarena.harness.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * The search for the highest rate a combination sustains under a {@link LatencyObjective}, as the careful public
 * comparisons run wrk2: a constant arrival rate per step, each step a fresh server; the rate grows geometrically from
 * the start while the objective holds, then the last kept and the first broken rate are bisected until they differ by
 * at most the resolution. A client-limited step stops the search with "at least the last kept rate" rather than a
 * false knee. Plain Java over a {@link StepMeasurer}, so the rule is tested without JVMs. Used by one thread.
 */
public final class CapacitySearch {

    /** Measures one step: the rate offered, the step's number. */
    @FunctionalInterface
    public interface StepMeasurer {
        /**
         * @throws RuntimeException when the step could not be measured (the search stops, keeping the steps before)
         */
        CapacityStep measure(int number, double rate);
    }

    private final SearchSettings settings;
    private final StepMeasurer measurer;
    private final LongSupplier nanoClock;
    private final List<CapacityStep> steps = new ArrayList<>();

    public CapacitySearch(SearchSettings settings, StepMeasurer measurer, LongSupplier nanoClock) {
        this.settings = settings;
        this.measurer = measurer;
        this.nanoClock = nanoClock;
    }

    /** Runs the search to its end (bounded by the settings' time bound, checked before each step). Call once. */
    public CapacityOutcome run() {
        long deadline = nanoClock.getAsLong() + settings.timeBound().toNanos();
        double kept = 0;
        double broken = Double.POSITIVE_INFINITY;
        double rate = settings.startRate();
        while (true) {
            boolean bracketed = broken != Double.POSITIVE_INFINITY;
            if (nanoClock.getAsLong() - deadline >= 0) {
                return bracketed
                        ? end(Finding.KNEE_COARSE, kept, broken, String.format(Locale.ROOT, "the time bound (%s)"
                        + " passed before the resolution: the knee lies in [%.0f, %.0f) req/s",
                        settings.timeBound(), kept, broken))
                        : end(Finding.NO_KNEE_IN_TIME, kept, broken, String.format(Locale.ROOT, "no knee within the"
                        + " time bound (%s): every step up to %.0f req/s kept the objective", settings.timeBound(),
                        kept));
            }
            CapacityStep step;
            try {
                step = measurer.measure(steps.size() + 1, rate);
            } catch (RuntimeException e) {
                return end(Finding.STEP_FAILED, kept, broken, String.format(Locale.ROOT,
                        "the step at %.0f req/s could not be measured: %s", rate, e.getMessage()));
            }
            steps.add(step);
            switch (step.verdict()) {
                case CLIENT_LIMITED -> {
                    return steps.size() == 1
                            ? end(Finding.START_ABOVE_CLIENT_LIMIT, 0, Double.POSITIVE_INFINITY, String.format(
                            Locale.ROOT, "the start rate %.0f req/s is above the client's measured limit (%s)", rate,
                            step.why()))
                            : end(Finding.CLIENT_LIMITED, kept, Double.POSITIVE_INFINITY, String.format(Locale.ROOT,
                            "at least %.0f req/s (client-limited at %.0f req/s: %s)", kept, rate, step.why()));
                }
                case BROKEN -> {
                    if (kept == 0) {
                        return end(Finding.START_BREAKS_OBJECTIVE, 0, Double.POSITIVE_INFINITY, String.format(
                                Locale.ROOT, "the start rate %.0f req/s already breaks the objective, so no kept"
                                + " rate brackets the knee (start lower): %s", rate, step.why()));
                    }
                    broken = Math.min(broken, rate);
                }
                case KEPT -> kept = Math.max(kept, rate);
            }
            if (broken != Double.POSITIVE_INFINITY) {
                double middle = Math.rint((kept + broken) / 2);
                // Rates are whole requests per second: a bracket with no whole rate inside is as fine as it gets.
                if (broken <= kept * (1 + settings.resolution()) || middle <= kept || middle >= broken) {
                    return end(Finding.KNEE, kept, broken, String.format(Locale.ROOT,
                            "%.0f req/s: the objective held there and broke at %.0f req/s", kept, broken));
                }
                rate = middle;
            } else if (kept >= settings.ceiling()) {
                return end(Finding.CEILING, kept, Double.POSITIVE_INFINITY, String.format(Locale.ROOT,
                        "at least %.0f req/s: the objective still held at the search's ceiling", kept));
            } else {
                rate = Math.min(settings.ceiling(), Math.rint(kept * settings.growth()));
            }
        }
    }

    private CapacityOutcome end(Finding finding, double low, double high, String message) {
        return new CapacityOutcome(finding, low, high, message, steps);
    }
}
