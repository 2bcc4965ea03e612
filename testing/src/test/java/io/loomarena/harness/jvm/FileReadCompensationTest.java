package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;

/** The verdict's checks on made-up outcomes: a run that contradicts its JDK's verdict is named, not passed. */
class FileReadCompensationTest {

    private static final FileReadCompensation PITFALL = new FileReadCompensation(50, "stream", 1);

    private static JavaRuntime jdk(int feature) {
        return new JavaRuntime(Path.of("/jdk" + feature + "/bin/java"), feature + ".0.1", feature, "Temurin", "vm");
    }

    private static FileReadCompensation.Result result(int feature, int before, int peak, int blocked, long starts) {
        JfrEvidence evidence = new JfrEvidence(Map.of(FileReadCompensation.THREAD_START_EVENT, starts),
                Map.of(FileReadCompensation.THREAD_START_EVENT, Duration.ZERO));
        return new FileReadCompensation.Result(PITFALL, new PitfallRun.Outcome(jdk(feature), List.of(),
                Map.of("platformThreadsBefore", String.valueOf(before), "peakPlatformThreads", String.valueOf(peak),
                        "readersBlockedAtOnce", String.valueOf(blocked), "bytesRead", "50"), evidence,
                Path.of("x.jfr")));
    }

    @Test
    void jdk21CompensatesAndJdk25DoesNotAsMeasured() {
        assertThat(result(21, 10, 61, 50, 53).departures()).isEmpty();
        assertThat(result(25, 9, 11, 1, 3).departures()).isEmpty();
        assertThat(result(21, 10, 61, 50, 53).line()).contains("+51").contains("verdict: compensates");
    }

    @Test
    void aJdk21RunWithoutCompensationIsNamed() {
        assertThat(result(21, 9, 11, 1, 3).departures()).containsExactly(
                "1 readers blocked at once, expected all 50",
                "2 platform threads added, expected one per blocked reader (50)",
                "3 jdk.ThreadStart events, expected at least 50");
    }

    @Test
    void aJdk25RunThatCompensatesIsNamed() {
        assertThat(result(25, 10, 61, 50, 53).departures()).containsExactly(
                "50 readers blocked at once, expected at most parallelism (1)",
                "51 platform threads added, expected no compensation (at most parallelism + 4)");
    }

    @Test
    void jdksWithoutARecordedVerdictAreRefused() {
        assertThatThrownBy(() -> FileReadCompensation.compensatesOn(jdk(23))).isInstanceOf(HarnessException.class)
                .hasMessageStartingWith("the file-read pitfall has verdicts for JDK 21 and 25 or later only");
        assertThatThrownBy(() -> new FileReadCompensation(50, "mmap", 1)).isInstanceOf(HarnessException.class);
    }
}
