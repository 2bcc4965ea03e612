package io.loomarena.harness.http;

import static io.loomarena.harness.summary.SummaryFixtures.summary;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.ranking.RankingException;
import io.loomarena.harness.ranking.SuiteRanking;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;
import io.loomarena.http.load.ClientModel;
import io.loomarena.http.server.Stage;

/** Grouping, refusal and files of an HTTP suite's ranking, on fixture summaries (no JVM forked). */
class HttpSuiteRankingTest {

    @TempDir
    Path results;

    private static Map<String, Object> level(int connections, boolean keepAlive, long requests) {
        Map<String, Object> workload = new LinkedHashMap<>(HttpWorkload.closed("/files/index.html", connections,
                requests, keepAlive).toleratingErrors().parameters());
        return workload;
    }

    /** A sweep summary; the variant rides on the client label so that the fixture names the combination. */
    private static BenchmarkSummary sweep(Stage stage, int connections, boolean keepAlive, long requests, long ms) {
        Map<String, Object> workload = level(connections, keepAlive, requests);
        return summary("http-sweep", "req", stage.label(), "VIRTUAL_CLIENT+" + HttpSuite.SWEEP.variant(workload),
                workload, ms, ms + 10, ms + 20);
    }

    private void writeLevel(SummaryStore store, int connections, boolean keepAlive, long requests) {
        long ms = 100;
        for (Stage stage : Stage.values()) {
            store.write(sweep(stage, connections, keepAlive, requests, ms += 10));
        }
    }

    @Test
    void theSweepIsRankedPerLevelInNumericOrderWithOneTableEach() {
        SummaryStore store = new SummaryStore(results);
        writeLevel(store, 200, true, 2000);
        writeLevel(store, 50, false, 2000);
        writeLevel(store, 50, true, 2000);

        SuiteRanking ranking = SuiteRanking.rank(store, HttpSuite.SWEEP);

        assertThat(ranking.groups()).extracting(g -> g.suite()).containsExactly(
                "http-sweep [connections=50, keepAlive=false]", "http-sweep [connections=50, keepAlive=true]",
                "http-sweep [connections=200, keepAlive=true]");
        assertThat(ranking.console().lines().filter(l -> l.startsWith("| # | stage |"))).hasSize(3);
        assertThat(results.resolve("http-sweep/ranking.csv")).content().startsWith("group,rank,combination")
                .contains("\"http-sweep [connections=200, keepAlive=true]\",1,SINGLE_THREADED+VIRTUAL_CLIENT+C200_KEEP_ALIVE");
        assertThat(results.resolve("http-sweep/ranking.md")).content().contains("## http-sweep [connections=50");
    }

    @Test
    void aLevelWithAMissingStageIsRefusedByNameEveryTime() {
        SummaryStore store = new SummaryStore(results);
        writeLevel(store, 50, true, 2000);
        store.delete("http-sweep", "VIRTUAL_THREADS+VIRTUAL_CLIENT+C50_KEEP_ALIVE");

        assertThatThrownBy(() -> SuiteRanking.rank(store, HttpSuite.SWEEP)).isInstanceOf(RankingException.class)
                .hasMessageContaining("missing summaries for VIRTUAL_THREADS+VIRTUAL_CLIENT+C50_KEEP_ALIVE")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
        // SuiteRanking keeps no memory of earlier attempts (it is immutable): a second ranking fails the same way.
        assertThatThrownBy(() -> SuiteRanking.rank(store, HttpSuite.SWEEP)).isInstanceOf(RankingException.class)
                .hasMessageContaining("missing summaries for VIRTUAL_THREADS+VIRTUAL_CLIENT+C50_KEEP_ALIVE");
    }

    @Test
    void aLevelOfAnotherWorkloadIsRefusedByName(@TempDir Path otherResults) {
        SummaryStore store = new SummaryStore(otherResults);
        writeLevel(store, 50, true, 2000);
        store.write(sweep(Stage.VIRTUAL, 50, true, 9999, 100));

        assertThatThrownBy(() -> SuiteRanking.rank(store, HttpSuite.SWEEP)).isInstanceOf(RankingException.class)
                .hasMessageContaining("differ in workload").hasMessageContaining("requests=9999");
    }

    @Test
    void aSuiteWithNoSummaryIsNothingToDoSayingWhereItLooked() {
        assertThatThrownBy(() -> SuiteRanking.rank(new SummaryStore(results), HttpSuite.PING))
                .isInstanceOf(NothingToDo.class).hasMessage("[PERF] http-ping: no summaries in "
                        + results.resolve("http-ping") + ", nothing to rank (run the suite's @Performance scenarios"
                        + " first)");
    }

    @Test
    void theSuitesNameTheirCombinations() {
        int pool = 2 * Runtime.getRuntime().availableProcessors();
        assertThat(HttpSuite.PING.expectedCombinations(Map.of())).hasSize(12)
                .contains("THREAD_POOL+PLATFORM_CLIENT", "THREAD_POOL_" + pool + "+VIRTUAL_CLIENT");
        assertThat(HttpSuite.FANOUT.expectedCombinations(Map.of("path", "/fanout?calls=3&ms=10")))
                .containsExactly("VIRTUAL_THREADS+VIRTUAL_CLIENT+FANOUT", "THREAD_POOL_4+VIRTUAL_CLIENT+FANOUT",
                        "THREAD_POOL+VIRTUAL_CLIENT+FANOUT");
        assertThat(HttpSuite.CPU.variant(Map.of("connections", 50))).isEqualTo("C50");
        assertThat(HttpServerSetup.parse("thread-pool-4").model()).isEqualTo("thread-pool --pool-size 4");
        assertThatThrownBy(() -> HttpServerSetup.parse("turbo")).hasMessageContaining("allowed: single-threaded");
    }

    @Test
    void aFanoutPlanForksItsDownstreamAndTheClientSendsTheSameCommandToEveryStage() {
        HttpWorkload workload = HttpWorkload.closed("/fanout?calls=3&ms=10", 100, 200, false);
        var plan = HttpBenchmarks.plan(HttpSuite.FANOUT, HttpServerSetup.threadPool(4), ClientModel.VIRTUAL,
                workload);
        var other = HttpBenchmarks.plan(HttpSuite.FANOUT, HttpServerSetup.of(Stage.VIRTUAL), ClientModel.VIRTUAL,
                workload);

        assertThat(plan.combination()).isEqualTo("THREAD_POOL_4+VIRTUAL_CLIENT+FANOUT");
        assertThat(plan.downstream().launch().args()).containsSequence("--stage", "virtual");
        assertThat(plan.serverWithDownstream("127.0.0.1", 4242).args()).containsSequence("--pool-size", "4",
                "--downstream", "http://127.0.0.1:4242/io");
        assertThat(plan.client().forRun("127.0.0.1", 1, "r.json", BenchmarkPlan.ClientShare.ALL))
                .isEqualTo(other.client().forRun("127.0.0.1", 1, "r.json", BenchmarkPlan.ClientShare.ALL));
        assertThat(plan.client().forRun("127.0.0.1", 1, "r.json", BenchmarkPlan.ClientShare.ALL).args()).containsExactly("load",
                "--client", "virtual", "--url", "http://127.0.0.1:1/fanout?calls=3&ms=10", "--connections", "100",
                "--requests", "200", "--no-keep-alive", "--timeout", "30s", "--json", "r.json");
        assertThat(List.of(plan.workload().get("connections"), plan.workload().get("keepAlive")))
                .containsExactly(100, false);
        assertThat(plan.clientTimeByDesign()).isZero();
    }

    @Test
    void aRampGivesItsClientTheRampsDurationOnTopOfItsTimeLimit() {
        HttpWorkload ramp = HttpWorkload.ramp("/data.json", 200, java.time.Duration.ofMillis(500));
        var plan = HttpBenchmarks.plan(HttpSuite.DATA, HttpServerSetup.of(Stage.VIRTUAL), ClientModel.VIRTUAL, ramp);

        assertThat(plan.clientTimeByDesign()).isEqualTo(java.time.Duration.ofMillis(500));
        assertThat(plan.server().args()).containsExactly("serve", "--stage", "virtual", "--host", "127.0.0.1",
                "--port", "0");
        assertThat(HttpServerSetup.of(Stage.THREAD_POOL).launch(List.of()).args()).containsSequence("--pool-size",
                String.valueOf(io.loomarena.http.server.ServerConfig.DEFAULT_POOL_SIZE));
        assertThat(HttpWorkload.onOrOff("on")).isTrue();
        assertThatThrownBy(() -> HttpWorkload.onOrOff("maybe")).hasMessageContaining("on or off");
    }
}
