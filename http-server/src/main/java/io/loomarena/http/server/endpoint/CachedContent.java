package io.loomarena.http.server.endpoint;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.PreparedResponse;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Serves from memory (with {@code --cache-content}, any model): the data file is read once at construction, each static
 * file once at its first request, and kept as a {@link PreparedResponse}. Files over {@link #MAX_CACHED_FILE} or
 * beyond {@link #MAX_CACHED_FILES} entries are served from disk. Changes on disk are not seen. Thread-safe.
 */
public final class CachedContent implements ContentSource {

    /** The largest file kept in memory. */
    public static final long MAX_CACHED_FILE = 8 * 1024 * 1024;
    /** The most files kept in memory. */
    public static final int MAX_CACHED_FILES = 10_000;

    private final PreparedResponse data;
    private final Docroot docroot;
    private final DiskContent disk;
    private final ConcurrentHashMap<String, PreparedResponse> files = new ConcurrentHashMap<>();
    /** Whether every servable file was read at start: a name not in memory is then a 404, with no disk access. */
    private final boolean preloaded;

    /** Reads the data file now; a failure here stops the server from starting. */
    public CachedContent(Path dataFile, Docroot docroot) throws IOException {
        this(dataFile, docroot, false);
    }

    private CachedContent(Path dataFile, Docroot docroot, boolean preloaded) throws IOException {
        this.data = PreparedResponse.of(HttpStatus.OK, ContentType.JSON, Files.readAllBytes(dataFile));
        this.docroot = docroot;
        this.disk = new DiskContent(dataFile, docroot);
        this.preloaded = preloaded;
    }

    /**
     * Reads the data file and every servable file of the docroot now (up to {@link #MAX_CACHED_FILES} files of at
     * most {@link #MAX_CACHED_FILE} bytes), for a server whose threads must never block on the disk (the event
     * loop): a request never touches the disk, and a name not read now is a 404.
     */
    public static CachedContent preloaded(Path dataFile, Docroot docroot) throws IOException {
        CachedContent content = new CachedContent(dataFile, docroot, true);
        Path root = docroot.root();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : (Iterable<Path>) walk::iterator) {
                String name = root.relativize(file).toString().replace(File.separatorChar, '/');
                if (content.files.size() < MAX_CACHED_FILES && Files.isRegularFile(file)
                        && Files.size(file) <= MAX_CACHED_FILE) {
                    content.preload(name);
                }
            }
        }
        return content;
    }

    private void preload(String name) throws IOException {
        try {
            Path file = docroot.resolve(name);
            files.put(name, PreparedResponse.of(HttpStatus.OK, ContentType.forFile(file), Files.readAllBytes(file)));
        } catch (HttpException e) {
            // A hidden file or a link out of the docroot: never served, so not read either.
        }
    }

    @Override
    public void data(ResponseWriter out) throws IOException {
        out.respond(data);
    }

    @Override
    public void file(String name, ResponseWriter out) throws IOException, HttpException {
        PreparedResponse cached = files.get(name);
        if (cached == null && preloaded) {
            throw Docroot.notFound(name);
        }
        if (cached == null) {
            Path file = docroot.resolve(name);
            try {
                if (Files.size(file) > MAX_CACHED_FILE || files.size() >= MAX_CACHED_FILES) {
                    disk.file(name, out);
                    return;
                }
                cached = PreparedResponse.of(HttpStatus.OK, ContentType.forFile(file), Files.readAllBytes(file));
            } catch (NoSuchFileException e) {
                // Removed between resolving and reading.
                throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
            }
            // Two first requests may race: every one serves the copy that won, so only one is ever kept or sent.
            PreparedResponse first = files.putIfAbsent(name, cached);
            if (first != null) {
                cached = first;
            }
        }
        out.respond(cached);
    }
}
