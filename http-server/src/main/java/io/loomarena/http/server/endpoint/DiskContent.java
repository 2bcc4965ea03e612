package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpException;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * Reads the data file and static files from disk on every request (the uncached stages: the cost of a read per
 * request is part of what they measure). Files larger than {@link #READ_WHOLE_LIMIT} are streamed. Thread-safe.
 */
public final class DiskContent implements ContentSource {

    /** Files up to this size are read in one go; larger ones are streamed through the response buffer. */
    public static final long READ_WHOLE_LIMIT = 4 * 1024 * 1024;

    private final Path dataFile;
    private final Docroot docroot;

    public DiskContent(Path dataFile, Docroot docroot) {
        this.dataFile = dataFile;
        this.docroot = docroot;
    }

    @Override
    public void data(ResponseWriter out) throws IOException, HttpException {
        byte[] body;
        try {
            body = Files.readAllBytes(dataFile);
        } catch (NoSuchFileException e) {
            // Deleted while the server runs: a clear answer, not a crash.
            throw HttpException.application(HttpStatus.NOT_FOUND, "data file " + dataFile + " not found");
        } catch (IOException e) {
            // Unreadable for another reason (permissions, I/O error).
            throw HttpException.application(HttpStatus.INTERNAL_SERVER_ERROR, "cannot read data file: " + e.getMessage());
        }
        out.respond(HttpStatus.OK, ContentType.JSON, body, 0, body.length, null);
    }

    @Override
    public void file(String name, ResponseWriter out) throws IOException, HttpException {
        Path file = docroot.resolve(name);
        ContentType type = ContentType.forFileName(file.getFileName().toString());
        try {
            long size = Files.size(file);
            if (size <= READ_WHOLE_LIMIT) {
                byte[] body = Files.readAllBytes(file);
                out.respond(HttpStatus.OK, type, body, 0, body.length, null);
                return;
            }
            try (InputStream in = Files.newInputStream(file)) {
                out.respond(HttpStatus.OK, type, in, size);
            }
        } catch (NoSuchFileException e) {
            // Removed between resolving and reading.
            throw HttpException.application(HttpStatus.NOT_FOUND, "no file " + name + " in the docroot");
        }
    }
}
