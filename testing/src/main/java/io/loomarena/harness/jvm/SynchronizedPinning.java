package io.loomarena.harness.jvm;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fork.JavaRuntime;

/**
 * The pitfall "blocking inside {@code synchronized} on virtual threads": {@code sessions} virtual threads each wait
 * {@code blockMillis} while holding their own monitor, with the scheduler's parallelism fixed. Pinned (JDK 21), at
 * most {@code parallelism} of them block at once, so they cannot finish faster than sessions x block / parallelism
 * (the arithmetic bound) and JFR records one {@code jdk.VirtualThreadPinned} per session; unpinned (JDK 24+, JEP 491)
 * they all block together and JFR records none. What is judged holds on any machine: pinned, the one event per
 * session and the bound the clock cannot beat; unpinned, no event and more sessions blocked at once than there are
 * carriers, which pinned carriers cannot allow. How much faster than the bound they finish is printed, not judged: it
 * depends on how fast the machine is. Immutable.
 *
 * @param sessions    virtual threads, one blocking call each
 * @param blockMillis how long each blocks inside its monitor
 * @param parallelism {@code -Djdk.virtualThreadScheduler.parallelism}: the carriers
 */
public record SynchronizedPinning(int sessions, int blockMillis, int parallelism) {

    /** The JFR event that is this pitfall's evidence. */
    public static final String PINNED_EVENT = "jdk.VirtualThreadPinned";
    /** Pinned, the elapsed time may undercut the bound by this fraction only (clock granularity). */
    private static final double BOUND_TOLERANCE = 0.05;
    private static final String NAME = "synchronized-sleep";

    public SynchronizedPinning {
        if (sessions < 1 || blockMillis < 1 || parallelism < 1) {
            throw new HarnessException("synchronized pinning needs sessions, block time and parallelism >= 1, got "
                    + sessions + ", " + blockMillis + " ms, " + parallelism);
        }
    }

    /** Whether {@code jdk} pins a virtual thread that blocks inside {@code synchronized}. */
    public static boolean pinsOn(JavaRuntime jdk) {
        return jdk.feature() < ComparedJdks.UNPINNED_MONITORS_SINCE;
    }

    /** The time the sessions take at least when every block pins a carrier: sessions x block / parallelism. */
    public Duration pinnedTime() {
        return Duration.ofMillis((long) sessions * blockMillis).dividedBy(parallelism);
    }

    /** Runs the sessions on {@code jdk}, its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("sessions", sessions);
        settings.put("blockMillis", blockMillis);
        Duration timeout = pinnedTime().multipliedBy(3).plusSeconds(60);
        PitfallRun.Outcome outcome = PitfallRun.run(jdk, harness, NAME, settings,
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism), folder, timeout);
        return new Result(this, outcome);
    }

    /**
     * One run's figures and its verdict.
     *
     * @param pitfall what ran
     * @param outcome what the program and JFR reported
     */
    public record Result(SynchronizedPinning pitfall, PitfallRun.Outcome outcome) implements PitfallResult {

        public Duration elapsed() {
            return Duration.ofNanos(outcome.number("elapsedNanos"));
        }

        /** Sessions per second. */
        public double throughput() {
            return pitfall.sessions() / (elapsed().toNanos() / 1e9);
        }

        /** The most sessions per second when pinned: parallelism / block time. */
        public double pinnedBound() {
            return pitfall.parallelism() * 1000.0 / pitfall.blockMillis();
        }

        /** The most sessions blocked inside their monitor at the same moment. */
        public long blockedAtOnce() {
            return outcome.number("peakBlockedAtOnce");
        }

        public long pinnedEvents() {
            return outcome.evidence().count(PINNED_EVENT);
        }

        /**
         * What is wrong with this run for its JDK's verdict (pinned on 21, not from 24 on), or an empty list. Pinned:
         * at least one pinned event per session and no faster than the bound. Unpinned: no pinned event and more
         * sessions blocked at once than the parallelism.
         */
        @Override
        public List<String> departures() {
            List<String> wrong = new java.util.ArrayList<>();
            Duration bound = pitfall.pinnedTime();
            if (pinsOn(outcome.jdk())) {
                if (pinnedEvents() < pitfall.sessions()) {
                    wrong.add(pinnedEvents() + " " + PINNED_EVENT + " events, expected one per session ("
                            + pitfall.sessions() + ")");
                }
                if (elapsed().toNanos() < bound.toNanos() * (1 - BOUND_TOLERANCE)) {
                    wrong.add("finished in " + seconds(elapsed()) + ", faster than pinned carriers allow ("
                            + seconds(bound) + ")");
                }
            } else {
                if (pinnedEvents() != 0) {
                    wrong.add(pinnedEvents() + " " + PINNED_EVENT + " events, expected none");
                }
                if (blockedAtOnce() <= pitfall.parallelism()) {
                    wrong.add("at most " + blockedAtOnce() + " sessions blocked at once, no more than the "
                            + pitfall.parallelism() + " carriers: as if pinned");
                }
            }
            return wrong;
        }

        /** The evidence, as one line for the build log. */
        @Override
        public String line() {
            JavaRuntime jdk = outcome.jdk();
            return String.format(Locale.ROOT, "[JVM] %s on JDK %s (%s): %d virtual threads x %d ms, parallelism %d: %s,"
                            + " %.1f threads/s against the pinned bound parallelism/block time = %.1f/s (%.1fx);"
                            + " %s events=%d (total %s); at most %d blocked at once; peak platform threads=%s;"
                            + " verdict: %s",
                    NAME, jdk.version(), jdk.vendor(), pitfall.sessions(), pitfall.blockMillis(),
                    pitfall.parallelism(), seconds(elapsed()), throughput(), pinnedBound(),
                    throughput() / pinnedBound(), PINNED_EVENT, pinnedEvents(),
                    seconds(outcome.evidence().duration(PINNED_EVENT)), blockedAtOnce(),
                    outcome.figures().get("peakPlatformThreads"),
                    pinsOn(jdk) ? "pins" : "does not pin");
        }

        private static String seconds(Duration duration) {
            return String.format(Locale.ROOT, "%.3f s", duration.toNanos() / 1e9);
        }
    }
}
