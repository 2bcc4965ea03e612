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
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Serves from memory (with {@code --cache-content}, any model): the data file is read once at construction, each static
 * file once at its first request, and kept as a {@link StaticVersion} (its complete 200 prepared, its validators made
 * from the attributes read just before its bytes). Files over {@link #MAX_CACHED_FILE} or
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
    private record MappedFile(StaticVersion version, ByteBuffer body) {
    }

    private final StaticVersion data;
    private final Docroot docroot;
    private final DiskContent disk;
    private final String cacheControl;
    private final ConcurrentHashMap<String, StaticVersion> files = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, MappedFile> mapped = new ConcurrentHashMap<>();
    /** Whether every servable file was read at start: a name not in memory is then a 404, with no disk access. */
    private final boolean preloaded;

    /**
     * Reads the data file now; a failure here stops the server from starting.
     *
     * @param cacheControl the {@code Cache-Control} field line of static content ({@link CacheControl})
     */
    public CachedContent(Path dataFile, Docroot docroot, String cacheControl) throws IOException {
        this(dataFile, docroot, cacheControl, false);
    }

    private CachedContent(Path dataFile, Docroot docroot, String cacheControl, boolean preloaded) throws IOException {
        this.cacheControl = cacheControl;
        this.data = read(dataFile, ContentType.JSON);
        this.docroot = docroot;
        this.disk = new DiskContent(dataFile, docroot, cacheControl);
        this.preloaded = preloaded;
    }

    /** A file's version in memory: its attributes first, so that its validators never claim newer bytes. */
    private StaticVersion read(Path file, ContentType type) throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        return StaticVersion.inMemory(type, attributes, Files.readAllBytes(file), cacheControl);
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
    public static CachedContent preloaded(Path dataFile, Docroot docroot, String cacheControl) throws IOException {
        CachedContent content = new CachedContent(dataFile, docroot, cacheControl, true);
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
            files.put(name, read(file, ContentType.forFile(file)));
        } catch (HttpException e) {
            // A hidden file or a link out of the docroot: never served, so not read either.
        }
    }

    private void map(String name) throws IOException {
        try {
            Path file = docroot.resolve(name);
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                MappedByteBuffer body = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
                body.load();
                mapped.put(name, new MappedFile(
                        StaticVersion.mapped(ContentType.forFile(file), attributes, body.capacity(), cacheControl), body));
            }
        } catch (HttpException e) {
            // A hidden file or a link out of the docroot: never served, so not mapped either.
        }
    }

    @Override
    public void data(HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        answer(request, data, out);
    }

    @Override
    public void file(String name, HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        StaticVersion cached = files.get(name);
        if (cached == null && preloaded) {
            MappedFile large = mapped.get(name);
            if (large == null) {
                throw Docroot.notFound(name);
            }
            StaticAnswer.answer(request, large.version(), (writer, status, position, length, fields) -> writer.respond(
                    status, large.version().type(), large.body().duplicate().position((int) position)
                            .limit((int) (position + length)), fields), out);
            return;
        }
        if (cached == null) {
            Path file = docroot.resolve(name);
            try {
                if (Files.size(file) > MAX_CACHED_FILE || files.size() >= MAX_CACHED_FILES) {
                    disk.file(name, request, out);
                    return;
                }
                cached = read(file, ContentType.forFile(file));
            } catch (NoSuchFileException e) {
                // Removed between resolving and reading.
                throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
            }
            // Two first requests may race: every one serves the copy that won, so only one is ever kept or sent.
            StaticVersion first = files.putIfAbsent(name, cached);
            if (first != null) {
                cached = first;
            }
        }
        answer(request, cached, out);
    }

    /** Answers from a version held in memory: a part of it is sent from its prepared body. */
    private static void answer(HttpRequest request, StaticVersion version, ResponseWriter out)
            throws IOException, HttpException {
        StaticAnswer.answer(request, version, (writer, status, position, length, fields) -> writer.respond(status,
                version.type(), version.whole().body(), (int) position, (int) length, fields), out);
    }
}
