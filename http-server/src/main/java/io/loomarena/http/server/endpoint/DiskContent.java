package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Reads the data file and static files from disk on every request (without {@code --cache-content}: opening and reading the
 * file per request is part of what they measure). The body goes from the file to the socket with sendfile
 * ({@link ResponseWriter#respond(int, ContentType, FileChannel, long, long)}), as nginx serves files; nothing is kept
 * between requests. Thread-safe.
 */
public final class DiskContent implements ContentSource {

    private final Path dataFile;
    private final Docroot docroot;

    public DiskContent(Path dataFile, Docroot docroot) {
        this.dataFile = dataFile;
        this.docroot = docroot;
    }

    @Override
    public void data(ResponseWriter out) throws IOException, HttpException {
        FileChannel file;
        try {
            file = FileChannel.open(dataFile, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            // Deleted while the server runs: a clear answer, not a crash.
            throw HttpException.application(HttpStatus.NOT_FOUND, "data file " + dataFile + " not found");
        } catch (IOException e) {
            // Unreadable for another reason (permissions, I/O error).
            throw HttpException.application(HttpStatus.INTERNAL_SERVER_ERROR, "cannot read data file: " + e.getMessage());
        }
        try (file) {
            out.respond(HttpStatus.OK, ContentType.JSON, file, 0, file.size());
        }
    }

    @Override
    public void file(String name, ResponseWriter out) throws IOException, HttpException {
        Path path = docroot.resolve(name);
        ContentType type = ContentType.forFile(path);
        FileChannel file;
        try {
            file = FileChannel.open(path, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            // Removed between resolving and reading.
            throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
        }
        try (file) {
            out.respond(HttpStatus.OK, type, file, 0, file.size());
        }
    }
}
