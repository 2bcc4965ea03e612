package io.loomarena.harness.echo;

import static org.assertj.core.api.Assertions.assertThat;


import org.junit.jupiter.api.Test;

import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;
import io.loomarena.harness.BenchmarkPlan;

class EchoBenchmarksTest {

    @Test
    void theMatrixHasEveryThreadedServerAgainstEveryClientAndTheSingleServerAndTheEventLoopsAgainstTheVirtualOne() {
        assertThat(EchoBenchmarks.combinations()).containsExactly(
                "SINGLE_SERVER+VIRTUAL_CLIENT", "PLATFORM_SERVER+PLATFORM_CLIENT", "PLATFORM_SERVER+VIRTUAL_CLIENT",
                "POOL_SERVER+PLATFORM_CLIENT", "POOL_SERVER+VIRTUAL_CLIENT", "VIRTUAL_SERVER+PLATFORM_CLIENT",
                "VIRTUAL_SERVER+VIRTUAL_CLIENT", "EVENT_LOOP_SERVER+VIRTUAL_CLIENT", "NETTY_SERVER+VIRTUAL_CLIENT");
    }

    @Test
    void everyCombinationRunsTheSameClientCommandShape() {
        EchoBenchmarks.Workload workload = EchoBenchmarks.Workload.of(20, 200, 32);
        BenchmarkPlan plan = EchoBenchmarks.plan(ServerModel.POOL, ClientModel.VIRTUAL,
                workload);

        assertThat(plan.combination()).isEqualTo("POOL_SERVER+VIRTUAL_CLIENT");
        assertThat(plan.expectedOperations()).isEqualTo(4_000);
        assertThat(plan.server().args()).containsExactly("server", "--model", "pool", "--host", "127.0.0.1",
                "--port", "0", "--pool-size", "100");
        assertThat(plan.client().forRun("127.0.0.1", 7007, "/tmp/r.json", BenchmarkPlan.ClientShare.ALL).args())
                .containsSubsequence("client", "--model", "virtual", "--port", "7007", "--clients", "20",
                        "--messages", "200", "--size", "32", "--json", "/tmp/r.json");
        assertThat(plan.workload()).containsEntry("clients", 20).containsEntry("messages", 200)
                .containsEntry("size", 32);
    }

    @Test
    void onlyThePoolModelIsGivenAPoolSizeTheServersDefault() {
        assertThat(EchoLaunch.server(ServerModel.VIRTUAL).args()).containsExactly("server", "--model", "virtual",
                "--host", "127.0.0.1", "--port", "0");
        assertThat(EchoLaunch.server(ServerModel.POOL).args()).containsSequence("--pool-size", "100");
        assertThat(EchoLaunch.server(ServerModel.EVENT_LOOP).args()).doesNotContain("--pool-size", "--loops");
    }

    @Test
    void aRankingNeedsEveryCombinationButTheSingleServersWhichItRanksWhenItRan() {
        assertThat(EchoSuite.ECHO.expectedCombinations(java.util.Map.of()))
                .isEqualTo(EchoBenchmarks.combinations().subList(1, EchoBenchmarks.combinations().size()));
        assertThat(EchoSuite.ECHO.optionalCombinations(java.util.Map.of()))
                .containsExactly("SINGLE_SERVER+VIRTUAL_CLIENT");
    }
}
