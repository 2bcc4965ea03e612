package io.loomarena.measure;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Creates the folder a result file is written into. {@link Path#getParent()} is null for a bare file name
 * ({@code report.html}), which {@link Files#createDirectories} does not accept: such a file goes in the working
 * directory, as every other use of a relative path does.
 */
public final class ParentFolder {

    private ParentFolder() {
    }

    /**
     * Creates the folder of {@code file} (and its parents) unless it exists, and returns it.
     *
     * @throws IllegalArgumentException if {@code file} is a root, which no file can be
     */
    public static Path create(Path file) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        if (folder == null) {
            throw new IllegalArgumentException("cannot write a file at " + file + ": it is a root folder");
        }
        return Files.createDirectories(folder);
    }
}
