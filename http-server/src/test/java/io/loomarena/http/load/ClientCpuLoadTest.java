package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The client's CPU load over an iteration: its CPU time per wall time and processor, or unknown. */
class ClientCpuLoadTest {

    @Test
    void cpuTimeOverWallTimeAndProcessors() {
        int processors = Runtime.getRuntime().availableProcessors();
        assertThat(LoadIterations.cpuLoad(1_000_000_000L, 1_500_000_000L, 1_000_000_000L))
                .isEqualTo(0.5 / processors);
    }

    @Test
    void unknownWhenTheJvmCannotSayOrNothingWasTimed() {
        assertThat(LoadIterations.cpuLoad(-1, -1, 1_000_000_000L)).isNull();
        assertThat(LoadIterations.cpuLoad(10, 5, 1_000_000_000L)).isNull();
        assertThat(LoadIterations.cpuLoad(0, 5, 0)).isNull();
    }
}
