package io.loomarena.harness.history;

/** Which way a series' metric is better: what makes a change point a regression or an improvement. */
public enum Direction {
    HIGHER_IS_BETTER,
    LOWER_IS_BETTER;

    /** The direction of a metric defined with {@code lowerIsBetter} ({@code harness/summary/Metric}). */
    public static Direction of(boolean lowerIsBetter) {
        return lowerIsBetter ? LOWER_IS_BETTER : HIGHER_IS_BETTER;
    }

    /** Whether a relative change (new/old - 1) makes the metric worse. */
    public boolean isRegression(double relativeChange) {
        return this == HIGHER_IS_BETTER ? relativeChange < 0 : relativeChange > 0;
    }
}
