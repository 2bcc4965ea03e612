package io.loomarena.harness.capacity;

/**
 * How a capacity search ended: with a knee, with a lower bound, or on a bad input, which the search reports in one
 * line with the steps measured so far kept.
 */
public enum Finding {
    /** A rate that kept the objective and a higher one, within the resolution, that broke it: the knee. */
    KNEE(false),
    /** The client became the limit before the objective broke: the sustained rate is at least the last kept one. */
    CLIENT_LIMITED(false),
    /** The objective still held at the search's ceiling: the sustained rate is at least the ceiling. */
    CEILING(false),
    /** The time bound passed with a knee bracketed but not yet to the resolution: the bracket as it stands. */
    KNEE_COARSE(false),
    /** Bad input: the very first step was client-limited, so the start rate is above what the client can drive. */
    START_ABOVE_CLIENT_LIMIT(true),
    /** Bad input: the very first step broke the objective, so no kept rate brackets the knee from below. */
    START_BREAKS_OBJECTIVE(true),
    /** Bad input: the time bound passed before any broken step bracketed a knee. */
    NO_KNEE_IN_TIME(true),
    /** A step could not be measured (a server JVM died, a client failed): the search stopped there. */
    STEP_FAILED(true);

    private final boolean badInput;

    Finding(boolean badInput) {
        this.badInput = badInput;
    }

    /** Whether the search found no sustained rate to rank (the one-line cases of the feature's bad input). */
    public boolean badInput() {
        return badInput;
    }
}
