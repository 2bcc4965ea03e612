package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyHistogramsTest {

    @Test
    void clampsIntoTheTrackableRange() {
        Histogram histogram = LatencyHistograms.newHistogram();
        LatencyHistograms.recordNanos(histogram, 10);
        LatencyHistograms.recordNanos(histogram, Long.MAX_VALUE / 2);

        assertThat(histogram.getMinValue()).isEqualTo(1);
        assertThat(histogram.getMaxValue()).isGreaterThanOrEqualTo(LatencyHistograms.HIGHEST_TRACKABLE_MICROS)
                .isLessThan(LatencyHistograms.HIGHEST_TRACKABLE_MICROS * 101 / 100);
    }

    @Test
    void expectedIntervalFillsInWhatADelayedScheduleHid() {
        Histogram histogram = LatencyHistograms.newHistogram();
        // One 100 ms stall on a 10 ms schedule hides the 9 requests that should have been sent meanwhile.
        LatencyHistograms.recordNanosWithExpectedInterval(histogram, 100_000_000L, 10_000_000L);

        assertThat(histogram.getTotalCount()).isEqualTo(10);
    }

    @Test
    void emptyHistogramGivesZeroes() {
        assertThat(LatencyStats.of(LatencyHistograms.newHistogram()))
                .isEqualTo(new LatencyStats(0, 0, 0, 0, 0, 0, 0, 0));
    }

    @Test
    void decodingGarbageIsAClearError() {
        assertThatThrownBy(() -> LatencyHistograms.decode("not base64!"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an encoded latency histogram");
    }
}
