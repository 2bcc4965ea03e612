package io.loomarena.harness.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Seed 004's figures read from fixed /metrics texts: Micrometer's Prometheus registry and the arena's own. */
class ServerMetricsFiguresTest {

    private static final String MICROMETER = """
            # HELP http_server_requests_seconds
            # TYPE http_server_requests_seconds summary
            http_server_requests_seconds_count{error="none",exception="none",method="GET",outcome="SUCCESS",status="200",uri="/fanout"} 2990
            http_server_requests_seconds_sum{error="none",exception="none",method="GET",outcome="SUCCESS",status="200",uri="/fanout"} 92.5
            http_server_requests_seconds_count{error="none",exception="none",method="GET",outcome="SERVER_ERROR",status="504",uri="/fanout"} 10
            http_server_requests_seconds_sum{error="none",exception="none",method="GET",outcome="SERVER_ERROR",status="504",uri="/fanout"} 12.5
            http_server_requests_seconds_count{method="GET",status="200",uri="/io"} 9000
            http_server_requests_seconds_sum{method="GET",status="200",uri="/io"} 90.0
            # TYPE jvm_threads_live_threads gauge
            jvm_threads_live_threads 27.0
            jvm_threads_peak_threads 31.0
            """;

    private static final String ARENA = """
            # TYPE loomarena_http_requests_total counter
            loomarena_http_requests_total{model="virtual",status="200"} 3100
            loomarena_http_requests_total{model="virtual",status="404"} 2
            jvm_threads_live 14
            jvm_threads_peak 19
            """;

    @Test
    void micrometersRequestsOnTheUriEveryStatusTheirMeanAndTheThreads() {
        ServerMetricsFigures figures = ServerMetricsFigures.of(MICROMETER, "/fanout");

        assertThat(figures.requests()).hasValue(3000);
        assertThat(figures.meanMillis()).hasValue(35.0);
        assertThat(figures.threadsLive()).hasValue(27);
        assertThat(figures.threadsPeak()).hasValue(31);
        assertThat(figures.describe()).isEqualTo("requests=3000, mean=35.0 ms, jvm threads live=27 peak=31");
    }

    @Test
    void theArenasEquivalentsHaveNoMeanAndAnEmptyTextSaysNothing() {
        ServerMetricsFigures arena = ServerMetricsFigures.of(ARENA, "/fanout");

        assertThat(arena.requests()).hasValue(3102);
        assertThat(arena.meanMillis()).isEmpty();
        assertThat(arena.describe()).isEqualTo("requests=3102, mean=n/a, jvm threads live=14 peak=19");
        assertThat(ServerMetricsFigures.of("", "/fanout").describe())
                .isEqualTo("requests=n/a, mean=n/a, jvm threads live=n/a peak=n/a");
    }
}
