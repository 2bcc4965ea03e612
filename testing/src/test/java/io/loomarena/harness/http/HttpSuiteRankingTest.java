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
import io.loomarena.model.ClientModel;
import io.loomarena.model.PoolSize;
import io.loomarena.model.ServerModel;

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
    private static BenchmarkSummary sweep(HttpServerSetup server, int connections, boolean keepAlive, long requests,
                                          long ms) {
        Map<String, Object> workload = level(connections, keepAlive, requests);
        return summary("http-sweep", "req", server.label(), "VIRTUAL_CLIENT+" + HttpSuite.SWEEP.variant(workload),
                workload, ms, ms + 10, ms + 20);
    }

    private void writeLevel(SummaryStore store, int connections, boolean keepAlive, long requests) {
        long ms = 100;
        for (HttpSuite.Entry entry : HttpSuite.SWEEP.combinations()) {
            store.write(sweep(entry.server(), connections, keepAlive, requests, ms += 10));
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
        assertThat(ranking.console().lines().filter(l -> l.startsWith("| # | server |"))).hasSize(3);
        assertThat(results.resolve("http-sweep/ranking.csv")).content().startsWith("group,rank,combination")
                .contains("\"http-sweep [connections=200, keepAlive=true]\",1,SINGLE_SERVER+VIRTUAL_CLIENT+C200_KEEP_ALIVE");
        assertThat(results.resolve("http-sweep/ranking.md")).content().contains("## http-sweep [connections=50");
    }

    @Test
    void aLevelWithAMissingStageIsRefusedByNameEveryTime() {
        SummaryStore store = new SummaryStore(results);
        writeLevel(store, 50, true, 2000);
        store.delete("http-sweep", "VIRTUAL_SERVER_CACHED+VIRTUAL_CLIENT+C50_KEEP_ALIVE");

        assertThatThrownBy(() -> SuiteRanking.rank(store, HttpSuite.SWEEP)).isInstanceOf(RankingException.class)
                .hasMessageContaining("missing summaries for VIRTUAL_SERVER_CACHED+VIRTUAL_CLIENT+C50_KEEP_ALIVE")
                .satisfies(e -> assertThat(e.getStackTrace()).isEmpty());
        // SuiteRanking keeps no memory of earlier attempts (it is immutable): a second ranking fails the same way.
        assertThatThrownBy(() -> SuiteRanking.rank(store, HttpSuite.SWEEP)).isInstanceOf(RankingException.class)
                .hasMessageContaining("missing summaries for VIRTUAL_SERVER_CACHED+VIRTUAL_CLIENT+C50_KEEP_ALIVE");
    }

    @Test
    void aLevelOfAnotherWorkloadIsRefusedByName(@TempDir Path otherResults) {
        SummaryStore store = new SummaryStore(otherResults);
        writeLevel(store, 50, true, 2000);
        store.write(sweep(HttpServerSetup.of(ServerModel.VIRTUAL), 50, true, 9999, 100));

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
        // Every model the HTTP server implements with its defaults, virtual with cached content, and (ping) the pool
        // at 2 x CPUs and the Netty reference, which no other suite measures.
        int servers = HttpServerSetup.everyModel().size() + 1;
        assertThat(HttpSuite.PING.expectedCombinations(Map.of())).hasSize(2 * (servers + 2))
                .contains("POOL_SERVER+PLATFORM_CLIENT", "POOL_2XCPU_SERVER+VIRTUAL_CLIENT",
                        "VIRTUAL_SERVER_CACHED+PLATFORM_CLIENT", "NETTY_SERVER+PLATFORM_CLIENT",
                        "NETTY_SERVER+VIRTUAL_CLIENT");
        assertThat(HttpSuite.DATA.expectedCombinations(Map.of())).doesNotContain("NETTY_SERVER+VIRTUAL_CLIENT");
        assertThat(HttpSuite.DATA.expectedCombinations(Map.of())).hasSize(servers).contains("SINGLE_SERVER+VIRTUAL_CLIENT",
                "PLATFORM_SERVER+VIRTUAL_CLIENT", "POOL_SERVER+VIRTUAL_CLIENT", "VIRTUAL_SERVER+VIRTUAL_CLIENT",
                "VIRTUAL_SERVER_CACHED+VIRTUAL_CLIENT");
        assertThat(HttpSuite.FANOUT.expectedCombinations(Map.of("path", "/fanout?calls=3&ms=10")))
                .containsExactly("VIRTUAL_SERVER+VIRTUAL_CLIENT+FANOUT", "POOL_4_SERVER+VIRTUAL_CLIENT+FANOUT",
                        "POOL_SERVER+VIRTUAL_CLIENT+FANOUT", "EVENT_LOOP_SERVER+VIRTUAL_CLIENT+FANOUT");
        assertThat(HttpSuite.CPU.variant(Map.of("connections", 50))).isEqualTo("C50");
        assertThat(HttpServerSetup.parse("pool --pool-size 4").toString()).isEqualTo("pool --pool-size 4");
        assertThat(HttpServerSetup.parse("pool").toString()).isEqualTo("pool --pool-size 100");
        assertThat(HttpServerSetup.parse("virtual --cache-content").label()).isEqualTo("VIRTUAL_SERVER_CACHED");
        assertThatThrownBy(() -> HttpServerSetup.parse("turbo"))
                .hasMessageContaining("allowed: " + ServerModel.allowed());
        assertThatThrownBy(() -> HttpServerSetup.parse("virtual --pool-size 4"))
                .hasMessageContaining("'--pool-size' in 'virtual --pool-size 4' is not an option of virtual");
        assertThatThrownBy(() -> HttpServerSetup.parse("pool --pool-size"))
                .hasMessageContaining("'pool --pool-size' ends without the value of --pool-size");
    }

    @Test
    void aSuiteRefusesACombinationOutsideItsListNamingTheOnesItMeasures() {
        HttpWorkload workload = HttpWorkload.closed("/ping", 10, 100, true);
        assertThat(HttpSuite.PING.plan("pool --pool-size 2xcpu", "virtual", workload).combination())
                .isEqualTo("POOL_2XCPU_SERVER+VIRTUAL_CLIENT");
        assertThatThrownBy(() -> HttpSuite.DATA.plan("pool --pool-size 4", "virtual", workload))
                .hasMessageStartingWith("the HTTP data suite does not measure pool --pool-size 4 against the virtual"
                        + " client; it measures: [single against the virtual client,");
    }

    @Test
    void aFanoutPlanForksItsDownstreamAndTheClientSendsTheSameCommandToEveryStage() {
        HttpWorkload workload = HttpWorkload.closed("/fanout?calls=3&ms=10", 100, 200, false);
        var plan = HttpBenchmarks.plan(HttpSuite.FANOUT,
                new HttpSuite.Entry(HttpServerSetup.pool(PoolSize.fixed(4)), ClientModel.VIRTUAL), workload);
        var other = HttpBenchmarks.plan(HttpSuite.FANOUT,
                new HttpSuite.Entry(HttpServerSetup.of(ServerModel.VIRTUAL), ClientModel.VIRTUAL), workload);

        assertThat(plan.combination()).isEqualTo("POOL_4_SERVER+VIRTUAL_CLIENT+FANOUT");
        assertThat(plan.downstream().launch().args()).containsSequence("--model", "virtual");
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
    void theConditionalSuiteRevalidatesDataJsonOnEveryModelAndSaysSoInItsSummary() {
        HttpWorkload workload = HttpWorkload.closed("/data.json", 10, 200, true).revalidating();
        var plan = HttpSuite.CONDITIONAL.plan("virtual --cache-content", "virtual", workload);

        assertThat(HttpSuite.of("conditional")).isSameAs(HttpSuite.CONDITIONAL);
        assertThat(HttpSuite.CONDITIONAL.folder()).isEqualTo("http-conditional");
        assertThat(HttpSuite.CONDITIONAL.expectedCombinations(Map.of()))
                .hasSize(HttpServerSetup.everyModel().size() + 1).contains("VIRTUAL_SERVER_CACHED+VIRTUAL_CLIENT",
                        "EVENT_LOOP_SERVER+VIRTUAL_CLIENT").doesNotContain("NETTY_SERVER+VIRTUAL_CLIENT");
        assertThat(plan.client().forRun("127.0.0.1", 1, "r.json", BenchmarkPlan.ClientShare.ALL).args())
                .containsExactly("load", "--client", "virtual", "--url", "http://127.0.0.1:1/data.json",
                        "--connections", "10", "--requests", "200", "--conditional", "--timeout", "30s", "--json",
                        "r.json");
        assertThat(plan.workload()).containsEntry("conditional", true);
        assertThat(HttpSuite.PING.plan("virtual", "virtual", HttpWorkload.closed("/ping", 10, 1, true)).workload())
                .doesNotContainKey("conditional");
        assertThatThrownBy(() -> HttpWorkload.ramp("/data.json", 10, java.time.Duration.ofSeconds(1)).revalidating())
                .hasMessageContaining("none has an ETag to revalidate");
        assertThatThrownBy(() -> HttpSuite.of("revalidate"))
                .hasMessage("unknown HTTP suite 'revalidate'; allowed: ping, data, sweep, fanout, cpu, conditional");
    }

    @Test
    void aRampGivesItsClientTheRampsDurationOnTopOfItsTimeLimit() {
        HttpWorkload ramp = HttpWorkload.ramp("/data.json", 200, java.time.Duration.ofMillis(500));
        var plan = HttpSuite.DATA.plan("virtual --cache-content", "virtual", ramp);

        assertThat(plan.clientTimeByDesign()).isEqualTo(java.time.Duration.ofMillis(500));
        assertThat(plan.server().args()).containsExactly("serve", "--model", "virtual", "--host", "127.0.0.1",
                "--port", "0", "--cache-content");
        assertThat(HttpServerSetup.of(ServerModel.POOL).launch(List.of()).args()).containsSequence("--pool-size",
                String.valueOf(ServerModel.DEFAULT_POOL_SIZE));
        assertThat(HttpSuite.PING.plan("pool --pool-size 2xcpu", "platform", HttpWorkload.closed("/ping", 10, 1, true))
                .server().args()).containsSequence("--pool-size", "2xcpu");
        assertThat(HttpWorkload.onOrOff("on")).isTrue();
        assertThatThrownBy(() -> HttpWorkload.onOrOff("maybe")).hasMessageContaining("on or off");
    }
}
