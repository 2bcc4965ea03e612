package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.ConcurrentHashMap;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpRequest;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Reads the data file and static files from disk on every request (without {@code --cache-content}: opening and reading the
 * file per request is part of what they measure). The body goes from the file to the socket with sendfile
 * ({@link ResponseWriter#respond(int, ContentType, FileChannel, long, long)}), as nginx serves files. Only each file's
 * {@link StaticVersion} is kept between requests (its validators and field lines, made again when the file's size or
 * modification time changes), so a request costs one {@code stat}, as the size alone did before. Thread-safe.
 */
public final class DiskContent implements ContentSource {

    private final Path dataFile;
    private final Docroot docroot;
    private final String cacheControl;
    private final ConcurrentHashMap<Path, StaticVersion> versions = new ConcurrentHashMap<>();

    /** @param cacheControl the {@code Cache-Control} field line of static content ({@link CacheControl}) */
    public DiskContent(Path dataFile, Docroot docroot, String cacheControl) {
        this.dataFile = dataFile;
        this.docroot = docroot;
        this.cacheControl = cacheControl;
    }

    @Override
    public void data(HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        try {
            serve(dataFile, ContentType.JSON, request, out);
        } catch (NoSuchFileException e) {
            // Deleted while the server runs: a clear answer, not a crash.
            throw HttpException.application(HttpStatus.NOT_FOUND, "data file " + dataFile + " not found");
        } catch (IOException e) {
            if (out.started()) {
                throw e;
            }
            // Unreadable for another reason (permissions, I/O error).
            throw HttpException.application(HttpStatus.INTERNAL_SERVER_ERROR, "cannot read data file: " + e.getMessage());
        }
    }

    @Override
    public void file(String name, HttpRequest request, ResponseWriter out) throws IOException, HttpException {
        Path path = docroot.resolve(name);
        try {
            serve(path, ContentType.forFile(path), request, out);
        } catch (NoSuchFileException e) {
            // Removed between resolving and reading.
            throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
        }
    }

    private void serve(Path path, ContentType type, HttpRequest request, ResponseWriter out)
            throws IOException, HttpException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        StaticVersion version = version(path, type, attributes);
        try (FileChannel file = FileChannel.open(path, StandardOpenOption.READ)) {
            StaticAnswer.answer(request, version,
                    (writer, status, position, length, fields) -> writer.respond(status, version.type(), file,
                            position, length, fields), out);
        }
    }

    /** The version these attributes describe: the one kept if it is still current, else a new one (kept if room). */
    StaticVersion version(Path path, ContentType type, BasicFileAttributes attributes) {
        StaticVersion known = versions.get(path);
        if (known != null && known.current(attributes)) {
            return known;
        }
        StaticVersion made = StaticVersion.onDisk(type, attributes, cacheControl);
        if (known != null || versions.size() < CachedContent.MAX_CACHED_FILES) {
            versions.put(path, made);
        }
        return made;
    }
}
