package io.loomarena.harness.gate;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.summary.SummaryStore;
import io.loomarena.harness.summary.Workloads;

/** The echo gate's preconditions and baseline, on fixture summaries (4,000 operations per run, no JVM forked). */
class EchoGateTest {

    /** The workload the fixtures measured: 20 clients x 200 messages = 4,000 messages per run. */
    private static final EchoBenchmarks.Workload MEASURED = EchoBenchmarks.Workload.of(20, 200, 32);

    @TempDir
    Path results;

    private SummaryStore storeWith(int combinations) {
        SummaryStore store = new SummaryStore(results);
        EchoBenchmarks.combinations().stream().limit(combinations).forEach(name -> {
            String[] labels = name.split("\\+");
            store.write(summary("echo", "msg", labels[0], labels[1], MEASURED.parameters(), 100, 110, 120));
        });
        return store;
    }

    @Test
    void noSummaryIsNothingToDo() {
        assertThatThrownBy(() -> EchoGate.of(new SummaryStore(results), MEASURED)).isInstanceOf(NothingToDo.class)
                .hasMessageContaining("[PERF] echo: no summaries in " + results.resolve("echo"));
    }

    @Test
    void aMissingCombinationFailsNamingItEveryTime() {
        SummaryStore store = storeWith(EchoBenchmarks.combinations().size() - 1);

        for (int attempt = 1; attempt <= 2; attempt++) {
            // Same folder, same answer: what a run already tried is SuiteLedger's concern, not the gate's.
            assertThatThrownBy(() -> EchoGate.of(store, MEASURED)).isInstanceOf(RankingException.class)
                    .hasMessageContaining("missing summaries for " + EchoBenchmarks.combinations().getLast() + " in")
                    .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
        }
    }

    @Test
    void summariesOfAnotherWorkloadSkipTheGateWithOneLine() {
        SummaryStore store = storeWith(EchoBenchmarks.combinations().size());

        assertThat(EchoGate.of(store, MEASURED).expectedOperations()).isEqualTo(4_000);
        assertThatThrownBy(() -> EchoGate.of(store, EchoBenchmarks.Workload.of(1000, 1000, 32)))
                .isInstanceOf(NothingToDo.class).hasMessageStartingWith("[PERF][GATE] SKIP this gate is for ")
                .hasMessageContaining("clients=1000").hasMessageContaining("the summaries measured another workload");
    }

    @Test
    void aParameterThatIsTextWhereTheGateWantsANumberIsAnotherWorkload() {
        // Compared as text, {size=32} and {size="32"} look alike; they are not the same workload.
        Map<String, Object> textSize = new LinkedHashMap<>(MEASURED.parameters());
        textSize.put("size", "32");
        SummaryStore store = new SummaryStore(results);
        EchoBenchmarks.combinations().forEach(name -> {
            String[] labels = name.split("\\+");
            store.write(summary("echo", "msg", labels[0], labels[1], textSize, 100, 110, 120));
        });

        assertThatThrownBy(() -> EchoGate.of(store, MEASURED)).isInstanceOf(NothingToDo.class)
                .hasMessageContaining("the summaries measured another workload");
    }

    @Test
    void numbersOfAnyTypeWithTheSameValueAreTheSameWorkload() {
        Map<String, Object> longs = new LinkedHashMap<>();
        MEASURED.parameters().forEach((key, value) -> longs.put(key, value instanceof Integer i ? (Object) (long) i
                : value));

        assertThat(Workloads.same(longs, MEASURED.parameters())).isTrue();
        assertThat(Workloads.same(Map.of("size", 32.0), Map.of("size", 32))).isTrue();
        assertThat(Workloads.same(Map.of("size", "32"), Map.of("size", 32))).isFalse();
        assertThat(Workloads.same(Map.of("size", 32), Map.of("size", 32, "clients", 1))).isFalse();
    }

    @Test
    void theBaselineMustBeCommittedUnlessRefreshedFromCleanRuns() {
        EchoGate gate = EchoGate.of(storeWith(EchoBenchmarks.combinations().size()), MEASURED);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, UTF_8);

        assertThatThrownBy(() -> gate.baseline(results, false, out)).isInstanceOf(GateFailure.class)
                .hasMessageContaining("no committed baseline at " + Baseline.file(results, "echo"))
                .hasMessageContaining("-D" + EchoGate.REFRESH_PROPERTY + "=true");

        Baseline refreshed = gate.baseline(results, true, out);
        assertThat(refreshed.figures()).containsOnlyKeys(EchoBenchmarks.combinations());
        assertThat(printed.toString(UTF_8)).isEqualTo("[PERF][GATE] baseline refreshed: "
                + Baseline.file(results, "echo") + System.lineSeparator());
        assertThat(gate.baseline(results, false, out).figures()).isEqualTo(refreshed.figures());

        EchoGate unclean = new EchoGate(gate.rules(), 5_000);
        assertThatThrownBy(() -> unclean.baseline(results, true, out)).isInstanceOf(GateFailure.class)
                .hasMessageStartingWith("the baseline is only refreshed from clean runs; "
                        + EchoBenchmarks.combinations().size() + " FAIL");
    }
}
