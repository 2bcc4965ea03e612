package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JavaRuntime;

/**
 * The pitfall "a fixed pool on I/O fan-out": {@code requests} requests, each making {@code calls} blocking calls of
 * {@code callMillis} in a row, once on a fixed pool of {@code poolSize} platform threads and once on a virtual thread
 * each, in two fresh JVMs of the same JDK. A pool thread is held for the whole request, so the pool cannot beat its
 * ceiling, poolSize / (calls x callMillis) requests per second (100 / 30 ms = 3,333/s); virtual threads are not held
 * while they wait and go past it. The same verdict on every JDK. What is judged holds on any machine: the pool's
 * throughput at most its ceiling (a bound the clock cannot beat) and at most poolSize requests in flight at once; the
 * virtual threads with more requests in flight at once than the pool has threads, the concurrency that lifts the
 * ceiling. Their throughput, which depends on how fast the machine is, is printed. Immutable.
 *
 * @param requests   requests, all submitted at once
 * @param calls      blocking calls per request, in a row
 * @param callMillis how long each call blocks
 * @param poolSize   the fixed pool's platform threads
 */
public record FanoutCeiling(int requests, int calls, int callMillis, int poolSize) {

    /** The pool of the servers' {@code pool} model (io.loomarena.model), which this pitfall stands for. */
    public static final int SEED_POOL_SIZE = io.loomarena.model.ServerModel.DEFAULT_POOL_SIZE;
    /** The pool may beat its ceiling by this fraction only (clock granularity). */
    private static final double CEILING_TOLERANCE = 0.05;
    private static final String NAME = "fanout";

    public FanoutCeiling {
        if (requests < 1 || calls < 1 || callMillis < 1 || poolSize < 1) {
            throw new HarnessException("fan-out needs requests, calls, call time and pool size >= 1, got " + requests
                    + ", " + calls + ", " + callMillis + " ms, " + poolSize);
        }
    }

    /** The most requests per second the pool can serve: poolSize / (calls x callMillis). */
    public double poolCeiling() {
        return poolSize * 1000.0 / ((double) calls * callMillis);
    }

    /** Runs the requests on the pool, then on virtual threads, each in a fresh JVM of {@code jdk}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        return new Result(this, run(jdk, harness, folder, "pool"), run(jdk, harness, folder, "virtual"));
    }

    private PitfallRun.Outcome run(JavaRuntime jdk, HarnessSettings harness, Path folder, String executor) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("requests", requests);
        settings.put("calls", calls);
        settings.put("callMillis", callMillis);
        settings.put("poolSize", poolSize);
        settings.put("executor", executor);
        return PitfallRun.run(jdk, harness, NAME + "-" + executor, NAME, settings, List.of(), folder,
                Duration.ofSeconds(120));
    }

    /**
     * Both runs' figures and the verdict.
     *
     * @param pitfall what ran
     * @param pool    the run on the fixed pool
     * @param virtual the run on virtual threads
     */
    public record Result(FanoutCeiling pitfall, PitfallRun.Outcome pool, PitfallRun.Outcome virtual)
            implements PitfallResult {

        @Override
        public PitfallRun.Outcome outcome() {
            return virtual;
        }

        /** Requests per second of {@code run}. */
        public double throughput(PitfallRun.Outcome run) {
            return pitfall.requests() / (run.number("elapsedNanos") / 1e9);
        }

        /**
         * The pool at or under its ceiling and its size in flight; the virtual threads with more requests in flight
         * at once than the pool's size.
         */
        @Override
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            double ceiling = pitfall.poolCeiling();
            if (throughput(pool) > ceiling * (1 + CEILING_TOLERANCE)) {
                wrong.add(String.format(Locale.ROOT, "the pool served %.0f requests/s, over its ceiling of %.0f/s",
                        throughput(pool), ceiling));
            }
            if (pool.number("peakInFlight") > pitfall.poolSize()) {
                wrong.add(String.format(Locale.ROOT, "the pool held %d requests in flight at once, more than its %d"
                        + " threads", pool.number("peakInFlight"), pitfall.poolSize()));
            }
            if (virtual.number("peakInFlight") <= pitfall.poolSize()) {
                wrong.add(String.format(Locale.ROOT, "virtual threads held at most %d requests in flight at once, not"
                        + " past the pool's %d", virtual.number("peakInFlight"), pitfall.poolSize()));
            }
            return wrong;
        }

        @Override
        public String line() {
            JavaRuntime jdk = virtual.jdk();
            return String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): %d requests x %d calls of %d ms: pool of %d"
                            + " %.3f s, %.0f requests/s (ceiling %.0f/s, %.2fx; peak platform threads %d; at most %d"
                            + " requests in flight); virtual %.3f s, %.0f requests/s (%.2fx the ceiling; peak platform"
                            + " threads %d; at most %d requests in flight)",
                    NAME, jdk.version(), jdk.vendor(), pitfall.requests(), pitfall.calls(), pitfall.callMillis(),
                    pitfall.poolSize(), pool.number("elapsedNanos") / 1e9, throughput(pool), pitfall.poolCeiling(),
                    throughput(pool) / pitfall.poolCeiling(), pool.number("peakPlatformThreads"),
                    pool.number("peakInFlight"), virtual.number("elapsedNanos") / 1e9, throughput(virtual),
                    throughput(virtual) / pitfall.poolCeiling(), virtual.number("peakPlatformThreads"),
                    virtual.number("peakInFlight"));
        }
    }
}
