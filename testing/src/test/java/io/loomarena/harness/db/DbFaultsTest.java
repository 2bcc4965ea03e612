package io.loomarena.harness.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.HarnessException;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * The verdicts of the database's faults on fake readings: a run with errors is reported by status instead of a
 * throughput; a slow database must fail every request with a clear status and recover with nothing leaked; a killed
 * database must answer 503 with a message, keep /ping served and reconnect. Each departure in one line.
 */
class DbFaultsTest {

    private static final SlowDatabase SLOW = new SlowDatabase(1000, Duration.ofMillis(200), 10, 100,
            Duration.ofSeconds(5), 500);
    private static final DbServer.Reply OK = new DbServer.Reply(200, "{\"slept_ms\":1}");
    private static final DbServer.Reply PONG = new DbServer.Reply(200, "pong");
    private static final DbServer.Reply DOWN = new DbServer.Reply(503, "database unreachable: Connection refused");

    private static RunResult load(long operations, Map<String, Long> errors) {
        return new RunResult("load", "virtual", Map.of(), 1, "2026-11-28T20:00:00Z", 5_000_000_000L, operations,
                operations / 5.0, errors, new LatencyStats(operations, 20_000, 20_000, 30_000, 40_000, 50_000,
                60_000, 60_000), "");
    }

    @Test
    void aRunWithoutErrorsShowsItsThroughputAndOneWithErrorsItsCountsByStatusInstead() {
        assertThat(RunLine.of("virtual", load(500, Map.of())))
                .isEqualTo("[DB] virtual: 500 requests, no error, 100.0 req/s");
        assertThat(RunLine.of("virtual", load(300, Map.of("status_503", 180L, "reset", 2L, "status_504", 0L))))
                .isEqualTo("[DB] virtual: 182 of 482 requests failed, by kind and status: status_503=180, reset=2;"
                        + " 300 answered 2xx; no throughput: a run with errors measures its failures")
                .doesNotContain("req/s");
    }

    @Test
    void aSlowDatabaseWhoseRequestsAllFailedWith504Or503AndThatRecoveredHasNoDeparture() {
        SlowDatabase.Result clear = new SlowDatabase.Result(SLOW, "virtual", OK, 21,
                load(0, Map.of("status_504", 250L, "status_503", 250L)), OK, Optional.of(0.0), 23);

        assertThat(clear.departures()).isEmpty();
        assertThat(clear.line()).contains("500 of 500 requests failed, by kind and status: status_503=250,"
                + " status_504=250").contains("verdict: failed clearly and recovered");
    }

    @Test
    void aSlowDatabaseThatHungALeakedOrKeptItsConnectionsIsNamedForEach() {
        SlowDatabase.Result bad = new SlowDatabase.Result(SLOW, "platform", OK, 21,
                load(3, Map.of("timeout", 40L, "status_500", 2L)), new DbServer.Reply(503, "no connection in 5 s"),
                Optional.of(10.0), 140);

        assertThat(bad.departures()).containsExactly(
                "no request was answered 504 although every query ran past the 200 ms query timeout",
                "requests failed without a clear status (504 or 503): timeout=40, status_500=2",
                "3 requests of 1000 ms answered 2xx past the 200 ms query timeout",
                "the pool did not recover: after the load /db?ms=1 answered 503 \"no connection in 5 s\"",
                "the pool still had 10 connections in use after the load",
                "the server had 140 platform threads after the load against 21 before: they leaked");
    }

    @Test
    void aServerThatDoesNotPublishItsPoolIsJudgedByItsRequestsAlone() {
        SlowDatabase.Result unpublished = new SlowDatabase.Result(SLOW, "virtual", OK, 21,
                load(0, Map.of("status_504", 500L)), OK, Optional.empty(), 21);

        assertThat(unpublished.departures()).isEmpty();
        assertThat(unpublished.line()).contains("pool connections in use not published");
    }

    @Test
    void aKilledDatabaseThatFailedWith503KeptPingAndReconnectedHasNoDepartureAndNoThroughput() {
        DatabaseOutage.Result outage = new DatabaseOutage.Result("virtual", OK, DOWN, PONG,
                Optional.of(Duration.ofMillis(1500)), load(700, Map.of("status_503", 420L)));

        assertThat(outage.departures()).isEmpty();
        assertThat(outage.line()).startsWith("[DB] database killed mid-run on virtual: 420 of 1120 requests failed,"
                + " by kind and status: status_503=420;").contains("back: /db answered 200 1.5 s after its return")
                .doesNotContain("req/s");
    }

    @Test
    void aKilledDatabaseThatHungThePingOrNeverCameBackIsNamedForEach() {
        DatabaseOutage.Result outage = new DatabaseOutage.Result("pool", OK, new DbServer.Reply(500, ""),
                new DbServer.Reply(503, "busy"), Optional.empty(), load(0, Map.of("timeout", 30L)));

        assertThat(outage.departures()).containsExactly(
                "while the database was down /db?ms=1 answered 500 \"\", not 503 with a message",
                "while the database was down /ping answered 503 \"busy\", not 200 \"pong\"",
                "the pool did not reconnect: /db?ms=1 did not answer 200 within 60 s of the database's return",
                "the load saw no 503 although the database was down during it",
                "requests failed otherwise than with a 503: timeout=30",
                "no request of the load succeeded, before the kill or after the return");
    }

    @Test
    void thePoolsConnectionsInUseAreReadFromTheArenasOrMicrometersHikariLinesSummedOverPools() {
        String metrics = """
                # HELP hikaricp_connections_active Active connections
                # TYPE hikaricp_connections_active gauge
                hikaricp_connections_active{pool="arena"} 3.0
                hikaricp_connections_active{pool="other"} 1.0
                hikaricp_connections_idle{pool="arena"} 7.0
                """;

        assertThat(PoolGauge.active(metrics)).contains(4.0);
        assertThat(PoolGauge.active("loomarena_db_pool_active_connections{model=\"virtual\"} 0\n")).contains(0.0);
        assertThat(PoolGauge.active("jvm_threads_live_threads 21.0\n")).isEmpty();
    }

    @Test
    void faultsThatCannotShowWhatTheyAskAreRefused() {
        assertThatThrownBy(() -> new SlowDatabase(100, Duration.ofMillis(200), 10, 100, Duration.ofSeconds(5), 500))
                .isInstanceOf(HarnessException.class)
                .hasMessage("a slow database sleeps longer than the query timeout, got 100 ms against 200 ms");
        assertThatThrownBy(() -> new DatabaseOutage(100, Duration.ofSeconds(5), Duration.ofSeconds(3),
                Duration.ofSeconds(3), 500)).isInstanceOf(HarnessException.class)
                .hasMessage("the load of an outage must outlast it: a window of 5 s against a kill after 3 s and 3 s"
                        + " down");
    }
}
