package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

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

    /** Reads the data file now; a failure here stops the server from starting. */
    public CachedContent(Path dataFile, Docroot docroot) throws IOException {
        this.data = PreparedResponse.of(HttpStatus.OK, ContentType.JSON, Files.readAllBytes(dataFile));
        this.docroot = docroot;
        this.disk = new DiskContent(dataFile, docroot);
    }

    @Override
    public void data(ResponseWriter out) throws IOException {
        out.respond(data);
    }

    @Override
    public void file(String name, ResponseWriter out) throws IOException, HttpException {
        PreparedResponse cached = files.get(name);
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
