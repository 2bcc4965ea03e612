package io.loomarena.harness.db;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.measure.RunResult;

/**
 * The fault "a database slower than the server's query timeout, under load": every query sleeps {@code sleepMillis}
 * in the database, longer than the server's {@code --db-query-timeout}, at {@code rate} req/s for {@code window}.
 * Judged on what holds on any machine: every request failed with a clear status (504 past the timeout, or 503 when
 * no connection came within the server's wait), none hung until the client gave up; afterwards the pool serves again
 * with no connection left in use, and the server's platform threads are back to their count before the load, give or
 * take {@value #THREAD_SLACK} (the JIT's compiler threads come and go by themselves). Immutable.
 *
 * @param sleepMillis  each query's sleep in the database, ms; above the query timeout
 * @param queryTimeout the server's {@code --db-query-timeout}
 * @param poolSize     the server's pool
 * @param rate         requests per second
 * @param window       how long the load lasts
 * @param connections  the client's connections
 */
public record SlowDatabase(int sleepMillis, Duration queryTimeout, int poolSize, double rate, Duration window,
                           int connections) {

    /** Platform threads the server may have beyond its count before the load without a leak. */
    static final int THREAD_SLACK = 4;
    /** How long the threads may take to end after the load: they end by themselves, nothing signals it. */
    static final Duration SETTLE = Duration.ofSeconds(30);
    /** How often the harness asks the server for its thread count meanwhile. */
    private static final Duration POLL = Duration.ofMillis(200);

    public SlowDatabase {
        if (sleepMillis <= queryTimeout.toMillis()) {
            throw new HarnessException("a slow database sleeps longer than the query timeout, got " + sleepMillis
                    + " ms against " + queryTimeout.toMillis() + " ms");
        }
    }

    /** The path every request asks. */
    public String path() {
        return "/db?ms=" + sleepMillis;
    }

    /** Runs it on {@code setup} against {@code database}, the client's result kept in {@code folder}. */
    public Result runOn(HttpServerSetup setup, DatabaseFixture database, HarnessSettings settings, Path folder) {
        try (DbServer server = DbServer.start(setup, database.serverOptions(poolSize, queryTimeout),
                JvmFork.local(settings), settings)) {
            DbServer.Reply warm = server.get("/db?ms=1");
            int before = server.stats().liveThreads();
            RunResult load;
            try (DbLoad client = DbLoad.start(settings, server, path(), rate, connections, window,
                    folder.resolve("slow-database-" + setup.label() + ".json"))) {
                load = client.await();
            }
            DbServer.Reply after = server.get("/db?ms=1");
            Optional<Double> active = PoolGauge.active(server.get("/metrics").body());
            int threads = settledThreads(server, before + THREAD_SLACK);
            return new Result(this, setup.toString(), warm, before, load, after, active, threads);
        }
    }

    /** The server's live threads once at most {@code target}, or its last count after {@link #SETTLE}. */
    private static int settledThreads(DbServer server, int target) {
        // Threads of an idle server end on their own keep-alive timers: there is no event to wait on, so ask.
        AtomicInteger threads = new AtomicInteger(server.stats().liveThreads());
        try {
            Awaitility.await("the server's threads settling").atMost(SETTLE).pollInterval(POLL)
                    .until(() -> {
                        threads.set(server.stats().liveThreads());
                        return threads.get() <= target;
                    });
        } catch (ConditionTimeoutException e) {
            // Judged by the caller on the last count.
        }
        return threads.get();
    }

    /**
     * What one run showed.
     *
     * @param fault         what ran
     * @param server        the server as on the command line
     * @param warm          {@code /db?ms=1} before the load
     * @param threadsBefore the server's live platform threads before the load
     * @param load          the client's result
     * @param after         {@code /db?ms=1} after the load
     * @param poolActive    the pool's connections in use after the load, when {@code /metrics} gives it
     * @param threadsAfter  the server's live platform threads once settled after the load
     */
    public record Result(SlowDatabase fault, String server, DbServer.Reply warm, int threadsBefore, RunResult load,
                         DbServer.Reply after, Optional<Double> poolActive, int threadsAfter) {

        /** What is wrong with this run, one line each; empty when it failed clearly and recovered. */
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            if (warm.status() != 200) {
                wrong.add("before the load /db?ms=1 answered " + warm + ", not 200");
            }
            Map<String, Long> errors = load.errors();
            if (errors.getOrDefault("status_504", 0L) == 0) {
                wrong.add("no request was answered 504 although every query ran past the " + millis(fault.queryTimeout)
                        + " query timeout");
            }
            String unclear = RunLine.errors(errors.entrySet().stream()
                    .filter(e -> !e.getKey().equals("status_504") && !e.getKey().equals("status_503"))
                    .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
            if (!unclear.isEmpty()) {
                wrong.add("requests failed without a clear status (504 or 503): " + unclear);
            }
            if (load.operations() > 0) {
                wrong.add(load.operations() + " requests of " + fault.sleepMillis + " ms answered 2xx past the "
                        + millis(fault.queryTimeout) + " query timeout");
            }
            if (after.status() != 200) {
                wrong.add("the pool did not recover: after the load /db?ms=1 answered " + after);
            }
            poolActive.filter(active -> active > 0).ifPresent(active -> wrong.add(String.format(Locale.ROOT,
                    "the pool still had %.0f connections in use after the load", active)));
            if (threadsAfter > threadsBefore + THREAD_SLACK) {
                wrong.add("the server had " + threadsAfter + " platform threads after the load against "
                        + threadsBefore + " before: they leaked");
            }
            return wrong;
        }

        /** The evidence, as lines for the build log. */
        public String line() {
            return RunLine.of("slow database on " + server + " (" + fault.path() + " against a "
                    + millis(fault.queryTimeout) + " query timeout, pool " + fault.poolSize + ")", load)
                    + String.format(Locale.ROOT, "%n%safter the load: /db?ms=1 %s; pool connections in use %s;"
                            + " platform threads %d before, %d after; verdict: %s", RunLine.PREFIX, after,
                    poolActive.map(a -> String.format(Locale.ROOT, "%.0f", a)).orElse("not published"),
                    threadsBefore, threadsAfter, departures().isEmpty() ? "failed clearly and recovered"
                            : String.join("; ", departures()));
        }

        private static String millis(Duration duration) {
            return duration.toMillis() + " ms";
        }
    }
}
