package io.loomarena.http.server.endpoint;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * A large body held in memory as an unlinked file on the RAM file system ({@code /dev/shm}; the temporary folder
 * where there is none): written once, it never changes and is never read from disk again, and it can be sent with
 * sendfile (no copy in user space), which a heap or direct buffer cannot. Thread-safe: sending uses positional
 * transfers only.
 */
final class MemoryFile implements AutoCloseable {

    private static final Path RAM = Path.of("/dev/shm");

    private final FileChannel channel;
    private final long size;

    private MemoryFile(FileChannel channel, long size) {
        this.channel = channel;
        this.size = size;
    }

    /** Writes {@code body} to a new file in RAM, keeps it open and unlinks it (it disappears when closed). */
    static MemoryFile of(byte[] body) throws IOException {
        Path dir = Files.isDirectory(RAM) && Files.isWritable(RAM) ? RAM : Path.of(System.getProperty("java.io.tmpdir"));
        Path file = Files.createTempFile(dir, "loomarena-cache-", ".bin");
        try {
            Files.write(file, body);
            return new MemoryFile(FileChannel.open(file, StandardOpenOption.READ), body.length);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    long size() {
        return size;
    }

    /** Answers 200 with the whole body. */
    void send(ContentType type, ResponseWriter out) throws IOException {
        out.respond(HttpStatus.OK, type, channel, 0, size);
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // Nothing left to release.
        }
    }
}
