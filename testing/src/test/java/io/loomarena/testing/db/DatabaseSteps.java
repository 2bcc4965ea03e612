package io.loomarena.testing.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.db.DatabaseOutage;
import io.loomarena.harness.db.DbPinning;
import io.loomarena.harness.db.SlowDatabase;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.testing.perf.Skipping;

/**
 * Thin steps of the database scenarios: the harness's PostgreSQL, a slow database, a killed one, and pinning on
 * {@code /db}; each hands the feature's words to the harness ({@code io.loomarena.harness.db}) and prints its lines.
 */
public final class DatabaseSteps {

    private final DatabaseContext database;
    private final RunOptions options = RunOptions.ofThisJvm();
    private final Path folder = options.harness().resultsDir().resolve("db");
    private SlowDatabase.Result slow;
    private DatabaseOutage.Result outage;
    private DbPinning.Result pinning;

    public DatabaseSteps(DatabaseContext database) {
        this.database = database;
    }

    @Given("a PostgreSQL started by the harness, seeded with {int} rows")
    public void aPostgresql(int rows) {
        database.start();
        assertThat(database.fixture().rowCount()).isEqualTo(rows);
    }

    @When("{string} with a pool of {int} and a {int} ms query timeout gets {int} requests a second of \\/db?ms={int}"
            + " for {int} seconds over {int} connections")
    public void aSlowDatabase(String server, int pool, int timeoutMillis, int rate, int sleepMillis, int seconds,
                              int connections) {
        slow = new SlowDatabase(sleepMillis, Duration.ofMillis(timeoutMillis), pool, rate,
                Duration.ofSeconds(seconds), connections)
                .runOn(HttpServerSetup.parse(server), database.fixture(), options.harness(), folder);
        System.out.println(slow.line());
    }

    @Then("every request failed with 504 or 503, none hung, and afterwards the pool serves again with no connection in"
            + " use and no thread left over")
    public void failedClearlyAndRecovered() {
        assertThat(slow.departures()).as(slow.line()).isEmpty();
    }

    @When("{string} gets {int} requests a second of \\/db?ms=20 for {int} seconds over {int} connections, the database"
            + " killed after {int} seconds and back {int} seconds later")
    public void aKilledDatabase(String server, int rate, int seconds, int connections, int killAfter, int downFor) {
        outage = new DatabaseOutage(rate, Duration.ofSeconds(seconds), Duration.ofSeconds(killAfter),
                Duration.ofSeconds(downFor), connections)
                .runOn(HttpServerSetup.parse(server), database.fixture(), options.harness(), folder);
        System.out.println(outage.line());
    }

    @Then("the requests failed with 503 only, \\/db answered 503 with a message and \\/ping was served while the"
            + " database was down, the pool reconnected once it was back, and the run reported its errors by status")
    public void failedWith503AndReconnected() {
        assertThat(outage.departures()).as(outage.line()).isEmpty();
        assertThat(outage.line()).contains("by kind and status: status_503=").doesNotContain("req/s");
    }

    @When("the virtual model's server runs on JDK {word} with every pinned virtual thread recorded, under {int}"
            + " requests a second of \\/db?ms={int} and then of \\/db?rows={int}, {int} seconds each")
    public void pinningOnDb(String jdkLabel, int rate, int sleepMillis, int rows, int seconds) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        pinning = new DbPinning(sleepMillis, rows, rate, Duration.ofSeconds(seconds), 200)
                .runOn(jdk, database.fixture(), options.harness(), folder);
        System.out.println(pinning.line());
    }

    @Then("every request was answered, and the pinned events with their frames in pgjdbc and HikariCP are printed")
    public void pinnedEventsPrinted() {
        assertThat(pinning.departures()).as(pinning.line()).isEmpty();
        assertThat(pinning.recording()).isRegularFile();
    }

    @After("@Database")
    public void removeTheDatabase() {
        database.close();
    }
}
