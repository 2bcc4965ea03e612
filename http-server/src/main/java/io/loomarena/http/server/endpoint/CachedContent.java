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
 * Serves from memory (the {@code virtual-cached} stage): the data file is read once at construction, each static
 * file once at its first request, and kept in memory: a body under {@link #SENDFILE_THRESHOLD} as a
 * {@link PreparedResponse} (the complete response in one write), a larger one as a {@link MemoryFile} (an unlinked
 * file in RAM, sent with sendfile, so the body is not copied through user space as a buffer would be). Files over
 * {@link #MAX_CACHED_FILE} or beyond {@link #MAX_CACHED_FILES} entries are served from disk. Changes on disk are not
 * seen. Thread-safe.
 */
public final class CachedContent implements ContentSource {

    /** The largest file kept in memory. */
    public static final long MAX_CACHED_FILE = 8 * 1024 * 1024;
    /** The most files kept in memory. */
    public static final int MAX_CACHED_FILES = 10_000;
    /** Bodies of at least this size are kept as a {@link MemoryFile} and sent with sendfile. */
    public static final int SENDFILE_THRESHOLD = 64 * 1024;

    /** One cached body, in the form that sends it cheapest. */
    private record Entry(PreparedResponse prepared, MemoryFile file, ContentType type) {

        static Entry of(ContentType type, byte[] body) throws IOException {
            return body.length >= SENDFILE_THRESHOLD ? new Entry(null, MemoryFile.of(body), type)
                    : new Entry(PreparedResponse.of(HttpStatus.OK, type, body), null, type);
        }

        void send(ResponseWriter out) throws IOException {
            if (file != null) {
                file.send(type, out);
            } else {
                out.respond(prepared);
            }
        }

        void close() {
            if (file != null) {
                file.close();
            }
        }
    }

    private final Entry data;
    private final Docroot docroot;
    private final DiskContent disk;
    private final ConcurrentHashMap<String, Entry> files = new ConcurrentHashMap<>();

    /** Reads the data file now; a failure here stops the server from starting. */
    public CachedContent(Path dataFile, Docroot docroot) throws IOException {
        this.data = Entry.of(ContentType.JSON, Files.readAllBytes(dataFile));
        this.docroot = docroot;
        this.disk = new DiskContent(dataFile, docroot);
    }

    @Override
    public void data(ResponseWriter out) throws IOException {
        data.send(out);
    }

    @Override
    public void file(String name, ResponseWriter out) throws IOException, HttpException {
        Entry cached = files.get(name);
        if (cached == null) {
            Path file = docroot.resolve(name);
            try {
                if (Files.size(file) > MAX_CACHED_FILE || files.size() >= MAX_CACHED_FILES) {
                    disk.file(name, out);
                    return;
                }
                cached = Entry.of(ContentType.forFileName(file.getFileName().toString()), Files.readAllBytes(file));
            } catch (NoSuchFileException e) {
                // Removed between resolving and reading.
                throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
            }
            Entry raced = files.putIfAbsent(name, cached);
            if (raced != null) {
                cached.close();
                cached = raced;
            }
        }
        cached.send(out);
    }

    /** Closes the files held in RAM. */
    @Override
    public void close() {
        data.close();
        files.values().forEach(Entry::close);
    }
}
