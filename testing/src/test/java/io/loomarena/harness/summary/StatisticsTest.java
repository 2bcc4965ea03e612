package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
}
