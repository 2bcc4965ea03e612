package io.loomarena.harness;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a gate, a ranking or a capacity search does when it ends with nothing left to judge (every iteration set
 * aside, no fork measured, no step kept): it always prints one {@code NO VERDICT} line per figure saying why and what
 * to do; {@link #WARN} then lets the build go on, {@link #FAIL} fails it. Set with {@code -Dloomarena.noVerdict}
 * (docs/run-options.md); the default is {@link #DEFAULT}: a busy runner must not fail a build on what it could not
 * measure, as an INCONCLUSIVE does not.
 */
public enum NoVerdict {
    /** Print why, and go on. */
    WARN,
    /** Print why, and fail the build. */
    FAIL;

    /** The system property, read at the edge with every other ({@code RunProperty.NO_VERDICT}). */
    public static final String PROPERTY = "loomarena.noVerdict";
    /** Not a failure: a shared runner's neighbour is not the build's doing (docs/regression-gate.md). */
    public static final NoVerdict DEFAULT = WARN;

    /** The value as written on the command line: {@code warn} or {@code fail}. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The policy named {@code text} ({@code warn} or {@code fail}, any case). */
    public static NoVerdict of(String text) {
        return Arrays.stream(values()).filter(v -> v.value().equalsIgnoreCase(text.strip())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("-D" + PROPERTY + "=" + text + " is not allowed: "
                        + "warn or fail"));
    }

    /**
     * What every {@code NO VERDICT} line ends with, whatever the run's policy, so that one wording says it:
     * {@code a failure only with -Dloomarena.noVerdict=fail}.
     */
    public static final String NOTE = "a failure only with -D" + PROPERTY + "=fail";

    /**
     * Fails with one line when this policy fails the build and {@code count} figures had no verdict; else nothing.
     *
     * @param what what had no verdict, for the message, for example {@code the A/B gate: VIRTUAL_SERVER+...}
     * @throws Failure under {@link #FAIL} with a count above 0
     */
    public void settle(int count, String what) {
        if (this == FAIL && count > 0) {
            throw new Failure(what + " has no verdict (the NO VERDICT line" + (count == 1 ? "" : "s")
                    + " above say" + (count == 1 ? "s" : "") + " why), and -D" + PROPERTY + "=fail makes that a"
                    + " failure");
        }
    }

    /**
     * The build failed for a missing verdict. One short line: the {@code NO VERDICT} lines printed just before say
     * why, so it carries no stack trace.
     */
    public static final class Failure extends AssertionError {

        public Failure(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
