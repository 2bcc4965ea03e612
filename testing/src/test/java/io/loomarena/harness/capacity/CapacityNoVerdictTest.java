package io.loomarena.harness.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;


/**
 * A capacity ranking with nothing to judge the servers on (no step measured, client-limited everywhere) ends with one
 * NO VERDICT line after its lines, never an exception; on fake steps.
 */
class CapacityNoVerdictTest {

    private static final LatencyObjective OBJECTIVE = LatencyObjective.parse("p99 <= 300 ms and no errors over a 3 s window");
    private static final SearchSettings SEARCH = SearchSettings.of(20, 2, 0.1, 320, Duration.ofMinutes(3));
    private static final String FIGURE = "[PERF][CAPACITY] NO VERDICT /io?ms=100 under \"p99 <= 300 ms and no errors"
            + " over a 3 s window\": sustained rate: ";

    @TempDir
    Path results;

    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    @Test
    void noStepMeasuredAnywhereGivesOneNoVerdictLine() {
        CapacitySearch.StepMeasurer dies = (number, rate) -> {
            throw new IllegalStateException("the server JVM died");
        };
        search("pool --pool-size 4", dies);
        search("virtual", dies);

        List<String> lines = CapacityRanking.rankAndWrite(results, out());

        assertThat(lines).hasSize(4);
        assertThat(lines.get(1)).isEqualTo("[PERF][CAPACITY] not ranked: POOL_4_SERVER+VIRTUAL_CLIENT+IO_MS_100: the"
                + " step at 20 req/s could not be measured: the server JVM died (0 steps kept)");
        assertThat(lines.get(3)).isEqualTo(FIGURE + "no search of the 2 found one (each stopped on the line above: no"
                + " step kept, or a start rate the client or the objective could not take), so nothing is ranked;"
                + " search again from a start rate the client can drive and the objective keeps, with a longer time"
                + " bound, on a quieter runner (docs/capacity.md) (a failure only with -Dloomarena.noVerdict=fail)");
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains(lines.get(3));
        assertThat(results.resolve("http-capacity/capacity.md")).content().contains("No verdict: /io?ms=100 under");
    }

    @Test
    void clientLimitedEverywhereGivesOneNoVerdictLineAfterTheRanking() {
        search("pool --pool-size 4", clientLimitedAbove(40));
        search("virtual", clientLimitedAbove(80));

        List<String> lines = CapacityRanking.rankAndWrite(results, out());

        assertThat(lines).hasSize(4);
        assertThat(lines.get(1)).startsWith("[PERF][CAPACITY] 1) VIRTUAL_SERVER+VIRTUAL_CLIENT+IO_MS_100 sustained:"
                + " >= 80 req/s (client-limited)");
        assertThat(lines.get(3)).isEqualTo(FIGURE + "every search that kept a rate (2 of 2) was client-limited: the"
                + " client ran out of CPU or connections before any server broke the objective, so the order says"
                + " nothing about the servers; this machine cannot search this workload: use a cheaper workload for"
                + " the client (a longer request time, fewer requests per connection) or a client on another host"
                + " (docs/capacity.md) (a failure only with -Dloomarena.noVerdict=fail)");
    }

    @Test
    void aKneeFoundAnywhereLeavesNoSuchLine() {
        search("pool --pool-size 4", clientLimitedAbove(40));
        search("virtual", (number, rate) -> step(number, rate, rate <= 80 ? 120_000 : 900_000, 0.2));

        assertThat(CapacityRanking.rankAndWrite(results, out())).noneMatch(l -> l.startsWith(CapacityNoVerdict.PREFIX));
    }

    private void search(String server, CapacitySearch.StepMeasurer measurer) {
        CapacityPlan plan = new CapacityPlan("/io?ms=100", 200, false, HttpServerSetup.parse(server),
                ClientModel.VIRTUAL, OBJECTIVE, SEARCH);
        CapacitySummary.of(plan, new CapacitySearch(SEARCH, measurer, System::nanoTime).run(), Map.of("cpus", 2))
                .write(results);
    }

    /** A server that keeps the objective at every rate, driven by a client whose CPU runs out above {@code limit}. */
    private static CapacitySearch.StepMeasurer clientLimitedAbove(double limit) {
        return (number, rate) -> step(number, rate, 120_000, rate <= limit ? 0.2 : 0.99);
    }

    private static CapacityStep step(int number, double rate, double p99Micros, double clientCpu) {
        return CapacityStep.judge(number, rate, rate, (long) rate * 3, Map.of(), p99Micros, 100_000, 950_000,
                new CapacityStep.Client(clientCpu, null, 200), 0.1, OBJECTIVE, SEARCH);
    }

    private PrintStream out() {
        return new PrintStream(printed, true, StandardCharsets.UTF_8);
    }
}
