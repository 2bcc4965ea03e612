package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.echo.server.EchoCounters;
import io.loomarena.measure.ServerStats;

/** Which transport the netty model ran on reaches the summary; other models have no such figure. */
class HarnessMetricsTest {

    private static ServerStats withCounters(Map<String, Long> counters) {
        return new ServerStats(1, 10, 10, 1, 1, 1, 1_000, 0, 0, counters);
    }

    @Test
    void theNettyTransportIsRecordedAndAbsentForOtherModels() {
        ServerStats epoll = withCounters(Map.of(EchoCounters.NETTY_EPOLL, 1L));
        ServerStats nio = withCounters(Map.of(EchoCounters.NETTY_EPOLL, 0L));
        ServerStats blocking = withCounters(Map.of(EchoCounters.ACTIVE_CONNECTIONS, 3L));

        assertThat(HarnessMetrics.read(epoll, epoll, 10)).containsEntry("serverNettyEpoll", 1.0);
        assertThat(HarnessMetrics.read(nio, nio, 10)).containsEntry("serverNettyEpoll", 0.0);
        assertThat(HarnessMetrics.read(blocking, blocking, 10)).doesNotContainKey("serverNettyEpoll");
    }
}
