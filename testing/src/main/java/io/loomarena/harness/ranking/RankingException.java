package io.loomarena.harness.ranking;

/**
 * The summaries of a suite cannot be ranked together: some are missing or they measured different workloads. The
 * message names what is missing or differs and what to run; it carries no stack trace, because the user's fix is in
 * the results folder, not in the code.
 */
public class RankingException extends RuntimeException {

    public RankingException(String message) {
        super(message, null, false, false);
    }

    /** Just the message, without the class name. */
    @Override
    public String toString() {
        return getMessage();
    }
}
