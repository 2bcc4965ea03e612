package io.loomarena.http.server.endpoint;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    /** The largest file a preloaded server maps (one mapping holds at most this many bytes). */
    public static final long MAX_MAPPED_FILE = Integer.MAX_VALUE;

    /** A large file of a preloaded server, mapped read-only and touched into memory at start. */
    private record MappedFile(ContentType type, ByteBuffer body) {
    }

    private final PreparedResponse data;
    private final Docroot docroot;
    private final DiskContent disk;
    private final ConcurrentHashMap<String, PreparedResponse> files = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, MappedFile> mapped = new ConcurrentHashMap<>();
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
     * Reads the data file and every servable file of the docroot now (up to {@link #MAX_CACHED_FILES} files), for a
     * server whose threads must never block on the disk (the event loop): a request never touches the disk, and a
     * name not read now is a 404. Files of at most {@link #MAX_CACHED_FILE} bytes are read into memory; larger ones
     * (up to {@link #MAX_MAPPED_FILE}) are mapped read-only and loaded into the page cache now, so that they cost
     * no heap and a non-blocking socket sends them straight from the mapping (a page evicted under memory pressure
     * is read back in by a page fault, the one wait left). A mapped file must not be truncated while the server
     * runs (the JVM would fault on the missing pages); it may be deleted or replaced, as the mapping keeps the old
     * content.
     */
    public static CachedContent preloaded(Path dataFile, Docroot docroot) throws IOException {
        CachedContent content = new CachedContent(dataFile, docroot, true);
        Path root = docroot.root();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : (Iterable<Path>) walk::iterator) {
                String name = root.relativize(file).toString().replace(File.separatorChar, '/');
                if (content.files.size() + content.mapped.size() >= MAX_CACHED_FILES || !Files.isRegularFile(file)) {
                    continue;
                }
                long size = Files.size(file);
                if (size <= MAX_CACHED_FILE) {
                    content.preload(name);
                } else if (size <= MAX_MAPPED_FILE) {
                    content.map(name);
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

    private void map(String name) throws IOException {
        try {
            Path file = docroot.resolve(name);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                MappedByteBuffer body = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
                body.load();
                mapped.put(name, new MappedFile(ContentType.forFile(file), body));
            }
        } catch (HttpException e) {
            // A hidden file or a link out of the docroot: never served, so not mapped either.
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
            MappedFile large = mapped.get(name);
            if (large == null) {
                throw Docroot.notFound(name);
            }
            out.respond(HttpStatus.OK, large.type(), large.body().duplicate());
            return;
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
