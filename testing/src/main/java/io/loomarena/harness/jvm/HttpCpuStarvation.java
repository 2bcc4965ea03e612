package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ServerModel;

/**
 * CPU-bound requests starving the scheduler, on the HTTP server: {@code serve --model MODEL} in a fresh JVM of the
 * JDK with {@code -Djdk.virtualThreadScheduler.parallelism=P}; one load client keeps {@code cpuConnections}
 * {@code /cpu?n=ROUNDS} requests in progress, and once the server counts them in progress a second one sends
 * {@code /ping} at {@code pingRate} per second for {@code pingWindow} (open model: latency from each request's due
 * time, so a wait is counted in full). On virtual threads with as many {@code /cpu} requests as carriers, nothing
 * preempts them (JDK 21 and 25 alike): a {@code /ping} waits until a {@code /cpu} request ends. On a pool of platform
 * threads, or with more carriers than {@code /cpu} requests, the OS time-slices and {@code /ping} gets a turn.
 * Asserted, with generous factors, relative to the {@code /cpu} request's own median time in the same run (not a
 * timed target): held carriers, the {@code /ping} p99 is at least half a {@code /cpu} request; otherwise under a
 * quarter of one. Immutable.
 *
 * @param model          the server's model: {@code VIRTUAL} or {@code POOL} (its default 100 threads)
 * @param parallelism    the virtual-thread scheduler's carriers
 * @param cpuConnections {@code /cpu} requests kept in progress, one per connection
 * @param cpuRounds      the {@code n} of {@code /cpu} (about 1 ns of one core each)
 * @param pingRate       {@code /ping} requests per second
 * @param pingWindow     how long {@code /ping} is sent
 */
public record HttpCpuStarvation(ServerModel model, int parallelism, int cpuConnections, long cpuRounds, int pingRate,
                                Duration pingWindow) {

    private static final String NAME = "cpu-bound-http";
    private static final int PING_CONNECTIONS = 4;
    /**
     * Added to the /cpu load's window so that it outlasts /ping's: the /ping client JVM's start, and the last /ping's
     * wait behind /cpu (seconds on a busy machine).
     */
    private static final Duration CLIENT_START_MARGIN = Duration.ofSeconds(8);
    private static final Duration IN_PROGRESS_TIMEOUT = Duration.ofSeconds(30);
    static final double HELD_AT_LEAST = 0.5;
    static final double TURN_AT_MOST = 0.25;

    public HttpCpuStarvation {
        if (model != ServerModel.VIRTUAL && model != ServerModel.POOL) {
            throw new HarnessException("CPU starvation on HTTP compares the virtual and pool models, got " + model);
        }
        if (parallelism < 1 || cpuConnections < 1 || cpuRounds < 1 || pingRate < 1 || pingWindow.isNegative()
                || pingWindow.isZero()) {
            throw new HarnessException("CPU starvation on HTTP needs parallelism, /cpu connections and rounds, /ping"
                    + " rate and window >= 1, got " + parallelism + ", " + cpuConnections + ", " + cpuRounds + ", "
                    + pingRate + "/s, " + pingWindow);
        }
    }

    /** Whether the {@code /cpu} requests hold every carrier: virtual threads, at least one per carrier. */
    public boolean holdsEveryCarrier() {
        return model == ServerModel.VIRTUAL && cpuConnections >= parallelism;
    }

    /** Runs it on {@code jdk}, the clients' results kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        String name = NAME + "-" + model.cliName() + "-par" + parallelism + "-jdk" + jdk.feature();
        Duration cpuWindow = pingWindow.plus(CLIENT_START_MARGIN);
        try (ForkedServer server = HttpPitfallRun.startServer(jdk, harness, model,
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism));
             HttpPitfallRun.Load cpu = HttpPitfallRun.startLoad(harness, server, "/cpu?n=" + cpuRounds,
                     List.of("--connections", String.valueOf(cpuConnections), "--duration",
                             cpuWindow.toMillis() + "ms"), folder, name + "-cpu")) {
            awaitInProgress(server, cpu);
            RunResult ping = HttpPitfallRun.load(harness, server, "/ping", List.of("--connections",
                    String.valueOf(PING_CONNECTIONS), "--rate", pingRate + "/s", "--duration",
                    pingWindow.toMillis() + "ms"), folder, name + "-ping", pingWindow.plusSeconds(60));
            boolean overlapped = cpu.process().isAlive();
            RunResult cpuResult = cpu.await(cpuWindow.plusSeconds(60));
            return new Result(this, jdk, ping, cpuResult, overlapped);
        }
    }

    /**
     * Waits (bounded) until the server counts every {@code /cpu} request in progress. A {@code stats} answer may be
     * late on a server whose CPU the {@code /cpu} requests fill (seen with the pool on a busy machine), so one that
     * times out is asked again until the deadline.
     */
    private void awaitInProgress(ForkedServer server, HttpPitfallRun.Load cpu) {
        long deadline = System.nanoTime() + IN_PROGRESS_TIMEOUT.toNanos();
        while (inProgress(server, deadline) < cpuConnections) {
            if (!cpu.process().isAlive() || System.nanoTime() > deadline) {
                throw new HarnessException("the server did not count " + cpuConnections + " /cpu requests in"
                        + " progress within " + IN_PROGRESS_TIMEOUT.toSeconds() + " s" + cpu.process().details());
            }
            // A stats round trip over stdin every 20 ms; the condition is the server's own counter.
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    private static long inProgress(ForkedServer server, long deadline) {
        try {
            return server.stats().counters().getOrDefault("requestsInProgress", 0L);
        } catch (HarnessException late) {
            if (!server.isAlive() || System.nanoTime() > deadline) {
                throw late;
            }
            return 0;
        }
    }

    /**
     * One run's figures and what is wrong with it.
     *
     * @param pitfall    what ran
     * @param jdk        the server's JDK
     * @param ping       the {@code /ping} client's result
     * @param cpu        the {@code /cpu} client's result
     * @param overlapped whether the {@code /cpu} load still ran when the {@code /ping} window ended
     */
    public record Result(HttpCpuStarvation pitfall, JavaRuntime jdk, RunResult ping, RunResult cpu,
                         boolean overlapped) {

        /** The {@code /ping} p99 as a share of the median {@code /cpu} request. */
        public double p99PerCpuRequest() {
            return (double) ping.latency().p99() / Math.max(1, cpu.latency().p50());
        }

        /**
         * Pings never sent: the open-model client's connections all waited past the window. Evidence of starvation
         * when {@code /cpu} holds every carrier, a failure otherwise.
         */
        public long unsentPings() {
            return ping.errors().getOrDefault("unsent", 0L);
        }

        /** No failed request, the windows overlapped, and the p99 on the side of its verdict. */
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            long pingFailures = ping.totalErrors() - (pitfall.holdsEveryCarrier() ? unsentPings() : 0);
            if (pingFailures != 0 || cpu.totalErrors() != 0 || ping.operations() == 0) {
                wrong.add("failed requests: /ping " + ping.errors() + " (" + ping.operations() + " answered), /cpu "
                        + cpu.errors());
            }
            if (!overlapped) {
                wrong.add("the /cpu load ended before the /ping window did, so /ping did not run against it all along");
            }
            if (pitfall.holdsEveryCarrier() && p99PerCpuRequest() < HELD_AT_LEAST) {
                wrong.add(String.format(Locale.ROOT, "/ping p99 is %.2f of a /cpu request, under %.2f, with /cpu"
                        + " holding every carrier: something gave /ping a turn", p99PerCpuRequest(), HELD_AT_LEAST));
            }
            if (!pitfall.holdsEveryCarrier() && p99PerCpuRequest() > TURN_AT_MOST) {
                wrong.add(String.format(Locale.ROOT, "/ping p99 is %.2f of a /cpu request, over %.2f, though /cpu"
                        + " cannot hold every thread: /ping did not get a turn", p99PerCpuRequest(), TURN_AT_MOST));
            }
            return wrong;
        }

        public String line() {
            String threads = pitfall.model() == ServerModel.VIRTUAL ? "virtual threads, parallelism "
                    + pitfall.parallelism() : "a pool of platform threads";
            return String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): HTTP server on %s, %d /cpu?n=%d in"
                            + " progress (median %.1f ms each, %d answered) while /ping arrives at %d/s for %.1f s"
                            + " over %d connections: /ping p50 %.2f ms, p99 %.2f ms (%.2f of a /cpu request), max"
                            + " %.2f ms, %d answered, %d never sent%s", NAME, jdk.version(), jdk.vendor(), threads,
                    pitfall.cpuConnections(), pitfall.cpuRounds(), cpu.latency().p50() / 1e3, cpu.operations(),
                    pitfall.pingRate(), pitfall.pingWindow().toMillis() / 1e3, PING_CONNECTIONS,
                    ping.latency().p50() / 1e3, ping.latency().p99() / 1e3, p99PerCpuRequest(),
                    ping.latency().max() / 1e3, ping.operations(), unsentPings(),
                    pitfall.holdsEveryCarrier() ? "; /cpu holds every carrier" : "");
        }
    }
}
