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
 * The setting {@code jdk.pollerMode} on echo: {@code connections} connections over loopback, each making
 * {@code roundTrips} round trips of {@code payload} bytes, server and clients on virtual threads, in a fresh JVM of
 * the JDK started with {@code -Djdk.pollerMode=MODE}. Its figures (throughput, p99 and max round trip) are printed,
 * never asserted: the machine is shared. What is asserted is fact: a mode the JDK runs with echoes every byte; a mode
 * it refuses is named in its refusal. JDK 21 has no poller modes and ignores the setting, which the line says. Immutable.
 *
 * @param connections connections, all open at once
 * @param roundTrips  round trips per connection, one after another
 * @param payload     bytes per round trip
 * @param mode        the value of {@code -Djdk.pollerMode}
 */
public record PollerModeEcho(int connections, int roundTrips, int payload, int mode) {

    private static final String NAME = "poller-echo";

    public PollerModeEcho {
        if (connections < 1 || roundTrips < 1 || payload < 1 || mode < 1) {
            throw new HarnessException("poller-mode echo needs connections, round trips, payload and mode >= 1, got "
                    + connections + ", " + roundTrips + ", " + payload + ", " + mode);
        }
    }

    /** Runs the echo on {@code jdk} with this mode, its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("connections", connections);
        settings.put("roundTrips", roundTrips);
        settings.put("payload", payload);
        PitfallRun.Outcome outcome = PitfallRun.run(jdk, harness, NAME + "-mode" + mode, NAME, settings,
                List.of("-Djdk.pollerMode=" + mode), folder, Duration.ofSeconds(180));
        return new Result(this, outcome);
    }

    /**
     * One run's figures and what is wrong with it.
     *
     * @param pitfall what ran
     * @param outcome what the program and JFR reported
     */
    public record Result(PollerModeEcho pitfall, PitfallRun.Outcome outcome) implements PitfallResult {

        /** The JDK's refusal of the mode, or null when it ran with it. */
        public String refusal() {
            String refused = outcome.figures().get("refused");
            return refused == null ? null : refused.replace('_', ' ');
        }

        /** Whether the JDK reads {@code jdk.pollerMode} at all (JDK 21 does not). */
        public boolean knowsPollerModes() {
            return Boolean.parseBoolean(outcome.figures().get("knowsPollerModes"));
        }

        /** Round trips per second over all connections. */
        public double throughput() {
            return (double) pitfall.connections() * pitfall.roundTrips() / (outcome.number("elapsedNanos") / 1e9);
        }

        /** Refused: the refusal names the mode. Run: every byte sent came back equal. */
        @Override
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            if (refusal() != null) {
                if (!refusal().contains(String.valueOf(pitfall.mode()))) {
                    wrong.add("the JDK refused pollerMode " + pitfall.mode() + " without naming it: " + refusal());
                }
                return wrong;
            }
            long sent = (long) pitfall.connections() * pitfall.roundTrips() * pitfall.payload();
            if (outcome.number("sentBytes") != sent || outcome.number("echoedBytes") != sent) {
                wrong.add("echoed " + outcome.number("echoedBytes") + " of " + sent + " bytes equal");
            }
            return wrong;
        }

        @Override
        public String line() {
            JavaRuntime jdk = outcome.jdk();
            String head = String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): pollerMode=%d, %d connections x %d"
                    + " round trips of %d bytes: ", NAME, jdk.version(), jdk.vendor(), pitfall.mode(),
                    pitfall.connections(), pitfall.roundTrips(), pitfall.payload());
            if (refusal() != null) {
                return head + "refused by the JDK (" + refusal() + ")";
            }
            return head + String.format(Locale.ROOT, "%.3f s, %.0f round trips/s, p99 %.2f ms, max %.2f ms;"
                            + " echoed %d of %d bytes; peak platform threads %d%s",
                    outcome.number("elapsedNanos") / 1e9, throughput(), outcome.number("p99Nanos") / 1e6,
                    outcome.number("maxNanos") / 1e6, outcome.number("echoedBytes"), outcome.number("sentBytes"),
                    outcome.number("peakPlatformThreads"),
                    knowsPollerModes() ? "" : "; this JDK has no poller modes and ignores the setting");
        }
    }
}
