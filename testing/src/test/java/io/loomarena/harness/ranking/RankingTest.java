package io.loomarena.harness.ranking;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static io.loomarena.harness.summary.SummaryFixtures.workload;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

class RankingTest {

    private static final List<String> EXPECTED = List.of("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT",
            "C_SERVER+X_CLIENT");

    private static List<BenchmarkSummary> three() {
        return List.of(summary("s", "req", "A_SERVER", "X_CLIENT", workload(20), 300, 300, 300),
                summary("s", "req", "B_SERVER", "X_CLIENT", workload(20), 100, 110, 120),
                summary("s", "req", "C_SERVER", "X_CLIENT", workload(20), 200, 200, 200));
    }

    @Test
    void sortsFastestFirstByAverageElapsedAndComputesDeltas() {
        Ranking ranking = Ranking.of("s", three(), EXPECTED, "test");

        assertThat(ranking.entries()).extracting(RankedCombination::combination)
                .containsExactly("B_SERVER+X_CLIENT", "C_SERVER+X_CLIENT", "A_SERVER+X_CLIENT");
        assertThat(ranking.entries()).extracting(RankedCombination::rank).containsExactly(1, 2, 3);
        assertThat(ranking.unit()).isEqualTo("req");
        assertThat(ranking.fastest().deltaNanos()).isZero();
        assertThat(ranking.entries().get(1).deltaNanos()).isEqualTo(90_000_000);
        assertThat(ranking.entries().get(2).deltaPercent()).isCloseTo(172.727, within(1e-3));
        assertThat(ranking.totalMeasuredNanos()).isEqualTo(1_830_000_000L);
    }

    @Test
    void refusesWhenACombinationIsMissing() {
        assertThatThrownBy(() -> Ranking.of("s", three().subList(0, 2), EXPECTED, "/results/s"))
                .isInstanceOf(RankingException.class)
                .hasMessage("cannot rank suite 's': missing summaries for C_SERVER+X_CLIENT in /results/s"
                        + " (run their @Performance scenarios first, with the same workload)");
    }

    @Test
    void refusesWhenThereIsNoSummaryAtAll() {
        assertThatThrownBy(() -> Ranking.of("s", List.of(), EXPECTED, "/results/s"))
                .hasMessageContaining("cannot rank suite 's': no summaries in /results/s");
    }

    @Test
    void refusesWhenWorkloadsDiffer() {
        List<BenchmarkSummary> summaries = List.of(three().get(0), three().get(1),
                summary("s", "req", "C_SERVER", "X_CLIENT", workload(1000), 200, 200, 200));

        assertThatThrownBy(() -> Ranking.of("s", summaries, EXPECTED, "test"))
                .isInstanceOf(RankingException.class)
                .hasMessage("cannot rank suite 's': the summaries differ in workload:"
                        + " {clients=1000, messages=200, size=32} for C_SERVER+X_CLIENT;"
                        + " {clients=20, messages=200, size=32} for A_SERVER+X_CLIENT, B_SERVER+X_CLIENT"
                        + " (rerun the combinations with one workload)");
    }

    @Test
    void ranksWhatWasPersistedThroughTheStore(@TempDir Path results) {
        SummaryStore store = new SummaryStore(results);
        three().forEach(store::write);

        SuiteRanking suiteRanking = SuiteRanking.rank(store, new FixedSuite("s", EXPECTED));

        assertThat(suiteRanking.finalLines()).hasSize(3).first().asString()
                .startsWith("[PERF][FINAL] 1) B_SERVER+X_CLIENT average: 0.110 s, throughput=36363.64 req/s");
        assertThat(suiteRanking.files()).containsExactly(results.resolve("s/ranking.md"),
                results.resolve("s/ranking.csv"));
        assertThat(results.resolve("s/ranking.csv")).content().startsWith("rank,combination,unit,");
    }

    /** A suite of one group that must hold {@code expected}. */
    record FixedSuite(String folder, List<String> expected) implements BenchmarkSuite {

        @Override
        public List<String> expectedCombinations(Map<String, Object> groupWorkload) {
            return expected;
        }
    }
}
