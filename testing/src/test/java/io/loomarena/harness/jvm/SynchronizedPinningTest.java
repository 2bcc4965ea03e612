package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.fork.JavaRuntime;

/** The verdict's checks on made-up outcomes: a run that contradicts its JDK's verdict is named, not passed. */
class SynchronizedPinningTest {

    private static final JavaRuntime JDK21 = new JavaRuntime(Path.of("/jdk21/bin/java"), "21.0.8", 21, "Temurin",
            "vm");
    private static final JavaRuntime JDK25 = new JavaRuntime(Path.of("/jdk25/bin/java"), "25.0.3", 25, "Temurin",
            "vm");
    private static final SynchronizedPinning PITFALL = new SynchronizedPinning(200, 5, 1);

    private static SynchronizedPinning.Result result(JavaRuntime jdk, Duration elapsed, long pinnedEvents) {
        return result(jdk, elapsed, pinnedEvents, SynchronizedPinning.pinsOn(jdk) ? 1 : PITFALL.sessions());
    }

    private static SynchronizedPinning.Result result(JavaRuntime jdk, Duration elapsed, long pinnedEvents,
                                                     int blockedAtOnce) {
        JfrEvidence evidence = new JfrEvidence(Map.of(SynchronizedPinning.PINNED_EVENT, pinnedEvents),
                Map.of(SynchronizedPinning.PINNED_EVENT, Duration.ofMillis(5 * pinnedEvents)));
        return new SynchronizedPinning.Result(PITFALL, new PitfallRun.Outcome(jdk, List.of(),
                Map.of("elapsedNanos", String.valueOf(elapsed.toNanos()), "peakPlatformThreads", "10",
                        "peakBlockedAtOnce", String.valueOf(blockedAtOnce)), evidence, Path.of("x.jfr")));
    }

    @Test
    void thePinnedTimeIsSessionsTimesBlockOverParallelism() {
        assertThat(PITFALL.pinnedTime()).isEqualTo(Duration.ofSeconds(1));
        assertThat(new SynchronizedPinning(200, 5, 4).pinnedTime()).isEqualTo(Duration.ofMillis(250));
        assertThat(SynchronizedPinning.pinsOn(JDK21)).isTrue();
        assertThat(SynchronizedPinning.pinsOn(JDK25)).isFalse();
    }

    @Test
    void jdk21AsExpectedHasNoDeparture() {
        SynchronizedPinning.Result pinned = result(JDK21, Duration.ofMillis(1080), 200);
        assertThat(pinned.departures()).isEmpty();
        assertThat(pinned.throughput()).isCloseTo(185.2, org.assertj.core.data.Offset.offset(0.1));
        assertThat(pinned.line()).contains("jdk.VirtualThreadPinned events=200", "at most 1 blocked at once",
                "verdict: pins");
    }

    @Test
    void jdk21WithoutPinnedEventsOrFasterThanTheBoundIsNamed() {
        assertThat(result(JDK21, Duration.ofMillis(1080), 0).departures())
                .containsExactly("0 jdk.VirtualThreadPinned events, expected one per session (200)");
        assertThat(result(JDK21, Duration.ofMillis(30), 200).departures()).singleElement().asString()
                .startsWith("finished in 0.030 s, faster than pinned carriers allow");
    }

    @Test
    void jdk25WithPinnedEventsOrNoMoreSessionsBlockedAtOnceThanCarriersIsNamed() {
        assertThat(result(JDK25, Duration.ofMillis(27), 0).departures()).isEmpty();
        assertThat(result(JDK25, Duration.ofMillis(27), 3).departures())
                .containsExactly("3 jdk.VirtualThreadPinned events, expected none");
        assertThat(result(JDK25, Duration.ofMillis(1000), 0, 1).departures())
                .containsExactly("at most 1 sessions blocked at once, no more than the 1 carriers: as if pinned");
    }

    @Test
    void jdk25UnpinnedButSlowOnABusyMachineHasNoDeparture() {
        // How fast the sessions finish depends on the machine: a busy one may take most of the pinned time.
        assertThat(result(JDK25, Duration.ofMillis(900), 0, 200).departures()).isEmpty();
    }
}
