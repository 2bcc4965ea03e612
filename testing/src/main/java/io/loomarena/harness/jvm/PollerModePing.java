package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.measure.RunResult;
import io.loomarena.model.ServerModel;

/**
 * The setting {@code jdk.pollerMode} on the HTTP server: {@code serve --model virtual} in a fresh JVM of the JDK with
 * {@code -Djdk.pollerMode=MODE}, and {@code requests} {@code /ping} requests over {@code connections} kept-alive
 * connections from a load client on virtual threads. A JDK reads the mode only when a virtual thread first waits for
 * a socket, and one that refuses it leaves the server listening while every such wait fails: a refused mode shows as
 * failed requests, with the server's stderr giving the reason. Figures (throughput, p99, max) are printed, never
 * asserted. Immutable.
 *
 * @param connections kept-alive connections, all open at once
 * @param requests    {@code /ping} requests over all of them
 * @param mode        the value of {@code -Djdk.pollerMode}
 */
public record PollerModePing(int connections, int requests, int mode) {

    private static final String NAME = "poller-ping";

    public PollerModePing {
        if (connections < 1 || requests < connections || mode < 1) {
            throw new HarnessException("poller-mode /ping needs connections >= 1, requests >= connections and mode"
                    + " >= 1, got " + connections + ", " + requests + ", " + mode);
        }
    }

    /** Runs it on {@code jdk}, the client's result kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        String name = NAME + "-mode" + mode + "-jdk" + jdk.feature();
        try (ForkedServer server = HttpPitfallRun.startServer(jdk, harness, ServerModel.VIRTUAL,
                List.of("-Djdk.pollerMode=" + mode))) {
            server.resetPeaks();
            RunResult load = HttpPitfallRun.load(harness, server, "/ping", List.of("--connections",
                    String.valueOf(connections), "--requests", String.valueOf(requests)), folder, name,
                    Duration.ofSeconds(180));
            String refusal = load.totalErrors() > 0 ? refusal(server.stderrTail()) : null;
            return new Result(this, jdk, refusal, load, server.stats().peakThreads());
        }
    }

    /** The line of the server's stderr that says why the poller could not start, or null when none does. */
    static String refusal(String stderr) {
        return stderr.lines().filter(line -> line.contains("polling mode") || line.contains("pollerMode"))
                .map(String::strip).findFirst().orElse(null);
    }

    /**
     * One run's figures and what is wrong with it.
     *
     * @param pitfall         what ran
     * @param jdk             the server's JDK
     * @param refusal         the JDK's refusal of the mode, or null when it ran with it
     * @param load            the load client's result
     * @param peakPlatformThreads the server's peak platform threads during the load
     */
    public record Result(PollerModePing pitfall, JavaRuntime jdk, String refusal, RunResult load,
                         int peakPlatformThreads) {

        /** Whether the JDK ran the server with the mode (JDK 21 runs with any: it has no poller modes). */
        public boolean accepted() {
            return refusal == null;
        }

        /** Refused: the refusal names the mode. Run: every request answered, none failed. */
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            if (!accepted()) {
                if (!refusal.contains("'" + pitfall.mode() + "'") && !refusal.contains("=" + pitfall.mode())) {
                    wrong.add("the JDK refused pollerMode " + pitfall.mode() + " without naming it: " + refusal);
                }
                return wrong;
            }
            if (load.operations() != pitfall.requests() || load.totalErrors() != 0) {
                wrong.add("answered " + load.operations() + " of " + pitfall.requests() + " /ping requests, failed "
                        + load.errors());
            }
            return wrong;
        }

        public String line() {
            String head = String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): HTTP server on virtual threads,"
                            + " pollerMode=%d, %d /ping requests over %d connections: ", NAME, jdk.version(),
                    jdk.vendor(), pitfall.mode(), pitfall.requests(), pitfall.connections());
            if (!accepted()) {
                return head + "refused by the JDK, " + load.totalErrors() + " requests failed, " + load.operations()
                        + " answered (" + refusal + ")";
            }
            return head + String.format(Locale.ROOT, "%.3f s, %.0f requests/s, p99 %.2f ms, max %.2f ms; answered"
                            + " %d, failed %d; server's peak platform threads %d%s", load.elapsedNanos() / 1e9,
                    load.throughput(), load.latency().p99() / 1e3, load.latency().max() / 1e3, load.operations(),
                    load.totalErrors(), peakPlatformThreads,
                    jdk.feature() == 21 ? "; JDK 21 has no poller modes and ignores the setting" : "");
        }
    }
}
