package io.loomarena.pitfall;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The small programs that show a virtual-thread pitfall, run by the harness in a fresh JVM of the JDK under test
 * ({@code io.loomarena.harness.jvm.PitfallRun}). One program per pitfall, chosen by the first argument; the rest are
 * {@code key=value} settings. Each runs its bounded workload once inside a JFR recording of the events that are its
 * evidence, dumps the recording to {@code jfr=FILE} for the harness to read, and prints one line,
 * {@code [PITFALL] name key=value ...}, with what it measured. It depends on nothing but the JDK (21+) so that it
 * runs unchanged on every JDK the harness compares. Bad arguments: one line on stderr and exit code 2.
 */
public final class PitfallMain {

    /** The prefix of the result line. */
    public static final String RESULT_PREFIX = "[PITFALL] ";

    private PitfallMain() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        Map<String, String> settings;
        Pitfall pitfall;
        try {
            if (args.length == 0) {
                throw new IllegalArgumentException("name a pitfall: " + Arrays.toString(Pitfall.Name.values()));
            }
            settings = settings(Arrays.copyOfRange(args, 1, args.length));
            pitfall = Pitfall.Name.of(args[0]).create(settings);
        } catch (IllegalArgumentException e) {
            System.err.println("pitfall: " + e.getMessage());
            System.exit(2);
            return;
        }
        Map<String, Object> result = new LinkedHashMap<>();
        try (EvidenceRecording recording = EvidenceRecording.start(pitfall.events())) {
            result.putAll(pitfall.run());
            recording.dumpTo(Path.of(require(settings, "jfr")));
        } catch (IOException e) {
            System.err.println("pitfall " + args[0] + ": cannot write the JFR recording: " + e.getMessage());
            System.exit(1);
            return;
        }
        StringBuilder line = new StringBuilder(RESULT_PREFIX).append(args[0]);
        line.append(" javaVersion=").append(Runtime.version());
        result.forEach((key, value) -> line.append(' ').append(key).append('=').append(value));
        out.println(line);
    }

    private static Map<String, String> settings(String[] words) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String word : words) {
            int equals = word.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("'" + word + "' is not key=value");
            }
            settings.put(word.substring(0, equals), word.substring(equals + 1));
        }
        return settings;
    }

    /** The setting {@code key}, which must be there. */
    static String require(Map<String, String> settings, String key) {
        String value = settings.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("missing " + key + "=...");
        }
        return value;
    }

    /** The setting {@code key} as a whole number in {@code min..max}. */
    static int number(Map<String, String> settings, String key, int min, int max) {
        String text = require(settings, key);
        try {
            int value = Integer.parseInt(text);
            if (value < min || value > max) {
                throw new IllegalArgumentException(key + "=" + text + " is out of range (allowed: " + min + ".." + max
                        + ")");
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + "=" + text + " is not a whole number", e);
        }
    }
}
