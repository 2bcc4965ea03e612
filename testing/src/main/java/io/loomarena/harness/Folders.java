package io.loomarena.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The harness's one way to remove a folder it created (a baseline build, a database cluster, a JVM's temporary folder). */
public final class Folders {

    private Folders() {
    }

    /**
     * Removes {@code folder} and everything in it; nothing when it does not exist.
     *
     * @throws UncheckedIOException naming the folder, when something in it could not be removed
     */
    public static void delete(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove " + folder + ": " + e.getMessage(), e);
        }
    }
}
