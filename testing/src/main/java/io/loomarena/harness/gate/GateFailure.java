package io.loomarena.harness.gate;

/**
 * A regression gate failed. The message is one short line: the verdict lines that explain it were printed once,
 * just before, so it carries no stack trace and does not repeat them.
 */
public final class GateFailure extends AssertionError {

    public GateFailure(String message) {
        super(message);
    }

    /** No stack trace: the verdict lines printed before say what failed, the code that found it does not matter. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** Just the message, without the class name. */
    @Override
    public String toString() {
        return getMessage();
    }
}
