package io.loomarena.harness.db;

/**
 * A harness in miniature for {@link DatabaseFixtureTest}: starts a fixture, prints its folder and postmaster's pid on
 * one line, and waits on its stdin until the test kills it, so that the test can check what a killed harness leaves.
 */
public final class DatabaseFixtureChild {

    private DatabaseFixtureChild() {
    }

    public static void main(String[] args) throws Exception {
        DatabaseFixture fixture = DatabaseFixture.start();
        System.out.println(fixture.folder() + " " + fixture.postmasterPid().orElseThrow());
        System.out.flush();
        // Blocks until the test kills this JVM; the fixture is left open on purpose.
        System.in.read();
    }
}
