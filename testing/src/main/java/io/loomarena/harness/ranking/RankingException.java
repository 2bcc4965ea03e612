package io.loomarena.harness.ranking;

/** The summaries of a suite cannot be ranked together: some are missing or they measured different workloads. */
public class RankingException extends RuntimeException {

    public RankingException(String message) {
        super(message);
    }
}
