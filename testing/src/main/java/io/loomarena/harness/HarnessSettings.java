package io.loomarena.harness;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

import io.loomarena.measure.IterationLoop;

/**
 * How the harness forks and measures: the one documented place for its defaults. Immutable; the {@code with...}
 * methods return copies. The settings a user may change per run are read once, at the edge, from {@code -Dloomarena.*}
 * system properties by {@code io.loomarena.harness.options.RunOptions} (its table lists them); nothing here reads a
 * property.
 *
 * <table>
 * <caption>Defaults</caption>
 * <tr><th>setting</th><th>default</th><th>why</th></tr>
 * <tr><td>forks</td><td>{@value #DEFAULT_FORKS}</td><td>fresh server and client JVM pairs: JIT decisions, heap layout
 * and code alignment differ from JVM to JVM, so one JVM's iterations agree with each other more than with another's;
 * two forks show that spread at the cost of one more JVM pair</td></tr>
 * <tr><td>warmupIterations</td><td>{@value #DEFAULT_WARMUP_ITERATIONS}</td><td>iterations per fork, in the client JVM
 * that then measures, before measuring: with iterations of at least a second, two bring client and server to compiled
 * code (their figures are printed and discarded)</td></tr>
 * <tr><td>iterations</td><td>{@value #DEFAULT_ITERATIONS}</td><td>measured iterations per fork: with two forks, six
 * values for the interval</td></tr>
 * <tr><td>heap</td><td>{@value #DEFAULT_HEAP}</td><td>{@code -Xms} = {@code -Xmx}: no heap resizing during a run</td></tr>
 * <tr><td>gc</td><td>{@value #DEFAULT_GC}</td><td>explicit, so a JDK's ergonomics cannot pick another collector</td></tr>
 * <tr><td>pinning</td><td>{@value #DEFAULT_PINNING}</td><td>server on CPU 0, client on CPU 1 with {@code taskset} when possible</td></tr>
 * <tr><td>crossCpuProbe</td><td>{@value #DEFAULT_CROSS_CPU_PROBE}</td><td>reads the placement of the two pinned CPUs
 * around each measured iteration ({@code fork.CrossCpuProbe}) into the summaries, so that every run shows which
 * iterations ran with the CPUs far apart; its two JVMs stay idle between readings, so a reading costs tens of
 * milliseconds (the first, which starts them, a few tenths of a second); always on in the A/B gate, which compares
 * iterations of one placement</td></tr>
 * <tr><td>serverStartTimeout</td><td>30 s</td><td>until the server prints {@code listening on HOST:PORT}</td></tr>
 * <tr><td>statsTimeout</td><td>10 s</td><td>until the server answers {@code stats} / {@code reset-peaks} on stdin</td></tr>
 * <tr><td>serverStopGrace</td><td>10 s</td><td>after SIGTERM, before the server is killed</td></tr>
 * <tr><td>clientRunTimeoutBase</td><td>60 s</td><td>per client run, plus {@code clientRunTimeoutPerOperation}</td></tr>
 * <tr><td>clientRunTimeoutPerOperation</td><td>200 µs</td><td>so 1,000 x 1,000 messages may take 260 s</td></tr>
 * </table>
 *
 * @param forks                        fresh server and client JVM pairs per combination, {@code 1..100}
 * @param warmupIterations             iterations per fork before the measured ones, {@code 0..1000}
 * @param iterations                   measured iterations per fork, {@code 1..1000}
 * @param heap                         heap of every forked JVM ({@code -Xms} and {@code -Xmx}), e.g. {@code 512m}
 * @param gc                           the collector flag, e.g. {@code -XX:+UseG1GC}
 * @param extraJvmArgs                 more JVM flags for every forked JVM, after heap and GC
 * @param pinning                      whether to pin server and client to their CPUs when {@code taskset} exists
 * @param crossCpuProbe                whether to read the cross-CPU round trip around each measured iteration
 * @param serverStartTimeout           how long a server may take to print its {@code listening on} line
 * @param statsTimeout                 how long a server may take to answer a stdin command
 * @param serverStopGrace              how long a stopping server may take after SIGTERM
 * @param clientRunTimeoutBase         fixed part of a client JVM's time limit
 * @param clientRunTimeoutPerOperation part of a client JVM's time limit per expected operation of every iteration
 * @param resultsDir                   where suites persist summaries and rankings ({@code target-results/})
 * @param jvm                          the harness's own JVM: the {@code java} and class path forks on this machine use
 */
public record HarnessSettings(int forks, int warmupIterations, int iterations, String heap, String gc, List<String> extraJvmArgs,
                              boolean pinning, boolean crossCpuProbe, Duration serverStartTimeout,
                              Duration statsTimeout,
                              Duration serverStopGrace, Duration clientRunTimeoutBase,
                              Duration clientRunTimeoutPerOperation, Path resultsDir, HarnessJvm jvm) {

    public static final int DEFAULT_FORKS = 2;
    public static final int DEFAULT_WARMUP_ITERATIONS = 2;
    public static final int DEFAULT_ITERATIONS = 3;
    /** The most forks a run may ask for. */
    public static final int MAX_FORKS = 100;
    public static final String DEFAULT_HEAP = "512m";
    public static final String DEFAULT_GC = "-XX:+UseG1GC";
    public static final boolean DEFAULT_PINNING = true;
    public static final boolean DEFAULT_CROSS_CPU_PROBE = true;

    public HarnessSettings {
        if (forks < 1 || forks > MAX_FORKS) {
            throw new IllegalArgumentException("forks must be 1.." + MAX_FORKS + ", got " + forks);
        }
        new IterationLoop.Plan(warmupIterations, iterations); // the client's own limits, with its message
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
        Objects.requireNonNull(jvm, "jvm");
    }

    /** The documented defaults, persisting under {@code resultsDir}, forking with {@code jvm}'s binary and class path. */
    public static HarnessSettings defaults(HarnessJvm jvm, Path resultsDir) {
        return new HarnessSettings(DEFAULT_FORKS, DEFAULT_WARMUP_ITERATIONS, DEFAULT_ITERATIONS, DEFAULT_HEAP,
                DEFAULT_GC, List.of(), DEFAULT_PINNING, DEFAULT_CROSS_CPU_PROBE, Duration.ofSeconds(30),
                Duration.ofSeconds(10), Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofNanos(200_000),
                resultsDir.toAbsolutePath().normalize(), jvm);
    }

    /** A copy with other fork and iteration counts, heap, collector and pinning: what a user sets per run. */
    public HarnessSettings withRun(int newForks, int newWarmupIterations, int newIterations, String newHeap,
                                   String newGc, boolean newPinning) {
        return new HarnessSettings(newForks, newWarmupIterations, newIterations, newHeap, newGc, extraJvmArgs,
                newPinning, crossCpuProbe, serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase,
                clientRunTimeoutPerOperation, resultsDir, jvm);
    }

    /** A copy with other fork and iteration counts. */
    public HarnessSettings withIterations(int newForks, int newWarmupIterations, int newIterations) {
        return new HarnessSettings(newForks, newWarmupIterations, newIterations, heap, gc, extraJvmArgs, pinning,
                crossCpuProbe, serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase,
                clientRunTimeoutPerOperation, resultsDir, jvm);
    }

    /** A copy with other time limits for server start and client runs (tests use short ones). */
    public HarnessSettings withTimeouts(Duration newServerStart, Duration newClientRunBase) {
        return new HarnessSettings(forks, warmupIterations, iterations, heap, gc, extraJvmArgs, pinning, crossCpuProbe,
                newServerStart, statsTimeout, serverStopGrace, newClientRunBase, clientRunTimeoutPerOperation,
                resultsDir, jvm);
    }

    /** A copy whose forked JVMs get another heap, collector and extra flags. */
    public HarnessSettings withJvm(String newHeap, String newGc, List<String> newExtraJvmArgs) {
        return new HarnessSettings(forks, warmupIterations, iterations, newHeap, newGc, newExtraJvmArgs, pinning,
                crossCpuProbe, serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase,
                clientRunTimeoutPerOperation, resultsDir, jvm);
    }

    /** A copy that reads, or does not read, the placement of the two CPUs around each measured iteration. */
    public HarnessSettings withCrossCpuProbe(boolean probe) {
        return new HarnessSettings(forks, warmupIterations, iterations, heap, gc, extraJvmArgs, pinning, probe,
                serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase, clientRunTimeoutPerOperation,
                resultsDir, jvm);
    }

    /** A copy that persists under another results folder. */
    public HarnessSettings withResultsDir(Path newResultsDir) {
        return new HarnessSettings(forks, warmupIterations, iterations, heap, gc, extraJvmArgs, pinning, crossCpuProbe,
                serverStartTimeout, statsTimeout, serverStopGrace, clientRunTimeoutBase, clientRunTimeoutPerOperation,
                newResultsDir, jvm);
    }

    /** The time limit of one client JVM whose every iteration, warmup or measured, completes {@code expectedOperations}. */
    public Duration clientRunTimeout(long expectedOperations) {
        return clientRunTimeoutBase.plus(clientRunTimeoutPerOperation.multipliedBy(
                Math.max(0, expectedOperations) * (warmupIterations + iterations)));
    }

    /** The JVM flags every forked JVM gets, in order: heap, GC, extras. */
    public List<String> jvmArgs() {
        List<String> args = new java.util.ArrayList<>(List.of("-Xms" + heap, "-Xmx" + heap, gc));
        args.addAll(extraJvmArgs);
        return List.copyOf(args);
    }

    /**
     * The repository root, where the harness finds build outputs (a framework module's class path,
     * {@link ModuleClassPath}): the results folder's parent, as surefire sets it ({@code <repo>/target-results}).
     */
    public Path repository() {
        Path absolute = resultsDir.toAbsolutePath().normalize();
        return Objects.requireNonNullElse(absolute.getParent(), absolute);
    }
}
