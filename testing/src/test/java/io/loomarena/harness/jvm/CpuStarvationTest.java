package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;

/** The CPU-starvation check and line on made-up outcomes. */
class CpuStarvationTest {

    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/jdk/bin/java"), "21.0.8", 21, "Temurin", "vm");

    private static CpuStarvation.Result result(boolean virtual, int loops, long firstWaitMillis) {
        CpuStarvation pitfall = new CpuStarvation(loops, 200, 300, 1000, virtual, 1);
        Map<String, String> figures = Map.of("carriers", "1", "firstWaitNanos", String.valueOf(firstWaitMillis
                * 1_000_000), "sliceLeftNanos", "198000000", "p99WaitNanos", "196000000", "maxWaitNanos", "199000000");
        return new CpuStarvation.Result(pitfall, new PitfallRun.Outcome(JDK, List.of(), figures,
                new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr")));
    }

    @Test
    void aRequestThatWaitedForTheLoopIsTheVerdict() {
        CpuStarvation.Result result = result(true, 1, 199);
        assertThat(result.loopsHoldEveryCarrier()).isTrue();
        assertThat(result.departures()).isEmpty();
        assertThat(result.line()).endsWith("1 CPU-bound loops of 200 ms on virtual threads, parallelism 1, 300 short"
                + " requests one every 1000 us on virtual threads: first waited 199.0 ms (198.0 ms of a loop left),"
                + " p99 wait 196.00 ms, max 199.00 ms; the loops hold every carrier");
    }

    @Test
    void aRequestThatRanBeforeTheLoopEndedIsNamed() {
        assertThat(result(true, 1, 20).departures()).containsExactly("the first short request waited 20.0 ms, under"
                + " the 198.0 ms left of a CPU-bound loop holding the only carriers: something preempted it");
    }

    @Test
    void loopsOnPlatformThreadsOrFewerThanTheCarriersAreOnlyPrinted() {
        assertThat(result(false, 1, 20).loopsHoldEveryCarrier()).isFalse();
        assertThat(result(false, 1, 20).departures()).isEmpty();
        CpuStarvation.Result fewer = new CpuStarvation.Result(new CpuStarvation(1, 200, 300, 1000, true, 2),
                new PitfallRun.Outcome(JDK, List.of(),
                        Map.of("carriers", "2", "firstWaitNanos", "1", "sliceLeftNanos", "198000000"),
                        new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr")));
        assertThat(fewer.loopsHoldEveryCarrier()).isFalse();
        assertThat(fewer.departures()).isEmpty();
    }

    @Test
    void nonsenseSettingsAreOneLine() {
        assertThatThrownBy(() -> new CpuStarvation(1, 0, 300, 1000, true, 1)).isInstanceOf(HarnessException.class)
                .hasMessage("CPU starvation needs loops, spin time, requests, interval and parallelism >= 1, got 1,"
                        + " 0 ms, 300, 1000 us, 1");
    }
}
