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

    private static PitfallRun.Outcome run(double seconds, int inFlight) {
        return new PitfallRun.Outcome(JDK, List.of(), Map.of("elapsedNanos", String.valueOf((long) (seconds * 1e9)),
                "peakPlatformThreads", "108", "peakInFlight", String.valueOf(inFlight)),
                new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr"));
    }

    @Test
    void theCeilingIsThePoolOverTheTimeARequestHoldsAThread() {
        assertThat(PITFALL.poolCeiling()).isCloseTo(3333.3, offset(0.1));
        assertThat(FanoutCeiling.SEED_POOL_SIZE).isEqualTo(100);
    }

    @Test
    void aPoolUnderItsCeilingAndVirtualThreadsPastItIsTheVerdict() {
        FanoutCeiling.Result result = new FanoutCeiling.Result(PITFALL, run(0.641, 100), run(0.112, 2000));
        assertThat(result.departures()).isEmpty();
        assertThat(result.line()).contains("at most 100 requests in flight", "at most 2000 requests in flight");
    }

    @Test
    void virtualThreadsSlowedByABusyMachineStillGoPastThePoolByTheirRequestsInFlight() {
        // 0.9 s is under the pool's ceiling in requests per second: the machine's speed, printed, not judged.
        assertThat(new FanoutCeiling.Result(PITFALL, run(0.641, 100), run(0.9, 2000)).departures()).isEmpty();
    }

    @Test
    void aPoolOverItsCeilingOrItsSizeOrVirtualThreadsNotPastItAreNamed() {
        assertThat(new FanoutCeiling.Result(PITFALL, run(0.3, 101), run(0.9, 100)).departures()).containsExactly(
                "the pool served 6667 requests/s, over its ceiling of 3333/s",
                "the pool held 101 requests in flight at once, more than its 100 threads",
                "virtual threads held at most 100 requests in flight at once, not past the pool's 100");
    }
}
