package io.loomarena.harness;

/**
 * A benchmark could not be run or measured: a child JVM failed, timed out or died. The message says which child,
 * what happened and ends with the tail of that child's stderr, so a failing scenario explains itself.
 */
public class HarnessException extends RuntimeException {

    public HarnessException(String message) {
        super(message);
    }

    public HarnessException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A failure whose message says all (a user's bad input): no stack trace is recorded, none is printed. */
    protected HarnessException(String message, boolean stackTrace) {
        super(message, null, false, stackTrace);
    }
}
