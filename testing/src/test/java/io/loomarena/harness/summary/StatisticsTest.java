package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class StatisticsTest {

    @Test
    void meanMedianAndSampleStandardDeviation() {
        double[] values = {4, 1, 3, 2};

        assertThat(Descriptive.mean(values)).isEqualTo(2.5);
        assertThat(Descriptive.median(values)).isEqualTo(2.5);
        assertThat(Descriptive.median(new double[] {5, 1, 3})).isEqualTo(3);
        assertThat(Descriptive.sampleStdDev(values)).isCloseTo(1.2910, within(1e-4));
        assertThat(Descriptive.sampleStdDev(new double[] {7})).isZero();
    }

    @Test
    void studentT95IntervalOfThreeValues() {
        // mean 2, s = 1, t(0.975, 2) = 4.30265: 2 ± 4.30265 / √3 = 2 ± 2.48414
        ConfidenceInterval interval = MeanInterval.of95(new double[] {1, 2, 3}).orElseThrow();

        assertThat(interval.level()).isEqualTo(0.95);
        assertThat(interval.low()).isCloseTo(-0.48414, within(1e-5));
        assertThat(interval.high()).isCloseTo(4.48414, within(1e-5));
        assertThat(interval.halfWidth()).isCloseTo(2.48414, within(1e-5));
    }

    @Test
    void noIntervalBelowThreeValues() {
        assertThat(MeanInterval.of95(new double[] {1, 2})).isEmpty();
    }

    @Test
    void criticalValuesComeFromTheStudentTDistribution() {
        // The printed tables round to three decimals.
        assertThat(MeanInterval.critical(1)).isCloseTo(12.706, within(5e-4));
        assertThat(MeanInterval.critical(2)).isCloseTo(4.303, within(5e-4));
        assertThat(MeanInterval.critical(10)).isCloseTo(2.228, within(5e-4));
        assertThat(MeanInterval.critical(30)).isCloseTo(2.042, within(5e-4));
        assertThat(MeanInterval.critical(100_000)).isCloseTo(1.960, within(5e-4));
    }

    @Test
    void intervalsOverlapWhenTheyShareAValue() {
        ConfidenceInterval a = new ConfidenceInterval(0.95, 1, 2);

        assertThat(a.overlaps(new ConfidenceInterval(0.95, 2, 3))).isTrue();
        assertThat(a.overlaps(new ConfidenceInterval(0.95, 2.1, 3))).isFalse();
    }

    @Test
    void forksThatAgreeKeepStudentsIntervalOverEveryValue() {
        ConfidenceInterval t = MeanInterval.of95(new double[] {1, 2, 3, 1, 2, 3}).orElseThrow();

        assertThat(MeanInterval.of95(List.of(new double[] {1, 2, 3}, new double[] {1, 2, 3})).orElseThrow())
                .isEqualTo(t);
        assertThat(MeanInterval.of95(List.of(new double[] {1, 2, 3}))).contains(MeanInterval.of95(
                new double[] {1, 2, 3}).orElseThrow());
        assertThat(MeanInterval.of95(List.of(new double[] {1}, new double[] {2}))).isEmpty();
    }

    @Test
    void aPlantedForkShiftWidensTheIntervalBeyondOneOverIterations() {
        // Six JVMs at five levels, iterations identical inside each: as 30 independent values, t says ±2.45;
        // the forks are six values, and the interval of their mean is about twice as wide.
        List<double[]> forks = List.of(fork(90, 5), fork(95, 5), fork(100, 5), fork(105, 5), fork(110, 5),
                fork(100, 5));
        double[] all = forks.stream().flatMapToDouble(Arrays::stream).toArray();
        ConfidenceInterval t = MeanInterval.of95(all).orElseThrow();
        ConfidenceInterval acrossForks = MeanInterval.of95(forks).orElseThrow();

        assertThat(t.halfWidth()).isCloseTo(2.4515, within(1e-4));
        assertThat(acrossForks.halfWidth()).isGreaterThan(1.8 * t.halfWidth());
        assertThat(acrossForks.low()).isLessThan(t.low());
        assertThat(acrossForks.high()).isGreaterThan(t.high());
        assertThat((acrossForks.low() + acrossForks.high()) / 2).isCloseTo(100, within(0.5));
    }

    @Test
    void theBootstrapOfARatioGivesTheSameIntervalForTheSameData() {
        List<List<Double>> a = List.of(List.of(100.0, 101.0, 99.0), List.of(130.0, 131.0, 129.0));
        List<List<Double>> b = List.of(List.of(110.0, 111.0, 109.0), List.of(112.0, 111.0, 113.0));

        RatioInterval ratio = RatioInterval.of(a, b, 0.95);

        assertThat(ratio).isEqualTo(RatioInterval.of(a, b, 0.95));
        assertThat(ratio.ratio()).isCloseTo(111.0 / 115.0, within(1e-12));
        // A's resampled means are about 100, 115 or 130: the ratio spans about 111/130 to 111/100.
        assertThat(ratio.lower()).isCloseTo(111.0 / 130.0, within(0.02));
        assertThat(ratio.upper()).isCloseTo(111.0 / 100.0, within(0.02));
        assertThat(ratio.excludesOne()).isFalse();
    }

    private static double[] fork(double level, int iterations) {
        double[] values = new double[iterations];
        Arrays.fill(values, level);
        return values;
    }
}
