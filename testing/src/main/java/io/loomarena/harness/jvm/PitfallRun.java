package io.loomarena.harness.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.JvmLaunch;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.fork.JvmFork;

/**
 * Runs one pitfall program ({@code io.loomarena.pitfall.PitfallMain}) in a fresh JVM of the JDK under test, with the
 * run's fixed heap and collector, pinned to the server's CPU when pinning is on, plus the pitfall's own flags; waits
 * for it (bounded) and reads its result line and its JFR recording. Stateless.
 */
public final class PitfallRun {

    /** The main class every pitfall program runs under. */
    static final String MAIN_CLASS = "io.loomarena.pitfall.PitfallMain";
    private static final String RESULT_PREFIX = "[PITFALL] ";

    private PitfallRun() {
    }

    /**
     * What one run of a pitfall measured.
     *
     * @param jdk      the JDK it ran on
     * @param jvmArgs  the JVM's flags
     * @param figures  the program's {@code key=value} figures, in its order
     * @param evidence its JFR recording, read
     * @param jfr      where the recording was kept
     */
    public record Outcome(JavaRuntime jdk, List<String> jvmArgs, Map<String, String> figures, JfrEvidence evidence,
                          Path jfr) {

        public Outcome {
            jvmArgs = List.copyOf(jvmArgs);
            figures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        }

        /** The figure {@code key} as a number. */
        public long number(String key) {
            String value = figures.get(key);
            if (value == null) {
                throw new HarnessException("the pitfall's result line has no " + key + "=: " + figures);
            }
            return Long.parseLong(value);
        }
    }

    /**
     * Runs {@code pitfall} with {@code settings} ({@code key=value} arguments) on {@code jdk} with {@code moreJvmArgs}
     * after the run's heap and GC flags; the recording is kept as {@code folder/NAME-jdkFEATURE.jfr}.
     *
     * @throws HarnessException with the program's stderr when it fails or does not finish within {@code timeout}
     */
    public static Outcome run(JavaRuntime jdk, HarnessSettings harness, String pitfall, Map<String, Object> settings,
                              List<String> moreJvmArgs, Path folder, Duration timeout) {
        return run(jdk, harness, pitfall, pitfall, settings, moreJvmArgs, folder, timeout);
    }

    /** Like {@link #run(JavaRuntime, HarnessSettings, String, Map, List, Path, Duration)}, the recording named
     * {@code recordingName-jdkFEATURE.jfr} (one pitfall with several variants). */
    public static Outcome run(JavaRuntime jdk, HarnessSettings harness, String recordingName, String pitfall,
                              Map<String, Object> settings, List<String> moreJvmArgs, Path folder, Duration timeout) {
        List<String> jvmArgs = new ArrayList<>(harness.jvmArgs());
        jvmArgs.addAll(moreJvmArgs);
        Path jfr = folder.resolve(recordingName + "-jdk" + jdk.feature() + ".jfr").toAbsolutePath();
        List<String> args = new ArrayList<>(List.of(pitfall));
        settings.forEach((key, value) -> args.add(key + "=" + value));
        args.add("jfr=" + jfr);
        JvmFork fork = new JvmFork(jdk.binary(), harness.jvm().classPath(), jvmArgs,
                CpuPinning.detect(harness.pinning()));
        List<String> results = new CopyOnWriteArrayList<>();
        try {
            Files.createDirectories(folder);
            Files.deleteIfExists(jfr);
        } catch (IOException e) {
            throw new HarnessException("cannot prepare " + jfr + ": " + e.getMessage(), e);
        }
        String name = pitfall + " JVM (JDK " + jdk.version() + ")";
        try (ChildProcess child = fork.start(name, new JvmLaunch(MAIN_CLASS, args), CpuPinning.Role.SERVER, line -> {
            if (line.startsWith(RESULT_PREFIX)) {
                results.add(line);
            }
        })) {
            if (!child.awaitExit(timeout)) {
                throw new HarnessException(name + " did not finish within " + timeout.toSeconds() + " s"
                        + child.details());
            }
            child.awaitOutputEnd(Duration.ofSeconds(5));
            if (child.exitValue() != 0 || results.size() != 1 || !Files.isRegularFile(jfr)) {
                throw new HarnessException(name + " exited " + child.exitValue() + " with " + results.size()
                        + " result lines" + child.details());
            }
        }
        return new Outcome(jdk, jvmArgs, figures(results.get(0)), JfrEvidence.read(jfr), jfr);
    }

    /** The {@code key=value} words of a result line, in order. */
    static Map<String, String> figures(String line) {
        Map<String, String> figures = new LinkedHashMap<>();
        for (String word : line.substring(RESULT_PREFIX.length()).split(" ")) {
            int equals = word.indexOf('=');
            if (equals > 0) {
                figures.put(word.substring(0, equals), word.substring(equals + 1));
            }
        }
        return figures;
    }
}
