package io.loomarena.harness.db;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.NothingToDo;
import io.loomarena.harness.postgres.PostgresCluster;
import io.loomarena.http.server.db.DbTable;

/**
 * The PostgreSQL the database scenarios run against, started by the harness and never assumed: a
 * {@link PostgresCluster} on a free loopback port, seeded with {@link DbTable#SEED}, with the words a server needs to
 * use it ({@link #serverOptions}). It can be killed mid-run and started again on the same port and data, as a
 * database that crashed and came back. {@link #close} removes it; a shutdown hook does so when the JVM exits first,
 * and a {@link ClusterReaper} when the JVM is killed outright. Where no binaries exist, {@link #start} throws
 * {@link NothingToDo} with the one line saying what to install. Used by one thread.
 */
public final class DatabaseFixture implements AutoCloseable {

    /** The database the servers use. */
    public static final String DATABASE = "arena";
    /** What to install where no binaries exist: the {@code [DB] SKIP} line names it. */
    public static final String INSTALL = "apt-get install postgresql (Debian, Ubuntu: binaries under"
            + " /usr/lib/postgresql/<version>/bin), or put the folder holding initdb, pg_ctl and postgres on the PATH";

    private final PostgresCluster cluster;
    private final ClusterReaper reaper;
    private boolean killed;

    private DatabaseFixture(PostgresCluster cluster, ClusterReaper reaper) {
        this.cluster = cluster;
        this.reaper = reaper;
    }

    /** The {@code [DB] SKIP} line when no cluster can be started here, or empty. */
    public static Optional<String> unavailable() {
        return PostgresCluster.unavailable().map(DatabaseFixture::skipLine);
    }

    /** The one line a database scenario is skipped with when no cluster can start, for {@code why}. */
    static String skipLine(String why) {
        return "[DB] SKIP the database scenarios: " + why + "; install them with " + INSTALL;
    }

    /**
     * Starts the cluster, seeds the table and returns once it accepts connections.
     *
     * @throws NothingToDo      with the one line of {@link #unavailable} where no binaries exist
     * @throws HarnessException when the binaries exist but the cluster cannot start or be seeded
     */
    public static DatabaseFixture start() {
        unavailable().ifPresent(line -> {
            throw new NothingToDo(line);
        });
        PostgresCluster cluster;
        try {
            cluster = PostgresCluster.start(DATABASE);
        } catch (IllegalStateException e) {
            throw new HarnessException("[DB] " + e.getMessage(), e);
        }
        ClusterReaper reaper = null;
        try {
            reaper = ClusterReaper.watch(cluster.folder());
            DatabaseFixture fixture = new DatabaseFixture(cluster, reaper);
            fixture.watchPostmaster();
            fixture.execute(DbTable.SEED);
            // The cluster trades durability for speed (no fsync, commits not waited for): a checkpoint puts the
            // seeded rows on disk, so that a kill mid-run, which loses what was only in memory, keeps them.
            fixture.execute(List.of("CHECKPOINT"));
            return fixture;
        } catch (RuntimeException e) {
            cluster.close();
            if (reaper != null) {
                reaper.close();
            }
            throw e;
        }
    }

    /** {@code jdbc:postgresql://127.0.0.1:PORT/arena}, user {@link PostgresCluster#USER}, no password. */
    public String jdbcUrl() {
        return cluster.jdbcUrl();
    }

    /** The loopback port; the same after {@link #restart}. */
    public int port() {
        return cluster.port();
    }

    /** The temporary folder holding its data, gone after {@link #close}. */
    public Path folder() {
        return cluster.folder();
    }

    /** The words a server needs to use this database with a pool of {@code poolSize}. */
    public DbServerOptions serverOptions(int poolSize) {
        return new DbServerOptions(jdbcUrl(), poolSize, null);
    }

    /** The same, with a query timeout shorter than the server's default. */
    public DbServerOptions serverOptions(int poolSize, Duration queryTimeout) {
        return new DbServerOptions(jdbcUrl(), poolSize, queryTimeout);
    }

    /** The postmaster's pid while it runs. */
    public Optional<Long> postmasterPid() {
        return cluster.postmasterPid().filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    }

    /** How many rows the seeded table holds ({@link DbTable#ROWS} once seeded). */
    public long rowCount() {
        try (Connection connection = connect(); Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT count(*) FROM " + DbTable.NAME)) {
            rows.next();
            return rows.getLong(1);
        } catch (SQLException e) {
            throw new HarnessException("[DB] cannot count the rows of " + DbTable.NAME + ": " + e.getMessage(), e);
        }
    }

    /** Whether the database answers a query now (a refused connection is a no, not an error). */
    public boolean accepting() {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            return statement.execute("SELECT 1");
        } catch (SQLException e) {
            return false;
        }
    }

    /** Kills the database at once, postmaster and backends, as a crash would; {@link #restart} brings it back. */
    public void kill() {
        cluster.kill();
        killed = true;
    }

    /** Starts the killed database again on the same port and data; returns once it accepts connections. */
    public void restart() {
        if (!killed) {
            throw new HarnessException("[DB] restart without a kill: the database on port " + port() + " runs");
        }
        cluster.restart();
        killed = false;
        watchPostmaster();
    }

    /** Stops the cluster and deletes its folder, then lets the reaper end. */
    @Override
    public void close() {
        try {
            cluster.close();
        } finally {
            reaper.close();
        }
    }

    private void watchPostmaster() {
        reaper.postmaster(postmasterPid().orElseThrow(() -> new HarnessException("[DB] the PostgreSQL server of "
                + folder() + " is not running after its start")));
    }

    private void execute(List<String> statements) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String sql : statements) {
                statement.execute(sql);
            }
        } catch (SQLException e) {
            throw new HarnessException("[DB] cannot seed " + DbTable.NAME + ": " + e.getMessage(), e);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), PostgresCluster.USER, null);
    }
}
