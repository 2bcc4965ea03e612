package io.loomarena.http.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The default content shipped in the jar (1,000 users for {@code /data.json}, a 50 KB page and its assets for
 * {@code /files/}), extracted to a folder on disk so that the uncached models really read them from disk.
 * <p>
 * The folder is named after a hash of the content ({@code loom-arena-http-content-<hash>} in the temporary folder) and
 * shared by every server JVM of the same content, instead of one folder per JVM deleted at exit: a server stops with
 * {@code Runtime.halt} (to exit 0 after a graceful stop) and is killed by harnesses, and neither runs exit hooks, so
 * per-JVM folders piled up by the dozen per test run. A server extracts into a private folder and moves it into place
 * atomically, so two servers starting at once never see a half-written folder, and extracts anew a folder that lost
 * files (to a cleaner of the temporary folder); at most one folder per content version stays behind. (The harness
 * gives each JVM it forks a temporary folder of its own and removes it after the JVM's exit.) Thread-safe
 * (lazy holder).
 */
public final class BundledContent {

    /** The data file's name, as users see it under {@code --data}. */
    public static final String DATA_FILE = "users.json";
    /** The files of the default docroot. */
    public static final List<String> DOCROOT_FILES = List.of("index.html", "style.css", "app.js", "logo.svg", "notes.txt");

    /** The shared folders' name before the hash. */
    static final String PREFIX = "loom-arena-http-content-";
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
        static final Path ROOT = extract(Path.of(System.getProperty("java.io.tmpdir")));
    }

    /** The bundled files by their path under the content folder ({@code data/users.json}, {@code docroot/...}). */
    private static Map<String, byte[]> resources() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("data/" + DATA_FILE, resource("data/" + DATA_FILE));
        for (String file : DOCROOT_FILES) {
            files.put("docroot/" + file, resource("docroot/" + file));
        }
        return files;
    }

    private static byte[] resource(String path) throws IOException {
        try (InputStream in = BundledContent.class.getResourceAsStream(RESOURCES + path)) {
            if (in == null) {
                throw new IOException("resource missing from the jar: " + RESOURCES + path);
            }
            return in.readAllBytes();
        }
    }

    /**
     * The content folder under {@code parent}, extracted there unless a server of the same content did it before.
     * Package-private for tests, which extract into their own folder.
     */
    static Path extract(Path parent) {
        try {
            Map<String, byte[]> files = resources();
            Path root = parent.resolve(PREFIX + hash(files));
            if (Files.isDirectory(root)) {
                if (complete(root, files)) {
                    return root;
                }
                // A cleaner of the temporary folder (systemd-tmpfiles after some days) removed files of it: set it
                // aside and extract anew, rather than serve 404 where the content should be.
                Path stale = Files.createTempDirectory(parent, PREFIX + "stale-");
                try {
                    Files.move(root, stale.resolve("content"), StandardCopyOption.ATOMIC_MOVE);
                } catch (IOException e) {
                    // Another server set it aside first.
                } finally {
                    deleteTree(stale);
                }
            }
            Path partial = Files.createTempDirectory(parent, PREFIX + "partial-");
            try {
                Files.createDirectories(partial.resolve("data"));
                Files.createDirectories(partial.resolve("docroot"));
                for (Map.Entry<String, byte[]> file : files.entrySet()) {
                    Files.write(partial.resolve(file.getKey()), file.getValue());
                }
                Files.move(partial, root, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                // Another server moved the same content into place first (rename(2) refuses a non-empty target):
                // use it, and drop ours. Any other failure leaves no folder in place and is reported.
                if (!Files.isDirectory(root)) {
                    throw e;
                }
            } finally {
                deleteTree(partial);
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the bundled content to " + parent + ": " + e.getMessage(), e);
        }
    }

    /** Whether every file is in {@code root} with its size (a content folder that a cleaner left alone). */
    private static boolean complete(Path root, Map<String, byte[]> files) {
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            try {
                if (Files.size(root.resolve(file.getKey())) != file.getValue().length) {
                    return false;
                }
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }

    /** The first 16 hex digits of the SHA-256 of every file's path and bytes: a new content gets a new folder. */
    private static String hash(Map<String, byte[]> files) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                digest.update(file.getKey().getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
                digest.update(file.getValue());
            }
            return HexFormat.of().formatHex(digest.digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
