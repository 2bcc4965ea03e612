package io.loomarena.harness.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.db.DbServerOptions;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.model.ClientModel;

/**
 * The database's pool ceiling over searches of fake steps: the known answer (10 connections x 20 ms = 500 req/s)
 * within 10% whatever the server, and the pool of 100 moving the knee up by the stated factor or to the machine's
 * own ceiling; each failure in one line.
 */
class DatabaseCeilingTest {

    private static final String URL = "jdbc:postgresql://127.0.0.1:5999/arena";
    private static final LatencyObjective OBJECTIVE = LatencyObjective.parse(
            "p99 <= 250 ms and no errors over a 5 s window");
    private static final SearchSettings SEARCH = SearchSettings.of(100, 2, 0.05, 6400, Duration.ofMinutes(10));
    private static final CapacityKnownAnswer POOL_OF_10 = new CapacityKnownAnswer(10, 20, 0.1,
            CapacityKnownAnswer.CONNECTIONS);
    private static final KneeMove TWICE = new KneeMove(2);

    /** A search of /db?ms=20 with {@code pool} over fake steps: p99 40 ms up to {@code knee}, 900 ms above it. */
    private static CapacitySummary search(String server, int pool, double knee, double clientLimitFrom) {
        CapacityPlan plan = new CapacityPlan("/db?ms=20", 1000, false, HttpServerSetup.parse(server),
                ClientModel.VIRTUAL, OBJECTIVE, SEARCH, new DbServerOptions(URL, pool, null));
        CapacitySearch.StepMeasurer fake = (number, rate) -> CapacityStep.judge(number, rate, rate, (long) rate * 5,
                Map.of(), rate <= knee ? 40_000 : 900_000, 25_000, 950_000, new CapacityStep.Client(
                        rate >= clientLimitFrom ? 0.9 : 0.2, null, 1000), 0.4, OBJECTIVE, SEARCH);
        return CapacitySummary.of(plan, new CapacitySearch(SEARCH, fake, System::nanoTime).run(), Map.of("cpus", 2));
    }

    @Test
    void thePoolsOfTenAndAHundredAreTwoSearchesOfOnePathEachWithItsSummary() {
        CapacitySummary ten = search("virtual", 10, 500, Double.MAX_VALUE);
        CapacitySummary hundred = search("virtual", 100, 5000, Double.MAX_VALUE);

        assertThat(ten.combination()).isEqualTo("VIRTUAL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_10");
        assertThat(hundred.combination()).isEqualTo("VIRTUAL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_100");
        assertThat(ten.workload()).containsEntry("path", "/db?ms=20").containsEntry("dbPoolSize", 10);
    }

    @Test
    void aKneeWithinTenPercentOfFiveHundredConfirmsTheAnswerForEveryServer() {
        assertThat(POOL_OF_10.rate()).isEqualTo(500);
        for (String server : new String[] {"platform", "pool", "virtual", "event-loop"}) {
            assertThat(POOL_OF_10.problem(search(server, 10, 520, Double.MAX_VALUE))).as(server).isEmpty();
        }
    }

    @Test
    void aKneeBeyondTenPercentIsNamedWithTheConnectionsItRestsOn() {
        assertThat(POOL_OF_10.problem(search("event-loop", 10, 380, Double.MAX_VALUE))).get().asString()
                .startsWith("EVENT_LOOP_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_10: the knee, ")
                .endsWith("is not within 10% of the known answer of 500 req/s (10 connections each holding a request"
                        + " 20 ms)");
    }

    @Test
    void aKneeBelowTheAnswerShowsHowLongEachRequestHeldItsConnection() {
        CapacitySummary busy = search("virtual", 10, 290, Double.MAX_VALUE);

        assertThat(busy.sustainedRate()).isEqualTo(288);
        assertThat(POOL_OF_10.holdLine(busy)).isEqualTo("VIRTUAL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_10: 288 req/s"
                + " [288, 300), so each of the 10 connections was held about 34.7 ms per request (the known answer"
                + " assumes 20 ms)");
    }

    @Test
    void aPoolOfAHundredThatLiftsTheKneeAtLeastTwiceMovedIt() {
        CapacitySummary ten = search("pool", 10, 500, Double.MAX_VALUE);
        CapacitySummary hundred = search("pool", 100, 2600, Double.MAX_VALUE);

        assertThat(hundred.finding()).isEqualTo(Finding.KNEE);
        assertThat(TWICE.problem(ten, hundred)).isEmpty();
        assertThat(TWICE.line(ten, hundred)).startsWith("[CAPACITY] POOL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_10 ->"
                + " POOL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_100: ").endsWith("; moved at least 2.0x)");
    }

    @Test
    void aPoolOfAHundredStoppedByTheClientAboveWhereTenBrokeMovedItToTheMachinesCeiling() {
        CapacitySummary ten = search("virtual", 10, 500, Double.MAX_VALUE);
        // the client out of CPU from 1600 req/s, long before the pool of 100 breaks: at least 800 (client-limited)
        CapacitySummary hundred = search("virtual", 100, 5000, 1600);

        assertThat(hundred.finding()).isEqualTo(Finding.CLIENT_LIMITED);
        assertThat(hundred.sustainedRate()).isLessThan(2 * ten.sustainedRate());
        assertThat(TWICE.problem(ten, hundred)).isEmpty();
        assertThat(TWICE.line(ten, hundred)).contains("moved to the machine's own ceiling: at least");
    }

    @Test
    void aKneeThatMovedLessThanTheFactorIsNamedWithBothRates() {
        CapacitySummary ten = search("virtual", 10, 500, Double.MAX_VALUE);
        CapacitySummary hundred = search("virtual", 100, 700, Double.MAX_VALUE);

        assertThat(TWICE.problem(ten, hundred)).get().asString()
                .startsWith("VIRTUAL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_10 ->"
                        + " VIRTUAL_SERVER+VIRTUAL_CLIENT+DB_MS_20_DB_POOL_100: the knee moved from ")
                .contains("less than 2.0x, and the larger pool's search did not stop at the machine's ceiling");
        assertThat(TWICE.line(ten, hundred)).endsWith("; not moved)");
    }

    @Test
    void aClientLimitBelowWhereTenBrokeIsNoMove() {
        CapacitySummary ten = search("virtual", 10, 500, Double.MAX_VALUE);
        CapacitySummary hundred = search("virtual", 100, 5000, 400);

        assertThat(TWICE.problem(ten, hundred)).isPresent();
    }

    @Test
    void aSearchOfTheDatabaseWithoutOneAndAFactorThatIsNoMoveAreRefused() {
        assertThatThrownBy(() -> new CapacityPlan("/db?ms=20", 1000, false, HttpServerSetup.parse("virtual"),
                ClientModel.VIRTUAL, OBJECTIVE, SEARCH)).hasMessage("a capacity search of /db?ms=20 needs a database:"
                + " without one every answer is 503");
        assertThatThrownBy(() -> new KneeMove(1)).hasMessage("a knee moves up by a factor above 1, got 1.0");
        assertThatThrownBy(() -> new CapacityKnownAnswer(10, 20, 0.1, "sockets"))
                .hasMessage("a known answer's pool holds threads or connections, got sockets");
    }
}
