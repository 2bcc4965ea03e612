package io.loomarena.http.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The default content shipped in the jar (1,000 users for {@code /data.json}, a 50 KB page and its assets for
 * {@code /files/}), copied once per JVM to a temporary folder that is deleted at exit, so that the uncached models
 * really read them from disk. Thread-safe (lazy holder).
 */
public final class BundledContent {

    /** The data file's name, as users see it under {@code --data}. */
    public static final String DATA_FILE = "users.json";
    /** The files of the default docroot. */
    public static final List<String> DOCROOT_FILES = List.of("index.html", "style.css", "app.js", "logo.svg", "notes.txt");

    private static final String RESOURCES = "/loomarena/";

    private BundledContent() {
    }

    /** The extracted data file. */
    public static Path dataFile() {
        return Holder.ROOT.resolve("data").resolve(DATA_FILE);
    }

    /** The extracted docroot. */
    public static Path docroot() {
        return Holder.ROOT.resolve("docroot");
    }

    private static final class Holder {
        static final Path ROOT = extract();
    }

    private static Path extract() {
        try {
            Path root = Files.createTempDirectory("loom-arena-http-");
            root.toFile().deleteOnExit();
            copy(root, "data", DATA_FILE);
            for (String file : DOCROOT_FILES) {
                copy(root, "docroot", file);
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the bundled content to a temporary folder", e);
        }
    }

    private static void copy(Path root, String folder, String name) throws IOException {
        Path dir = root.resolve(folder);
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            dir.toFile().deleteOnExit();
        }
        Path target = dir.resolve(name);
        try (InputStream in = BundledContent.class.getResourceAsStream(RESOURCES + folder + "/" + name)) {
            if (in == null) {
                throw new IOException("resource missing from the jar: " + RESOURCES + folder + "/" + name);
            }
            Files.copy(in, target);
        }
        target.toFile().deleteOnExit();
    }
}
