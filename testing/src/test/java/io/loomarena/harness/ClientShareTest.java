package io.loomarena.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.echo.EchoBenchmarks;
import io.loomarena.harness.http.HttpWorkload;

class ClientShareTest {

    @Test
    void sharesAddUpToTheWholeWorkTheFirstOnesTakingTheRemainder() {
        assertThat(new BenchmarkPlan.ClientShare(0, 3).of(100, "x")).isEqualTo(34);
        assertThat(new BenchmarkPlan.ClientShare(1, 3).of(100, "x")).isEqualTo(33);
        assertThat(new BenchmarkPlan.ClientShare(2, 3).of(100, "x")).isEqualTo(33);
        assertThat(BenchmarkPlan.ClientShare.ALL.of(7L, "x")).isEqualTo(7L);
    }

    @Test
    void workTooSmallToGiveEveryClientSomeIsRefused() {
        assertThatThrownBy(() -> new BenchmarkPlan.ClientShare(0, 3).of(2, "client sessions"))
                .hasMessage("cannot split 2 client sessions across 3 client hosts: each needs at least one");
        assertThatThrownBy(() -> new BenchmarkPlan.ClientShare(3, 3)).hasMessage("client 3 of 3 does not exist");
    }

    @Test
    void echoSplitsItsSessionsAndHttpItsConnectionsAndRequests() {
        EchoBenchmarks.Workload echo = EchoBenchmarks.Workload.of(100, 2_500, 32);
        assertThat(echo.share(new BenchmarkPlan.ClientShare(1, 2))).isEqualTo(EchoBenchmarks.Workload.of(50, 2_500,
                32));
        assertThat(echo.share(BenchmarkPlan.ClientShare.ALL)).isEqualTo(echo);
        HttpWorkload ping = HttpWorkload.closed("/ping", 10, 200_001, true);
        assertThat(ping.share(new BenchmarkPlan.ClientShare(0, 2))).isEqualTo(HttpWorkload.closed("/ping", 5,
                100_001, true));
        assertThat(ping.share(new BenchmarkPlan.ClientShare(1, 2))).isEqualTo(HttpWorkload.closed("/ping", 5,
                100_000, true));
        assertThatThrownBy(() -> HttpWorkload.ramp("/data.json", 100, java.time.Duration.ofSeconds(2))
                .share(new BenchmarkPlan.ClientShare(0, 2))).hasMessageContaining("a ramp workload cannot be split");
    }
}
