package io.loomarena.harness.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.postgres.PostgresCluster;

class DbServerOptionsTest {

    private static final String URL = "jdbc:postgresql://127.0.0.1:5999/arena";

    @Test
    void theWordsAreTheServersDatabaseOptions() {
        assertThat(new DbServerOptions(URL, 10, null).words())
                .containsExactly("--db-url", URL, "--db-pool-size", "10");
        assertThat(new DbServerOptions(URL, 100, Duration.ofMillis(200)).words())
                .containsExactly("--db-url", URL, "--db-pool-size", "100", "--db-query-timeout", "200ms");
        assertThat(new DbServerOptions(URL, 10, null).withConnectionWait(Duration.ofSeconds(1)).words())
                .containsExactly("--db-url", URL, "--db-pool-size", "10", "--db-wait", "1000ms");
    }

    @Test
    void aWaitForAConnectionMustBePositive() {
        assertThatThrownBy(() -> new DbServerOptions(URL, 10, null, Duration.ZERO))
                .hasMessage("the wait for a connection must be positive, got PT0S");
    }

    @Test
    void thePoolNamesTheSearch() {
        assertThat(new DbServerOptions(URL, 100, null).label()).isEqualTo("DB_POOL_100");
    }

    @Test
    void twoServersLargestPoolsAndTheHarnessFitInTheClustersConnections() {
        int harnessConnections = 10;
        assertThat(PostgresCluster.MAX_CONNECTIONS)
                .isGreaterThanOrEqualTo(2 * DbServerOptions.LARGEST_POOL + harnessConnections);
    }

    @Test
    void withoutBinariesTheScenariosAreSkippedWithOneLineSayingWhatToInstall() {
        assertThat(DatabaseFixture.skipLine("no PostgreSQL binaries (initdb, pg_ctl, postgres) under"
                + " /usr/lib/postgresql/*/bin or on the PATH")).isEqualTo("[DB] SKIP the database scenarios: no"
                + " PostgreSQL binaries (initdb, pg_ctl, postgres) under /usr/lib/postgresql/*/bin or on the PATH;"
                + " install them with apt-get install postgresql (Debian, Ubuntu: binaries under"
                + " /usr/lib/postgresql/<version>/bin), or put the folder holding initdb, pg_ctl and postgres on the"
                + " PATH").doesNotContain("\n");
    }

    @Test
    void aPoolOutsideTheRangeIsRefusedNamingIt() {
        assertThatThrownBy(() -> new DbServerOptions(URL, 101, null))
                .hasMessage("the database pool must be 1..100 connections, got 101");
        assertThatThrownBy(() -> new DbServerOptions(URL, 0, null))
                .hasMessage("the database pool must be 1..100 connections, got 0");
    }
}
