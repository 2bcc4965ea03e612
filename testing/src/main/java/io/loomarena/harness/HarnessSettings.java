package io.loomarena.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the harness forks and measures: the one documented place for its defaults. Immutable; the {@code with...}
 * methods return copies. Every default can be overridden per run by a system property of the same name prefixed with
 * {@code loomarena.} (for example {@code -Dloomarena.heap=1g}), read once by {@link #fromSystemProperties()}.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>setting</th><th>default</th><th>why</th></tr>
 * <tr><td>warmups</td><td>{@value #DEFAULT_WARMUPS}</td><td>client runs that warm the server's JIT, not measured</td></tr>
 * <tr><td>measuredRuns</td><td>{@value #DEFAULT_MEASURED_RUNS}</td><td>3 is the least that gives a confidence interval</td></tr>
 * <tr><td>heap</td><td>{@value #DEFAULT_HEAP}</td><td>{@code -Xms} = {@code -Xmx}: no heap resizing during a run</td></tr>
 * <tr><td>gc</td><td>{@value #DEFAULT_GC}</td><td>explicit, so a JDK's ergonomics cannot pick another collector</td></tr>
 * <tr><td>pinning</td><td>true</td><td>server on CPU 0, client on CPU 1 with {@code taskset} when possible</td></tr>
 * <tr><td>serverStartTimeout</td><td>30 s</td><td>until the server prints {@code listening on HOST:PORT}</td></tr>
 * <tr><td>statsTimeout</td><td>10 s</td><td>until the server answers {@code stats} / {@code reset-peaks} on stdin</td></tr>
 * <tr><td>serverStopGrace</td><td>10 s</td><td>after SIGTERM, before the server is killed</td></tr>
 * <tr><td>clientRunTimeoutBase</td><td>60 s</td><td>per client run, plus {@code clientRunTimeoutPerOperation}</td></tr>
 * <tr><td>clientRunTimeoutPerOperation</td><td>200 µs</td><td>so 1,000 x 1,000 messages may take 260 s</td></tr>
 * </table>
 *
 * @param warmups                      client runs before the measured ones, {@code >= 0}
 * @param measuredRuns                 measured client runs, {@code >= 1}
 * @param heap                         heap of every forked JVM ({@code -Xms} and {@code -Xmx}), e.g. {@code 512m}
 * @param gc                           the collector flag, e.g. {@code -XX:+UseG1GC}
 * @param extraJvmArgs                 more JVM flags for every forked JVM, after heap and GC
 * @param pinning                      whether to pin server and client to their CPUs when {@code taskset} exists
 * @param serverStartTimeout           how long a server may take to print its {@code listening on} line
 * @param statsTimeout                 how long a server may take to answer a stdin command
 * @param serverStopGrace              how long a stopping server may take after SIGTERM
 * @param clientRunTimeoutBase         fixed part of a client run's time limit
 * @param clientRunTimeoutPerOperation part of a client run's time limit per expected operation
 * @param resultsDir                   where suites persist summaries and rankings ({@code target-results/})
 */
public record HarnessSettings(int warmups, int measuredRuns, String heap, String gc, List<String> extraJvmArgs,
                              boolean pinning, Duration serverStartTimeout, Duration statsTimeout,
                              Duration serverStopGrace, Duration clientRunTimeoutBase,
                              Duration clientRunTimeoutPerOperation, Path resultsDir) {

    public static final int DEFAULT_WARMUPS = 2;
    public static final int DEFAULT_MEASURED_RUNS = 3;
    public static final String DEFAULT_HEAP = "512m";
    public static final String DEFAULT_GC = "-XX:+UseG1GC";
    /** The system property surefire sets to {@code <repo>/target-results}; outside Maven the default is relative. */
    public static final String RESULTS_DIR_PROPERTY = "loomarena.results.dir";

    public HarnessSettings {
        if (warmups < 0 || measuredRuns < 1) {
            throw new IllegalArgumentException("warmups must be >= 0 and measuredRuns >= 1, got " + warmups + " and "
                    + measuredRuns);
        }
        if (!heap.matches("\\d+[kmgKMG]?")) {
            throw new IllegalArgumentException("heap must look like 512m, got " + heap);
        }
        Objects.requireNonNull(gc, "gc");
        extraJvmArgs = List.copyOf(extraJvmArgs);
        for (Duration d : List.of(serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase)) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("timeouts must be positive, got " + d);
            }
        }
        if (clientRunTimeoutPerOperation.isNegative()) {
            throw new IllegalArgumentException("clientRunTimeoutPerOperation must be >= 0, got "
                    + clientRunTimeoutPerOperation);
        }
        Objects.requireNonNull(resultsDir, "resultsDir");
    }

    /** The documented defaults, with {@code resultsDir} from {@value #RESULTS_DIR_PROPERTY} or {@code target-results}. */
    public static HarnessSettings defaults() {
        return new HarnessSettings(DEFAULT_WARMUPS, DEFAULT_MEASURED_RUNS, DEFAULT_HEAP, DEFAULT_GC, List.of(), true,
                Duration.ofSeconds(30), Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(60),
                Duration.ofNanos(200_000),
                Path.of(System.getProperty(RESULTS_DIR_PROPERTY, "target-results")).toAbsolutePath().normalize());
    }

    /** The defaults, overridden by {@code loomarena.warmups}, {@code .measuredRuns}, {@code .heap}, {@code .gc}, {@code .pinning}. */
    public static HarnessSettings fromSystemProperties() {
        HarnessSettings d = defaults();
        return new HarnessSettings(
                Integer.getInteger("loomarena.warmups", d.warmups()),
                Integer.getInteger("loomarena.measuredRuns", d.measuredRuns()),
                System.getProperty("loomarena.heap", d.heap()),
                System.getProperty("loomarena.gc", d.gc()),
                d.extraJvmArgs(),
                Boolean.parseBoolean(System.getProperty("loomarena.pinning", String.valueOf(d.pinning()))),
                d.serverStartTimeout(), d.statsTimeout(), d.serverStopGrace(), d.clientRunTimeoutBase(),
                d.clientRunTimeoutPerOperation(), d.resultsDir());
    }

    /** A copy with other run counts. */
    public HarnessSettings withRuns(int newWarmups, int newMeasuredRuns) {
        return new HarnessSettings(newWarmups, newMeasuredRuns, heap, gc, extraJvmArgs, pinning, serverStartTimeout,
                statsTimeout, serverStopGrace, clientRunTimeoutBase, clientRunTimeoutPerOperation, resultsDir);
    }

    /** A copy with other time limits for server start and client runs (tests use short ones). */
    public HarnessSettings withTimeouts(Duration newServerStart, Duration newClientRunBase) {
        return new HarnessSettings(warmups, measuredRuns, heap, gc, extraJvmArgs, pinning, newServerStart,
                statsTimeout, serverStopGrace, newClientRunBase, clientRunTimeoutPerOperation, resultsDir);
    }

    /** A copy whose forked JVMs get another heap, collector and extra flags. */
    public HarnessSettings withJvm(String newHeap, String newGc, List<String> newExtraJvmArgs) {
        return new HarnessSettings(warmups, measuredRuns, newHeap, newGc, newExtraJvmArgs, pinning, serverStartTimeout,
                statsTimeout, serverStopGrace, clientRunTimeoutBase, clientRunTimeoutPerOperation, resultsDir);
    }

    /** A copy that persists under another results folder. */
    public HarnessSettings withResultsDir(Path newResultsDir) {
        return new HarnessSettings(warmups, measuredRuns, heap, gc, extraJvmArgs, pinning, serverStartTimeout,
                statsTimeout, serverStopGrace, clientRunTimeoutBase, clientRunTimeoutPerOperation, newResultsDir);
    }

    /** The time limit of one client run that should complete {@code expectedOperations}. */
    public Duration clientRunTimeout(long expectedOperations) {
        return clientRunTimeoutBase.plus(clientRunTimeoutPerOperation.multipliedBy(Math.max(0, expectedOperations)));
    }

    /** The JVM flags every forked JVM gets, in order: heap, GC, extras. */
    public List<String> jvmArgs() {
        List<String> args = new java.util.ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap, gc));
        args.addAll(extraJvmArgs);
        return List.copyOf(args);
    }
}
