package io.loomarena.harness.history.change;

import io.loomarena.harness.history.SeriesPoint;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The incremental energy statistic against its definition (Matteson and James), computed the slow way. */
class EnergySearchTest {

    @Test
    void theBestSplitAndItsStatisticAreTheDefinitionsOnAnyStretch() {
        for (double power : new double[] {1.0, 0.5, 1.5}) {
            DetectorParameters parameters = new DetectorParameters(0.001, 0.01, 2, 1, 3, power);
            List<SeriesPoint> points = SyntheticSeries.oneForkPerCommit(11, 24, 0.05, -0.1, 13);
            PointLayout layout = new PointLayout(points, parameters);
            for (int[] stretch : new int[][] {{0, 24}, {3, 20}, {10, 24}}) {
                EnergySearch.Candidate fast = EnergySearch.best(layout, stretch[0], stretch[1]).orElseThrow();
                double[] slow = slowest(layout, stretch[0], stretch[1], power);
                assertThat(fast.index()).as("power %s, stretch %d..%d", power, stretch[0], stretch[1])
                        .isEqualTo((int) slow[0]);
                assertThat(fast.q()).isCloseTo(slow[1], within(1e-9 * Math.abs(slow[1])));
            }
        }
    }

    @Test
    void aStretchTooShortForTwoSegmentsHasNoSplit() {
        PointLayout layout = new PointLayout(SyntheticSeries.oneForkPerCommit(1, 7, 0.03, 0, 0),
                DetectorParameters.STANDARD);
        assertThat(EnergySearch.best(layout, 0, 7)).isEmpty();
    }

    /** {index, q} of the largest Q(tau, kappa) over from < tau < kappa <= to, both sides of 2 points or more. */
    private static double[] slowest(PointLayout layout, int from, int to, double power) {
        double[] best = {-1, Double.NEGATIVE_INFINITY};
        for (int tau = from + 2; tau <= to - 2; tau++) {
            for (int kappa = tau + 2; kappa <= to; kappa++) {
                double n = tau - from;
                double m = kappa - tau;
                double between = 0;
                double withinX = 0;
                double withinY = 0;
                for (int i = from; i < tau; i++) {
                    for (int j = tau; j < kappa; j++) {
                        between += Math.pow(Math.abs(layout.value(i) - layout.value(j)), power);
                    }
                    for (int k = i + 1; k < tau; k++) {
                        withinX += Math.pow(Math.abs(layout.value(i) - layout.value(k)), power);
                    }
                }
                for (int i = tau; i < kappa; i++) {
                    for (int k = i + 1; k < kappa; k++) {
                        withinY += Math.pow(Math.abs(layout.value(i) - layout.value(k)), power);
                    }
                }
                double energy = 2 * between / (n * m) - withinX / (n * (n - 1) / 2) - withinY / (m * (m - 1) / 2);
                double q = n * m / (n + m) * energy;
                if (q > best[1]) {
                    best[0] = tau;
                    best[1] = q;
                }
            }
        }
        return best;
    }
}
