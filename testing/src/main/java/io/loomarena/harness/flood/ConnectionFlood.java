package io.loomarena.harness.flood;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.management.UnixOperatingSystemMXBean;

import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.measure.ModelThreads;

/**
 * One connection flood against one fresh server JVM: fork the server, warm it up and measure its baseline, flood it
 * from this JVM while sampling its figures, and measure it again afterwards. Plain Java (the Cucumber steps only call
 * it). Every figure comes from the server's {@code stats} / {@code gc} answers on stdin and from {@code /proc/PID/fd};
 * access to the server is serialised, because the sampler and the caller share it. Closing stops the server.
 */
public final class ConnectionFlood implements AutoCloseable {

    /** File descriptors a JVM needs besides the flood's sockets. */
    public static final int SPARE_FILE_DESCRIPTORS = 200;
    /** How often the server's figures are sampled during a flood. */
    public static final Duration SAMPLE_INTERVAL = Duration.ofMillis(250);
    /** The kind of file descriptor of a socket ({@link ServerSnapshot#fileDescriptorKinds}). */
    private static final String SOCKET = "socket";

    private final FloodTarget target;
    private final ForkedServer server;
    private final Object serverLock = new Object();
    private ServerSnapshot baseline;
    /**
     * Set when the scenario lowered the server's limit on purpose: the flood then goes beyond it. Volatile: this
     * object is shared with the sampler thread, and nothing else orders a write here with a later flood's read.
     */
    private volatile int serverFileLimit = -1;
    private Map<String, Integer> baselineFdKinds = Map.of();
    private ServerSnapshot held;
    private ServerSnapshot heldLive;
    private ServerSnapshot peak;
    /** The server's open sockets while every connection was held, or -1 (not held yet, or no {@code /proc}). */
    private volatile int heldSockets = -1;
    private FloodOutcome outcome;
    private final AtomicLong peakActive = new AtomicLong();
    private final AtomicLong peakSampledThreads = new AtomicLong();
    private final AtomicLong peakHeap = new AtomicLong();
    private final AtomicLong peakFds = new AtomicLong();

    private ConnectionFlood(FloodTarget target, ForkedServer server) {
        this.target = target;
        this.server = server;
    }

    /** Forks the target's server with the harness's JVM flags and pinning, and waits until it listens. */
    public static ConnectionFlood start(FloodTarget target, HarnessSettings settings) {
        JvmFork fork = JvmFork.local(settings);
        return new ConnectionFlood(target, ForkedServer.start(fork, "server JVM " + target.label(), target.launch(),
                settings));
    }

    public FloodTarget target() {
        return target;
    }

    /**
     * Serves {@code connections} connections one after another (which starts the threads a server creates on its
     * first connections, such as the virtual-thread scheduler's carrier), then measures the baseline after a full GC and resets the peaks.
     */
    public ServerSnapshot warmUpAndMeasureBaseline(int connections) {
        FloodOutcome warmUp = new FloodClient(host(), port()).run(new FloodPlan(connections,
                FloodPlan.Mode.CLOSE_WHEN_SERVED, 1, Duration.ofSeconds(10), Duration.ofSeconds(10),
                Duration.ofSeconds(60)), target.protocol(FloodPlan.Mode.CLOSE_WHEN_SERVED), () -> { });
        if (warmUp.served() != connections) {
            throw new IllegalStateException("the warm-up of " + target.label() + " served " + warmUp.served() + " of "
                    + connections + " connections: " + warmUp.failuresText() + " " + warmUp.firstFailure()
                    + server.details());
        }
        synchronized (serverLock) {
            baseline = ServerSnapshot.take(server, true);
            baselineFdKinds = Collections.unmodifiableMap(ServerSnapshot.fileDescriptorKinds(server.pid()));
            server.resetPeaks();
        }
        return baseline;
    }

    /** Lowers the server JVM's open-files limit (soft and hard) to {@code limit}, with {@code prlimit}. */
    public void limitServerOpenFiles(int limit) {
        OpenFilesLimit.set(server.pid(), limit);
        serverFileLimit = limit;
    }

    /** Floods the server with {@code connections} in {@code mode}; in HOLD mode measures while all are open. */
    public FloodOutcome flood(int connections, FloodPlan.Mode mode) {
        if (baseline == null) {
            throw new IllegalStateException("measure the baseline before the flood");
        }
        requireOpenFilesLimit(connections);
        FloodPlan plan = FloodPlan.of(connections, mode);
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(
                runnable -> ModelThreads.platform("flood-sampler", runnable));
        sampler.scheduleWithFixedDelay(this::sample, 0, SAMPLE_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
        try {
            outcome = new FloodClient(host(), port()).run(plan, target.protocol(mode), this::measureHeld);
        } finally {
            sampler.shutdownNow();
            try {
                sampler.awaitTermination(15, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (serverLock) {
            peak = ServerSnapshot.take(server, false);
        }
        return outcome;
    }

    /**
     * Fails clearly, before any connection is opened, when this JVM or the server cannot hold {@code connections}
     * sockets plus {@value #SPARE_FILE_DESCRIPTORS} other files (jars, pipes, pollers).
     */
    private void requireOpenFilesLimit(int connections) {
        long needed = connections + SPARE_FILE_DESCRIPTORS;
        long own = ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount() : -1;
        long server = serverFileLimit > 0 ? -1 : OpenFilesLimit.of(this.server.pid());
        for (long limit : new long[] {own, server}) {
            if (limit >= 0 && limit < needed) {
                throw new IllegalStateException("a flood of " + connections + " connections needs an open-files limit"
                        + " of at least " + needed + " in the test JVM and in the server JVM, but the limit is " + own
                        + " in the test JVM and " + server + " in the server JVM; raise it (ulimit -n 20000) and"
                        + " run again");
            }
        }
    }

    private void measureHeld() {
        synchronized (serverLock) {
            held = ServerSnapshot.take(server, false);
            heldSockets = ServerSnapshot.fileDescriptorKinds(server.pid()).getOrDefault(SOCKET, -1);
            heldLive = ServerSnapshot.take(server, true);
        }
        note(held);
    }

    private void sample() {
        try {
            synchronized (serverLock) {
                note(ServerSnapshot.take(server, false));
            }
        } catch (RuntimeException e) {
            // The server did not answer this time (or has died): the flood's own checks will say why.
        }
    }

    private void note(ServerSnapshot snapshot) {
        peakActive.accumulateAndGet(snapshot.activeConnections(), Math::max);
        peakSampledThreads.accumulateAndGet(snapshot.liveThreads(), Math::max);
        peakHeap.accumulateAndGet(snapshot.heapUsedBytes(), Math::max);
        peakFds.accumulateAndGet(snapshot.fileDescriptors(), Math::max);
    }

    /** The server's figures now, without a GC. */
    public ServerSnapshot now() {
        synchronized (serverLock) {
            return ServerSnapshot.take(server, false);
        }
    }

    /** The server's figures now, after a full GC: what the caller compares with the baseline after a flood. */
    public ServerSnapshot after() {
        synchronized (serverLock) {
            return ServerSnapshot.take(server, true);
        }
    }

    /** The server's open file descriptors by kind now (see {@link ServerSnapshot#fileDescriptorKinds}). */
    public Map<String, Integer> fileDescriptorKinds() {
        return ServerSnapshot.fileDescriptorKinds(server.pid());
    }

    /** The kinds of file descriptor whose count differs from the baseline, as {@code kind: before -> now}. */
    public String fileDescriptorChanges() {
        Map<String, Integer> now = fileDescriptorKinds();
        Set<String> kinds = new TreeSet<>(now.keySet());
        kinds.addAll(baselineFdKinds.keySet());
        StringBuilder changes = new StringBuilder();
        for (String kind : kinds) {
            int before = baselineFdKinds.getOrDefault(kind, 0);
            int after = now.getOrDefault(kind, 0);
            if (before != after) {
                changes.append(changes.isEmpty() ? "" : ", ").append(kind).append(": ").append(before).append(" -> ")
                        .append(after);
            }
        }
        return changes.isEmpty() ? "none" : changes.toString();
    }

    public ServerSnapshot baseline() {
        return baseline;
    }

    /** Figures while every connection was held (HOLD mode only), or {@code null}. */
    public ServerSnapshot held() {
        return held;
    }

    /**
     * The server JVM's open sockets while every connection was held, counted in {@code /proc/PID/fd}: at least one per
     * held connection whatever the server (Tomcat and Helidon keep no count of their connections), or -1.
     */
    public int heldSockets() {
        return heldSockets;
    }

    /** Like {@link #held()}, after a full GC: the heap figure is the live heap of the held connections. */
    public ServerSnapshot heldLive() {
        return heldLive;
    }

    /** Right after the flood: peak threads and peak RSS since the baseline. */
    public ServerSnapshot peak() {
        return peak;
    }

    public FloodOutcome outcome() {
        return outcome;
    }

    /** The most connections the server counted open at once, over the samples (and the held snapshot). */
    public long peakActiveConnections() {
        return peakActive.get();
    }

    /** The most heap in use seen at once, over the samples (garbage included: no GC before a sample). */
    public long peakHeapBytes() {
        return peakHeap.get();
    }

    /** The most open file descriptors seen at once, over the samples. */
    public long peakFileDescriptors() {
        return peakFds.get();
    }

    /** The most platform threads seen live at once: the larger of the sampled count and the JVM's peak. */
    public long peakThreads() {
        return Math.max(peakSampledThreads.get(), peak == null ? 0 : peak.peakThreads());
    }

    public boolean serverAlive() {
        return server.isAlive();
    }

    /** What the server wrote to stderr so far (its last lines). */
    public String serverStderr() {
        return server.stderrTail();
    }

    /** The tails of the server's stderr and stdout, for failure messages and for checking that nothing was thrown. */
    public String serverDetails() {
        return server.details();
    }

    public String host() {
        return server.address().host();
    }

    public int port() {
        return server.address().port();
    }

    @Override
    public void close() {
        server.close();
    }
}
