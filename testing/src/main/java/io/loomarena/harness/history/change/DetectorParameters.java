package io.loomarena.harness.history.change;

/**
 * The change-point detector's parameters, validated here and documented in docs/history.md; {@link #STANDARD} is what
 * every part of the project uses. Immutable.
 *
 * @param maxPValue       a change point is kept when the two-sample t-test of the segments beside it gives a p-value
 *                        at most this (Apache Otava's default, 0.001)
 * @param firstPassPValue the looser p-value that ends the divisive search (Otava: ten times {@code maxPValue}); the
 *                        merge step then drops the "weak" change points above {@code maxPValue}, re-testing their
 *                        neighbours after each drop (Fleming et al., "Hunter", ICPE 2023)
 * @param minPoints       the fewest points a segment may have: a spike of one or two forks is never a segment
 * @param minRuns         the fewest runs a segment may span: one run is one state of the machine (a neighbour, its
 *                        temperature) that moves all its forks together, so one run alone is never a level
 * @param confirmRuns     a change point is tentative while fewer runs than this follow it
 * @param power           the exponent of the distances in the energy statistic, in (0, 2); Otava and Matteson and
 *                        James use 1, which lets a heavy tail count less than a squared distance would
 */
public record DetectorParameters(double maxPValue, double firstPassPValue, int minPoints, int minRuns,
                                 int confirmRuns, double power) {

    /**
     * Otava's p-values; segments of at least 4 points from at least 2 runs (a one-run disturbance or a single spike
     * is not a change; 4 points leave the t-test 3 degrees of freedom a side); tentative until 3 runs follow.
     */
    public static final DetectorParameters STANDARD = new DetectorParameters(0.001, 0.01, 4, 2, 3, 1.0);

    public DetectorParameters {
        if (!(maxPValue > 0 && maxPValue < 1)) {
            throw new IllegalArgumentException("maxPValue must be in (0, 1), got " + maxPValue);
        }
        if (!(firstPassPValue >= maxPValue && firstPassPValue < 1)) {
            throw new IllegalArgumentException("firstPassPValue must be in [maxPValue, 1), got " + firstPassPValue);
        }
        if (minPoints < 2) {
            throw new IllegalArgumentException("minPoints must be at least 2 (a variance per segment), got "
                    + minPoints);
        }
        if (minRuns < 1 || confirmRuns < 1) {
            throw new IllegalArgumentException("minRuns and confirmRuns must be at least 1, got " + minRuns + " and "
                    + confirmRuns);
        }
        if (!(power > 0 && power < 2)) {
            throw new IllegalArgumentException("power must be in (0, 2), got " + power);
        }
    }
}
