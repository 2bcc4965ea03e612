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
 * The pitfall "blocking file I/O on virtual threads": {@code threads} virtual threads each block reading one byte from
 * its own named pipe through {@code FileInputStream} or {@code FileChannel}, with the scheduler's parallelism fixed. A
 * file read holds its carrier. JDK 21 compensates with one extra carrier per blocked reader, so every reader blocks
 * at once and the platform threads grow by about {@code threads}; JDK 25 compensates only for direct I/O, so at most
 * {@code parallelism} readers block and the others wait for a carrier: the platform threads do not grow. Immutable.
 *
 * @param threads     virtual threads, one blocked read each
 * @param api         {@code stream} ({@code FileInputStream}) or {@code channel} ({@code FileChannel})
 * @param parallelism {@code -Djdk.virtualThreadScheduler.parallelism}
 */
public record FileReadCompensation(int threads, String api, int parallelism) {

    /** JFR's record of every platform thread started: the compensating carriers among them. */
    public static final String THREAD_START_EVENT = "jdk.ThreadStart";
    /** Platform threads a JVM may start besides carriers while the readers block (JFR, timers). */
    private static final int OTHER_THREADS = 4;
    private static final String NAME = "file-read";

    public FileReadCompensation {
        if (threads < 1 || parallelism < 1 || !List.of("stream", "channel").contains(api)) {
            throw new HarnessException("file-read compensation needs threads and parallelism >= 1 and api stream or"
                    + " channel, got " + threads + ", " + parallelism + ", " + api);
        }
    }

    /**
     * Whether {@code jdk} compensates a virtual thread blocked in a file read with another carrier: measured yes on
     * 21, no on 25. JDKs 22 to 24 have no recorded verdict here, and are refused rather than guessed.
     */
    public static boolean compensatesOn(JavaRuntime jdk) {
        if (jdk.feature() == 21) {
            return true;
        }
        if (jdk.feature() >= 25) {
            return false;
        }
        throw new HarnessException("the file-read pitfall has verdicts for JDK 21 and 25 or later only, not for "
                + jdk.describe());
    }

    /** Runs the readers on {@code jdk}, its recording kept in {@code folder}. */
    public Result runOn(JavaRuntime jdk, HarnessSettings harness, Path folder) {
        compensatesOn(jdk);
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("threads", threads);
        settings.put("api", api);
        PitfallRun.Outcome outcome = PitfallRun.run(jdk, harness, NAME + "-" + api, NAME, settings,
                List.of("-Djdk.virtualThreadScheduler.parallelism=" + parallelism), folder, Duration.ofSeconds(120));
        return new Result(this, outcome);
    }

    /**
     * One run's figures and its verdict.
     *
     * @param pitfall what ran
     * @param outcome what the program and JFR reported
     */
    public record Result(FileReadCompensation pitfall, PitfallRun.Outcome outcome) implements PitfallResult {

        /** Platform threads the JVM added while the readers blocked. */
        public long addedPlatformThreads() {
            return outcome.number("peakPlatformThreads") - outcome.number("platformThreadsBefore");
        }

        public long readersBlockedAtOnce() {
            return outcome.number("readersBlockedAtOnce");
        }

        /** What is wrong with this run for its JDK's verdict, or an empty list. */
        @Override
        public List<String> departures() {
            List<String> wrong = new ArrayList<>();
            int threads = pitfall.threads();
            if (outcome.number("bytesRead") != threads) {
                wrong.add(outcome.number("bytesRead") + " of " + threads + " readers got their byte");
            }
            if (compensatesOn(outcome.jdk())) {
                if (readersBlockedAtOnce() != threads) {
                    wrong.add(readersBlockedAtOnce() + " readers blocked at once, expected all " + threads);
                }
                if (addedPlatformThreads() < threads) {
                    wrong.add(addedPlatformThreads() + " platform threads added, expected one per blocked reader ("
                            + threads + ")");
                }
                if (outcome.evidence().count(THREAD_START_EVENT) < threads) {
                    wrong.add(outcome.evidence().count(THREAD_START_EVENT) + " " + THREAD_START_EVENT
                            + " events, expected at least " + threads);
                }
            } else {
                if (readersBlockedAtOnce() > pitfall.parallelism()) {
                    wrong.add(readersBlockedAtOnce() + " readers blocked at once, expected at most parallelism ("
                            + pitfall.parallelism() + ")");
                }
                if (addedPlatformThreads() > pitfall.parallelism() + OTHER_THREADS) {
                    wrong.add(addedPlatformThreads() + " platform threads added, expected no compensation (at most"
                            + " parallelism + " + OTHER_THREADS + ")");
                }
            }
            return wrong;
        }

        /** The evidence, as one line for the build log. */
        @Override
        public String line() {
            JavaRuntime jdk = outcome.jdk();
            return String.format(Locale.ROOT, "[JVM] %s (%s) on JDK %s (%s): %d virtual threads each blocked reading"
                            + " a pipe, parallelism %d: %d blocked at once; platform threads %d before, peak %d (+%d);"
                            + " %s events=%d; verdict: %s",
                    NAME, pitfall.api(), jdk.version(), jdk.vendor(), pitfall.threads(), pitfall.parallelism(),
                    readersBlockedAtOnce(), outcome.number("platformThreadsBefore"),
                    outcome.number("peakPlatformThreads"), addedPlatformThreads(), THREAD_START_EVENT,
                    outcome.evidence().count(THREAD_START_EVENT),
                    compensatesOn(jdk) ? "compensates" : "does not compensate");
        }
    }
}
