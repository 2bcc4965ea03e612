package io.loomarena.harness.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;

/** The known answer's check over searches of fake steps: what a reader is told when a summary does not confirm it. */
class CapacityKnownAnswerTest {

    private static final LatencyObjective OBJECTIVE = LatencyObjective.parse("p99 <= 500 ms and no errors over a 10 s window");
    private static final SearchSettings SEARCH = SearchSettings.of(300, 2, 0.05, 1500, Duration.ofMinutes(10));
    /** The feature's: a pool of 100 threads each holding a request 80 ms, within 10%. */
    private static final CapacityKnownAnswer POOL_OF_100 = new CapacityKnownAnswer(100, 80, 0.1);

    /** The search of the pool of 100 over fake steps: p99 120 ms up to {@code knee} req/s, 900 ms above it. */
    private static CapacitySummary search(double knee, double clientCpu, double clientCpuFrom) {
        CapacityPlan plan = new CapacityPlan("/io?ms=80", 1000, false, HttpServerSetup.parse("pool"),
                ClientModel.VIRTUAL, OBJECTIVE, SEARCH);
        CapacitySearch.StepMeasurer fake = (number, rate) -> CapacityStep.judge(number, rate, rate, (long) rate * 10,
                Map.of(), rate <= knee ? 120_000 : 900_000, 100_000, 950_000, new CapacityStep.Client(
                        rate >= clientCpuFrom ? clientCpu : 0.15, null, 1000), 0.3, OBJECTIVE, SEARCH);
        return CapacitySummary.of(plan, new CapacitySearch(SEARCH, fake, System::nanoTime).run(), Map.of("cpus", 2));
    }

    @Test
    void aKneeWithinTheToleranceConfirmsTheAnswer() {
        assertThat(POOL_OF_100.rate()).isEqualTo(1250);
        assertThat(POOL_OF_100.problem(search(1250, 0.15, Double.MAX_VALUE))).isEmpty();
    }

    @Test
    void aClientThatWasTheLimitSaysThisMachineCannotCheckTheAnswerAndWhatToUseInstead() {
        // the client at 75% of its CPU from 1200 req/s, as on a machine slower than this one
        CapacitySummary clientBound = search(1250, 0.75, 1200);

        assertThat(clientBound.finding()).isEqualTo(Finding.CLIENT_LIMITED);
        assertThat(POOL_OF_100.problem(clientBound)).contains("POOL_SERVER+VIRTUAL_CLIENT+IO_MS_80: the client was the"
                + " limit, so this machine cannot check the known answer of 1250 req/s (100 threads each holding a"
                + " request 80 ms): at least 600 req/s (client-limited at 1200 req/s: the client had no CPU to spare"
                + " (at least 70%): p99 120.00 ms, 0 errors, achieved 1200 of 1200 req/s, send lag unknown, client"
                + " CPU 75%). Run it where the load client has a CPU to spare (a faster machine, or one with less other"
                + " work on it), or with the client on another host: -Dloomarena.serverHost=[user@]host"
                + " -Dloomarena.clientHosts=[user@]host (docs/remote.md)");
    }

    @Test
    void aKneeFarFromTheAnswerANoKneeAndABadInputEachSayWhy() {
        assertThat(POOL_OF_100.problem(search(700, 0.15, Double.MAX_VALUE))).get().asString()
                .startsWith("POOL_SERVER+VIRTUAL_CLIENT+IO_MS_80: the knee, ")
                .endsWith(", is not within 10% of the known answer of 1250 req/s (100 threads each holding a request"
                        + " 80 ms)");
        assertThat(POOL_OF_100.problem(search(5000, 0.15, Double.MAX_VALUE))).get().asString()
                .contains("no knee below the search's ceiling (at least 1500 req/s");
        assertThat(POOL_OF_100.problem(search(100, 0.15, Double.MAX_VALUE))).get().asString()
                .contains("the search found no sustained rate (the start rate 300 req/s already breaks the objective");
        assertThat(POOL_OF_100.problem(search(1250, 0.75, 0))).get().asString()
                .contains("the client was the limit, so this machine cannot check");
    }

    @Test
    void aKnownAnswerOutsideItsRangeIsRefused() {
        assertThatThrownBy(() -> new CapacityKnownAnswer(0, 80, 0.1)).hasMessageContaining("threads >= 1");
    }
}
