package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** When open-model requests and ramp users are due. */
class ScheduleTest {

    @Test
    void requestsAreEvenlySpacedOverAllConnections() {
        RateSchedule schedule = new RateSchedule(1000, 4); // one request per ms, 4 connections

        assertThat(schedule.dueNanos(0, 0)).isZero();
        assertThat(schedule.dueNanos(1, 0)).isEqualTo(1_000_000);
        assertThat(schedule.dueNanos(3, 0)).isEqualTo(3_000_000);
        assertThat(schedule.dueNanos(0, 1)).isEqualTo(4_000_000);
        assertThat(schedule.dueNanos(2, 5)).isEqualTo(22_000_000);
        assertThat(schedule.connectionIntervalNanos()).isEqualTo(4_000_000);
    }

    @Test
    void requestsDueBeforeAMomentAreCountedFromAnyIndex() {
        RateSchedule schedule = new RateSchedule(1000, 4); // connection 1 is due at 1, 5, 9, 13 ... ms

        assertThat(schedule.dueBefore(1, 0, 10_000_000)).isEqualTo(3); // 1, 5, 9
        assertThat(schedule.dueBefore(1, 2, 10_000_000)).isEqualTo(1); // 9
        assertThat(schedule.dueBefore(1, 3, 10_000_000)).isZero();
        assertThat(schedule.dueBefore(0, 0, 0)).isZero();
    }

    @Test
    void everyGlobalRequestNumberBelongsToExactlyOneConnection() {
        RateSchedule schedule = new RateSchedule(333.3, 7);
        List<Long> numbers = new ArrayList<>();
        long total = 0;
        for (int k = 0; k < 7; k++) {
            long count = schedule.requestsOf(k, 100);
            total += count;
            for (long j = 0; j < count; j++) {
                numbers.add(schedule.requestNumber(k, j));
            }
        }

        assertThat(total).isEqualTo(100);
        assertThat(numbers).containsExactlyInAnyOrderElementsOf(
                java.util.stream.LongStream.range(0, 100).boxed().toList());
    }

    @Test
    void fewerRequestsThanConnectionsLeavesSomeIdle() {
        RateSchedule schedule = new RateSchedule(10, 5);

        assertThat(schedule.requestsOf(0, 3)).isEqualTo(1);
        assertThat(schedule.requestsOf(2, 3)).isEqualTo(1);
        assertThat(schedule.requestsOf(3, 3)).isZero();
    }

    @Test
    void fractionalRatesKeepTheirAverage() {
        RateSchedule schedule = new RateSchedule(0.5, 1); // one request every two seconds

        assertThat(schedule.dueNanos(0, 3)).isEqualTo(6_000_000_000L);
    }

    @Test
    void badSchedulesAreRefused() {
        assertThatThrownBy(() -> new RateSchedule(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RateSchedule(Double.NaN, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RateSchedule(10, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RateSchedule(10, 2).dueNanos(2, 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void rampUsersStartEvenlyOverThePeriod() {
        Ramp ramp = new Ramp(10_000, Duration.ofSeconds(60));

        assertThat(ramp.dueNanos(0)).isZero();
        assertThat(ramp.dueNanos(1)).isEqualTo(6_000_000);
        assertThat(ramp.dueNanos(5_000)).isEqualTo(30_000_000_000L);
        assertThat(ramp.dueNanos(9_999)).isLessThan(60_000_000_000L);
        assertThat(ramp.label()).isEqualTo("10000/1m");
        assertThatThrownBy(() -> new Ramp(0, Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class);
    }
}
