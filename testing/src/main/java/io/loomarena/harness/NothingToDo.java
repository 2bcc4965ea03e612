package io.loomarena.harness;

/**
 * A summary step (a ranking, a gate) has nothing to work on, for a reason that is not a failure: no summaries yet, or
 * summaries of another workload. Its message is the one line the user reads; the glue reports the scenario skipped
 * with it. Carries no stack trace: where it was thrown says nothing the message does not.
 */
public final class NothingToDo extends RuntimeException {

    public NothingToDo(String line) {
        super(line, null, false, false);
    }

    /** Just the line, without the class name. */
    @Override
    public String toString() {
        return getMessage();
    }
}
