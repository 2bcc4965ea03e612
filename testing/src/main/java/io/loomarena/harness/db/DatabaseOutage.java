package io.loomarena.harness.db;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.measure.RunResult;

/**
 * The fault "the database stops mid-run": a load of {@code /db?ms=}{@value #QUERY_MILLIS} at {@code rate} req/s for
 * {@code window}; {@code killAfter} into it the harness kills the database (postmaster and backends, no goodbye), and
 * brings it back on the same port and data {@code downFor} later. Judged on what holds on any machine: while it is
 * down {@code /db} answers 503 with a message and {@code /ping} is still served; once it is back the pool reconnects
 * ({@code /db} answers 200 again within {@link #RECONNECT}); the load's failures are all 503s, and the run reports
 * them by status instead of a throughput. Immutable.
 *
 * @param rate        requests per second
 * @param window      how long the load lasts; longer than {@code killAfter + downFor}, so that it sees the return
 * @param killAfter   when the database is killed, from the load's start
 * @param downFor     how long it stays down
 * @param connections the client's connections
 */
public record DatabaseOutage(double rate, Duration window, Duration killAfter, Duration downFor, int connections) {

    /** Each request's query: short, so the pool is far from its ceiling and only the outage fails requests. */
    public static final int QUERY_MILLIS = 20;
    /**
     * The servers' longest wait for a pool connection in an outage, shorter than their default (5 s): every request
     * waits that long for a connection the dead database cannot give, so at {@code rate} req/s about
     * {@code rate x wait} requests wait at once. At 100 req/s and 5 s that is 500, more than a bounded pool has
     * threads (the arena's pool 100, Tomcat's and Jetty's 200): every thread would wait on the database and /ping
     * behind them, for as long as the outage lasts, so whether /ping were answered within a probe's timeout would
     * depend on the machine's speed. At 1 s, about 100 wait at once, and every row keeps a thread for /ping.
     */
    public static final Duration CONNECTION_WAIT = Duration.ofSeconds(1);
    /** How long the pool may take to serve again once the database is back. */
    public static final Duration RECONNECT = Duration.ofSeconds(60);
    /** How often the harness asks whether the pool serves again. */
    private static final Duration POLL = Duration.ofMillis(200);

    public DatabaseOutage {
        if (window.compareTo(killAfter.plus(downFor)) <= 0) {
            throw new HarnessException("the load of an outage must outlast it: a window of " + window.toSeconds()
                    + " s against a kill after " + killAfter.toSeconds() + " s and " + downFor.toSeconds()
                    + " s down");
        }
    }

    /** Runs it on {@code setup} against {@code database} (pool of {@link DbServerOptions#DEFAULT_POOL}). */
    public Result runOn(HttpServerSetup setup, DatabaseFixture database, HarnessSettings settings, Path folder) {
        try (DbServer server = DbServer.start(setup, database.serverOptions(DbServerOptions.DEFAULT_POOL).withConnectionWait(CONNECTION_WAIT),
                JvmFork.local(settings), settings)) {
            DbServer.Reply warm = server.get("/db?ms=1");
            long start = System.nanoTime();
            try (DbLoad client = DbLoad.start(settings, server, "/db?ms=" + QUERY_MILLIS, rate, connections, window,
                    folder.resolve("database-outage-" + setup.label() + ".json"))) {
                pauseUntil(start, killAfter);
                database.kill();
                DbServer.Reply down = server.get("/db?ms=1");
                DbServer.Reply ping = server.get("/ping");
                pauseUntil(start, killAfter.plus(downFor));
                database.restart();
                long back = System.nanoTime();
                Optional<Duration> reconnected = reconnect(server, back);
                RunResult load = client.await();
                return new Result(setup.toString(), warm, down, ping, reconnected, load);
            }
        }
    }

    /** How long after {@code back} the server's {@code /db} answered 200 again, or empty within {@link #RECONNECT}. */
    private static Optional<Duration> reconnect(DbServer server, long back) {
        try {
            Awaitility.await("the pool's reconnection").atMost(RECONNECT).pollInterval(POLL)
                    .until(() -> server.get("/db?ms=1").status() == 200);
            return Optional.of(Duration.ofNanos(System.nanoTime() - back));
        } catch (ConditionTimeoutException e) {
            return Optional.empty();
        }
    }

    /** The outage's timeline is planned in time: the load runs meanwhile, there is no event to wait for. */
    private static void pauseUntil(long start, Duration offset) {
        long left = start + offset.toNanos() - System.nanoTime();
        if (left > 0) {
            try {
                Thread.sleep(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HarnessException("interrupted during the database outage", e);
            }
        }
    }

    /**
     * What one run showed.
     *
     * @param server      the server as on the command line
     * @param warm        {@code /db?ms=1} before the load
     * @param down        {@code /db?ms=1} while the database was down
     * @param ping        {@code /ping} while the database was down
     * @param reconnected how long after the database's return {@code /db} answered 200, or empty when it did not
     * @param load        the client's result
     */
    public record Result(String server, DbServer.Reply warm, DbServer.Reply down, DbServer.Reply ping,
                         Optional<Duration> reconnected, RunResult load) {

        /** What is wrong with this run, one line each; empty when the server failed clearly and came back. */
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            if (warm.status() != 200) {
                wrong.add("before the outage /db?ms=1 answered " + warm + ", not 200");
            }
            if (down.status() != 503 || down.body().isBlank()) {
                wrong.add("while the database was down /db?ms=1 answered " + down + ", not 503 with a message");
            }
            if (ping.status() != 200 || !ping.body().equals("pong")) {
                wrong.add("while the database was down /ping answered " + ping + ", not 200 \"pong\"");
            }
            if (reconnected.isEmpty()) {
                wrong.add("the pool did not reconnect: /db?ms=1 did not answer 200 within " + RECONNECT.toSeconds()
                        + " s of the database's return");
            }
            Map<String, Long> errors = load.errors();
            if (errors.getOrDefault("status_503", 0L) == 0) {
                wrong.add("the load saw no 503 although the database was down during it");
            }
            String others = RunLine.errors(errors.entrySet().stream().filter(e -> !e.getKey().equals("status_503"))
                    .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
            if (!others.isEmpty()) {
                wrong.add("requests failed otherwise than with a 503: " + others);
            }
            if (load.operations() == 0) {
                wrong.add("no request of the load succeeded, before the kill or after the return");
            }
            return wrong;
        }

        /** The evidence, as lines for the build log. */
        public String line() {
            return RunLine.of("database killed mid-run on " + server, load) + String.format(Locale.ROOT,
                    "%n%swhile it was down: /db?ms=1 %s, /ping %s; back: /db answered 200 %s; verdict: %s",
                    RunLine.PREFIX, down, ping, reconnected.map(d -> String.format(Locale.ROOT, "%.1f s after its"
                            + " return", d.toMillis() / 1000.0)).orElse("never"),
                    departures().isEmpty() ? "failed clearly, kept serving /ping and reconnected"
                            : String.join("; ", departures()));
        }
    }
}
