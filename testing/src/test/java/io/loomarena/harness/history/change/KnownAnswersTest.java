package io.loomarena.harness.history.change;

import io.loomarena.harness.history.ChangePoint;
import io.loomarena.harness.history.ChangePointDetector;
import io.loomarena.harness.history.SeriesAnalysis;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loomarena.harness.history.change.SyntheticSeries.THROUGHPUT;
import static io.loomarena.harness.history.change.SyntheticSeries.oneForkPerCommit;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The detector's known answers (issue 40): series of 60 points, one per commit, 3% noise (standard deviation), seeds
 * 0 to 99. They judge the standard parameters' numbers on synthetic series, not any timing. Measured with them:
 * a 5% step found in 100 of 100 and placed within 2 points in 82 (within 1 in 67; the best estimator reaches about 87
 * and 76); a 10% step placed within 1 point in 96; none of the 100 noise series with a change point; no spike found.
 */
class KnownAnswersTest {

    private static final ChangePointDetector DETECTOR = EDivisiveDetector.standard();
    private static final int N = 60;
    private static final int AT = 30;
    private static final double NOISE = 0.03;

    @Test
    void aFivePercentStepIsFoundInAtLeast95Of100SeriesAndPlacedWithinTwoPointsInAtLeast80() {
        int found = 0;
        int withinTwo = 0;
        for (long seed = 0; seed < 100; seed++) {
            List<ChangePoint> changes = DETECTOR.analyse(THROUGHPUT, oneForkPerCommit(seed, N, NOISE, 0.05, AT))
                    .changePoints();
            found += changes.isEmpty() ? 0 : 1;
            withinTwo += changes.stream().anyMatch(c -> Math.abs(c.index() - AT) <= 2) ? 1 : 0;
        }
        assertThat(found).as("series with a change point").isGreaterThanOrEqualTo(95);
        assertThat(withinTwo).as("series with a change point within 2 points of 30").isGreaterThanOrEqualTo(80);
    }

    @Test
    void aTenPercentStepIsPlacedWithinOnePointInAtLeast95Of100Series() {
        int withinOne = 0;
        for (long seed = 0; seed < 100; seed++) {
            withinOne += DETECTOR.analyse(THROUGHPUT, oneForkPerCommit(seed, N, NOISE, 0.10, AT)).changePoints()
                    .stream().anyMatch(c -> Math.abs(c.index() - AT) <= 1) ? 1 : 0;
        }
        assertThat(withinOne).isGreaterThanOrEqualTo(95);
    }

    @Test
    void atMostFiveOf100PureNoiseSeriesHaveAnyChangePoint() {
        int withChange = 0;
        for (long seed = 1000; seed < 1100; seed++) {
            withChange += DETECTOR.analyse(THROUGHPUT, oneForkPerCommit(seed, N, NOISE, 0, AT)).changePoints()
                    .isEmpty() ? 0 : 1;
        }
        assertThat(withChange).isLessThanOrEqualTo(5);
    }

    @Test
    void aSingleSpikeIsNoChangePointWhereverItIs() {
        for (long seed = 2000; seed < 2100; seed++) {
            for (int at : new int[] {1, AT, N - 1}) {
                for (double factor : new double[] {1.5, 0.5}) {
                    SeriesAnalysis analysis = DETECTOR.analyse(THROUGHPUT,
                            SyntheticSeries.times(oneForkPerCommit(seed, N, NOISE, 0, AT), at, factor));
                    assertThat(analysis.changePoints()).as("seed %d, spike x%.1f at %d", seed, factor, at).isEmpty();
                }
            }
        }
    }

    @Test
    void theSameInputTwiceGivesTheSameAnswer() {
        for (long seed = 0; seed < 10; seed++) {
            var points = oneForkPerCommit(seed, N, NOISE, 0.05, AT);
            assertThat(DETECTOR.analyse(THROUGHPUT, points))
                    .isEqualTo(DETECTOR.analyse(THROUGHPUT, List.copyOf(points)));
            assertThat(EDivisiveDetector.standard().analyse(THROUGHPUT, points))
                    .isEqualTo(DETECTOR.analyse(THROUGHPUT, points));
        }
    }
}
