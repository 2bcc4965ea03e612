package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;

/** The poller-mode echo's checks and line on made-up outcomes. */
class PollerModeEchoTest {

    private static final JavaRuntime JDK = new JavaRuntime(Path.of("/jdk/bin/java"), "25.0.3", 25, "Temurin", "vm");
    private static final PollerModeEcho ECHO = new PollerModeEcho(200, 20, 64, 2);

    private static PollerModeEcho.Result result(PollerModeEcho echo, Map<String, String> figures) {
        return new PollerModeEcho.Result(echo, new PitfallRun.Outcome(JDK, List.of(), figures,
                new JfrEvidence(Map.of(), Map.of()), Path.of("x.jfr")));
    }

    private static Map<String, String> ran(long echoed) {
        return Map.of("knowsPollerModes", "true", "sentBytes", "256000", "echoedBytes", String.valueOf(echoed),
                "elapsedNanos", "400000000", "p99Nanos", "80000000", "maxNanos", "100000000",
                "peakPlatformThreads", "13");
    }

    @Test
    void everyByteBackIsTheVerdictAndTheFiguresArePrinted() {
        PollerModeEcho.Result result = result(ECHO, ran(256_000));
        assertThat(result.departures()).isEmpty();
        assertThat(result.throughput()).isEqualTo(10_000.0);
        assertThat(result.line()).endsWith("pollerMode=2, 200 connections x 20 round trips of 64 bytes: 0.400 s,"
                + " 10000 round trips/s, p99 80.00 ms, max 100.00 ms; echoed 256000 of 256000 bytes;"
                + " peak platform threads 13");
    }

    @Test
    void bytesThatDidNotComeBackAreNamed() {
        assertThat(result(ECHO, ran(255_936)).departures()).containsExactly("echoed 255936 of 256000 bytes equal");
    }

    @Test
    void aRefusalThatNamesTheModeIsReportedNotFailed() {
        PollerModeEcho mode3 = new PollerModeEcho(200, 20, 64, 3);
        PollerModeEcho.Result result = result(mode3, Map.of("knowsPollerModes", "true",
                "refused", "RuntimeException:_Can't_parse_'3'_as_polling_mode"));
        assertThat(result.departures()).isEmpty();
        assertThat(result.line()).endsWith("refused by the JDK (RuntimeException: Can't parse '3' as polling mode)");
        assertThat(result(ECHO, Map.of("refused", "RuntimeException:_no")).departures())
                .containsExactly("the JDK refused pollerMode 2 without naming it: RuntimeException: no");
    }

    @Test
    void aJdkWithoutModesIsSaidToIgnoreTheSetting() {
        Map<String, String> figures = new java.util.HashMap<>(ran(256_000));
        figures.put("knowsPollerModes", "false");
        assertThat(result(ECHO, figures).line()).endsWith("; this JDK has no poller modes and ignores the setting");
    }

    @Test
    void nonsenseSettingsAreOneLine() {
        assertThatThrownBy(() -> new PollerModeEcho(0, 20, 64, 1)).isInstanceOf(HarnessException.class)
                .hasMessage("poller-mode echo needs connections, round trips, payload and mode >= 1, got 0, 20, 64, 1");
    }
}
