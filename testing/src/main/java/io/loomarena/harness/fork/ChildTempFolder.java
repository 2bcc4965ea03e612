package io.loomarena.harness.fork;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.loomarena.harness.Folders;

/**
 * A forked JVM's own temporary folder ({@code java.io.tmpdir}), removed when the JVM has exited. Servers stop with
 * {@code Runtime.halt} and harnesses kill JVMs outright, and neither runs exit hooks: without it every JVM left its
 * JFR repository (the pinning monitor's event stream) in the machine's temporary folder, a Spring Boot row its Tomcat
 * folders, a test run a dozen of each. Local JVMs only: a JVM on another host keeps that host's folder.
 */
final class ChildTempFolder {

    private static final String PREFIX = "loomarena-jvm-";

    private ChildTempFolder() {
    }

    /** A new folder in this machine's temporary folder. */
    static Path create() {
        try {
            return Files.createTempDirectory(PREFIX);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for a forked JVM: " + e.getMessage(), e);
        }
    }

    /** The JVM flag that makes {@code folder} the JVM's temporary folder. */
    static String flag(Path folder) {
        return "-Djava.io.tmpdir=" + folder;
    }

    /**
     * {@code command} (a JVM command line, the java binary at {@code javaIndex}) with the flag for {@code folder}
     * right after the binary, so that a flag among the recorded ones still wins (the last -D of a name is the one).
     */
    static List<String> withFlag(List<String> command, int javaIndex, Path folder) {
        List<String> withFlag = new java.util.ArrayList<>(command);
        withFlag.add(javaIndex + 1, flag(folder));
        return List.copyOf(withFlag);
    }

    /** Removes {@code folder} and everything in it; what cannot be removed is left to the machine's cleaner. */
    static void delete(Path folder) {
        try {
            Folders.delete(folder);
        } catch (UncheckedIOException e) {
            // A file vanished or could not be removed: nothing a failure message could help with.
        }
    }
}
