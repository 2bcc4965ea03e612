package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.fork.JavaRuntime;

/** The pool's ceiling and the verdict's checks on made-up outcomes. */
class FanoutCeilingTest {

    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/jdk/bin/java"), "25.0.3", 25, "Temurin", "vm");
    private static final FanoutCeiling PITFALL = new FanoutCeiling(2000, 3, 10, 100);

    private static PitfallRun.Outcome run(double seconds) {
        return new PitfallRun.Outcome(JDK, List.of(), Map.of("elapsedNanos", String.valueOf((long) (seconds * 1e9)),
                "peakPlatformThreads", "108"), new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr"));
    }

    @Test
    void theCeilingIsThePoolOverTheTimeARequestHoldsAThread() {
        assertThat(PITFALL.poolCeiling()).isCloseTo(3333.3, offset(0.1));
        assertThat(FanoutCeiling.SEED_POOL_SIZE).isEqualTo(100);
    }

    @Test
    void aPoolUnderItsCeilingAndVirtualThreadsPastItIsTheVerdict() {
        assertThat(new FanoutCeiling.Result(PITFALL, run(0.641), run(0.112)).departures()).isEmpty();
    }

    @Test
    void aPoolOverItsCeilingOrVirtualThreadsUnderItAreNamed() {
        assertThat(new FanoutCeiling.Result(PITFALL, run(0.3), run(0.9)).departures()).containsExactly(
                "the pool served 6667 requests/s, over its ceiling of 3333/s",
                "virtual threads served 2222 requests/s, not past the pool's ceiling of 3333/s");
    }
}
