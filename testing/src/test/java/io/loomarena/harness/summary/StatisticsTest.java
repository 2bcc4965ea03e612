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
        // mean 2, s = 1, t(0.975, 2) = 4.303: 2 ± 4.303 / √3 = 2 ± 2.4843
        ConfidenceInterval interval = StudentT.interval95(new double[] {1, 2, 3}).orElseThrow();

        assertThat(interval.level()).isEqualTo(0.95);
        assertThat(interval.low()).isCloseTo(-0.4843, within(1e-4));
        assertThat(interval.high()).isCloseTo(4.4843, within(1e-4));
        assertThat(interval.halfWidth()).isCloseTo(2.4843, within(1e-4));
    }

    @Test
    void noIntervalBelowThreeValues() {
        assertThat(StudentT.interval95(new double[] {1, 2})).isEmpty();
    }

    @Test
    void criticalValuesFollowTheTableAndShrinkTowardsTheNormal() {
        assertThat(StudentT.critical975(1)).isEqualTo(12.706);
        assertThat(StudentT.critical975(10)).isEqualTo(2.228);
        assertThat(StudentT.critical975(30)).isEqualTo(2.042);
        assertThat(StudentT.critical975(45)).isEqualTo(2.021);
        assertThat(StudentT.critical975(100_000)).isEqualTo(1.960);
    }

    @Test
    void intervalsOverlapWhenTheyShareAValue() {
        ConfidenceInterval a = new ConfidenceInterval(0.95, 1, 2);

        assertThat(a.overlaps(new ConfidenceInterval(0.95, 2, 3))).isTrue();
        assertThat(a.overlaps(new ConfidenceInterval(0.95, 2.1, 3))).isFalse();
    }
}
