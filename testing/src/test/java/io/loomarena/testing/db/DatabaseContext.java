package io.loomarena.testing.db;

import io.loomarena.harness.db.DatabaseFixture;
import io.loomarena.testing.perf.Skipping;

/**
 * The PostgreSQL of one database scenario, shared by its steps (PicoContainer injects one per scenario): started by
 * its Given step, removed by {@link DatabaseSteps}' hook after it. Where no binaries exist the scenario is skipped
 * with the fixture's one line. Not thread-safe: a scenario runs on one thread.
 */
public final class DatabaseContext {

    private DatabaseFixture fixture;

    /** Starts the database, or skips the scenario with the line saying what to install. */
    void start() {
        fixture = Skipping.unlessNothingToDo(DatabaseFixture::start);
    }

    /** The scenario's database. */
    public DatabaseFixture fixture() {
        if (fixture == null) {
            throw new IllegalStateException("no database started: the scenario needs 'Given a PostgreSQL started by"
                    + " the harness, seeded with 10000 rows'");
        }
        return fixture;
    }

    void close() {
        if (fixture != null) {
            fixture.close();
            fixture = null;
        }
    }
}
