package io.loomarena.harness.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ServerModel;

/** The HTTP pitfalls' checks and lines on made-up client results. */
class HttpPitfallsTest {

    private static final JavaRuntime JDK25 = new JavaRuntime(Path.of("/jdk/bin/java"), "25.0.3", 25, "Temurin", "vm");
    private static final String REFUSAL_STDERR = """
            Exception in thread "http-virtual-0" java.lang.ExceptionInInitializerError
            \tat java.base/sun.nio.ch.SelChImpl.park(SelChImpl.java:88)
            Caused by: java.lang.RuntimeException: Can't parse '3' as polling mode
            \tat java.base/sun.nio.ch.Poller$Pollers.<init>(Poller.java:321)
            """;

    /** A client result: {@code operations} answered, {@code failed} failed, latency p50/p99/max in microseconds. */
    private static RunResult client(long operations, long failed, long p50, long p99, long max) {
        return new RunResult("load", "virtual", Map.of(), 1, "2026-11-25T00:00:00Z", 500_000_000L, operations,
                operations * 2.0, failed == 0 ? Map.of() : Map.of("eof", failed),
                new LatencyStats(operations, p50, p50, p99, p99, p99, max, max), "");
    }

    @Test
    void aModeTheJdkRunsWithAnswersEveryPing() {
        PollerModePing ping = new PollerModePing(1000, 5000, 2);
        PollerModePing.Result ran = new PollerModePing.Result(ping, JDK25, null, client(5000, 0, 900, 240_000,
                250_000), 17);
        assertThat(ran.accepted()).isTrue();
        assertThat(ran.departures()).isEmpty();
        assertThat(ran.line()).endsWith("pollerMode=2, 5000 /ping requests over 1000 connections: 0.500 s,"
                + " 10000 requests/s, p99 240.00 ms, max 250.00 ms; answered 5000, failed 0; server's peak platform"
                + " threads 17");

        PollerModePing.Result lost = new PollerModePing.Result(ping, JDK25, null, client(4990, 10, 900, 240_000,
                250_000), 17);
        assertThat(lost.departures()).singleElement().asString().contains("answered 4990 of 5000");
    }

    @Test
    void aRefusedModeIsReadFromTheServersStderrAndMustNameTheMode() {
        assertThat(PollerModePing.refusal(REFUSAL_STDERR))
                .isEqualTo("Caused by: java.lang.RuntimeException: Can't parse '3' as polling mode");
        assertThat(PollerModePing.refusal("java.net.SocketException: reset")).isNull();

        PollerModePing.Result refused = new PollerModePing.Result(new PollerModePing(1000, 5000, 3), JDK25,
                PollerModePing.refusal(REFUSAL_STDERR), client(0, 5000, 0, 0, 0), 16);
        assertThat(refused.accepted()).isFalse();
        assertThat(refused.departures()).isEmpty();
        assertThat(refused.line()).contains("refused by the JDK, 5000 requests failed, 0 answered");

        PollerModePing.Result otherMode = new PollerModePing.Result(new PollerModePing(1000, 5000, 4), JDK25,
                PollerModePing.refusal(REFUSAL_STDERR), client(0, 5000, 0, 0, 0), 16);
        assertThat(otherMode.departures()).singleElement().asString().contains("without naming it");
    }

    private static HttpCpuStarvation starvation(ServerModel model, int parallelism) {
        return new HttpCpuStarvation(model, parallelism, 2, 200_000_000L, 100, Duration.ofSeconds(2));
    }

    @Test
    void heldCarriersMakePingWaitAtLeastHalfACpuRequest() {
        HttpCpuStarvation held = starvation(ServerModel.VIRTUAL, 2);
        assertThat(held.holdsEveryCarrier()).isTrue();
        RunResult cpu = client(6, 0, 1_300_000, 1_400_000, 1_500_000);
        assertThat(new HttpCpuStarvation.Result(held, JDK25, client(200, 0, 600_000, 1_200_000, 1_300_000), cpu,
                true).departures()).isEmpty();
        RunResult starved = new RunResult("load", "virtual", Map.of(), 1, "2026-11-25T00:00:00Z", 500_000_000L, 31,
                62.0, Map.of("unsent", 169L), new LatencyStats(31, 2_000_000, 2_000_000, 4_000_000, 4_000_000,
                4_900_000, 4_900_000, 4_900_000), "");
        HttpCpuStarvation.Result unsent = new HttpCpuStarvation.Result(held, JDK25, starved, cpu, true);
        assertThat(unsent.departures()).isEmpty();
        assertThat(unsent.line()).contains("31 answered, 169 never sent; /cpu holds every carrier");
        assertThat(new HttpCpuStarvation.Result(starvation(ServerModel.POOL, 2), JDK25, starved, cpu, true)
                .departures()).anySatisfy(line -> assertThat(line).contains("failed requests"));
        assertThat(new HttpCpuStarvation.Result(held, JDK25, client(200, 0, 1_000, 5_000, 9_000), cpu, true)
                .departures()).singleElement().asString().contains("something gave /ping a turn");
        assertThat(new HttpCpuStarvation.Result(held, JDK25, client(200, 0, 600_000, 1_200_000, 1_300_000), cpu,
                false).departures()).singleElement().asString().contains("ended before the /ping window");
    }

    @Test
    void aPoolOrMoreCarriersGivePingATurn() {
        RunResult cpu = client(6, 0, 2_000_000, 2_100_000, 2_200_000);
        for (HttpCpuStarvation fix : new HttpCpuStarvation[] {starvation(ServerModel.POOL, 2),
                starvation(ServerModel.VIRTUAL, 8)}) {
            assertThat(fix.holdsEveryCarrier()).isFalse();
            assertThat(new HttpCpuStarvation.Result(fix, JDK25, client(200, 0, 2_000, 150_000, 180_000), cpu, true)
                    .departures()).isEmpty();
            assertThat(new HttpCpuStarvation.Result(fix, JDK25, client(200, 0, 900_000, 1_800_000, 1_900_000), cpu,
                    true).departures()).singleElement().asString().contains("did not get a turn");
            assertThat(new HttpCpuStarvation.Result(fix, JDK25, client(190, 10, 2_000, 150_000, 180_000), cpu, true)
                    .departures()).singleElement().asString().contains("failed requests");
        }
    }

    @Test
    void badSettingsAreRefusedInOneLine() {
        assertThatThrownBy(() -> new PollerModePing(1000, 10, 1)).isInstanceOf(HarnessException.class)
                .hasMessageContaining("requests >= connections");
        assertThatThrownBy(() -> starvation(ServerModel.PLATFORM, 2)).isInstanceOf(HarnessException.class)
                .hasMessageContaining("virtual and pool");
    }
}
