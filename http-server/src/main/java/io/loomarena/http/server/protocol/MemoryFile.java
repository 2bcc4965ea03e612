package io.loomarena.http.server.protocol;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A copy of a large body in a file of the memory file system ({@code /dev/shm}), unlinked as soon as it is written:
 * it stays in memory like a heap copy, but the kernel can send it with sendfile, from its pages straight to the socket,
 * where a write from a buffer copies every byte into the kernel first (for the 200 KB of {@code /data.json} that copy
 * is about half of what a request costs). nginx serves files the same way. The file has no name, so nothing is left
 * behind; its descriptor closes when the channel is closed or collected. Thread-safe (positional reads only).
 */
final class MemoryFile {

    /** Where Linux keeps a memory file system for every process; elsewhere there is no memory file. */
    private static final Path SHARED_MEMORY = Path.of("/dev/shm");

    private MemoryFile() {
    }

    /** The body in an unlinked memory file, or null when there is no writable memory file system. */
    static FileChannel of(byte[] body) {
        if (!Files.isDirectory(SHARED_MEMORY) || !Files.isWritable(SHARED_MEMORY)) {
            return null;
        }
        Path path = null;
        FileChannel channel = null;
        try {
            path = Files.createTempFile(SHARED_MEMORY, "loom-arena-body-", ".tmp");
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            Files.delete(path);
            path = null;
            ByteBuffer bytes = ByteBuffer.wrap(body);
            while (bytes.hasRemaining()) {
                channel.write(bytes, bytes.position());
            }
            return channel;
        } catch (IOException e) {
            // Full, or not ours to write: the body is then sent from a direct buffer, as without a memory file.
            closeQuietly(channel);
            return null;
        } finally {
            deleteQuietly(path);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            if (channel != null) {
                channel.close();
            }
        } catch (IOException e) {
            // Nothing was sent from it: nothing to undo.
        }
    }

    private static void deleteQuietly(Path path) {
        try {
            if (path != null) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // A leftover temporary file in /dev/shm, named loom-arena-body-*: harmless, removed at reboot.
        }
    }
}
