package io.loomarena.testing.reliability;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client that writes to an echo server without reading until the server's write back to it blocks (the client's
 * small receive window is full, and then the server stops reading and this client's writes stall too), and then
 * resets the connection with SO_LINGER 0. A virtual thread writes, at most {@value #MAX_BYTES} bytes; the test thread
 * polls {@link #stalledFor} and calls {@link #reset}.
 */
final class EchoResettingClient implements AutoCloseable {

    /** Small socket buffers, so the pipeline fills after little data. */
    private static final int SOCKET_BUFFER_BYTES = 16 * 1024;
    private static final int CHUNK_BYTES = 64 * 1024;
    /** Upper bound of the writer, far above what the socket buffers on the way hold. */
    static final long MAX_BYTES = 64L * 1024 * 1024;

    private final Socket socket;
    private final AtomicLong written = new AtomicLong();
    private final Thread writer;
    private long lastSeen = -1;
    private long lastChangeNanos = System.nanoTime();

    private EchoResettingClient(Socket socket) {
        this.socket = socket;
        this.writer = Thread.ofVirtual().name("echo-test-resetting-writer").start(this::writeWithoutReading);
    }

    static EchoResettingClient open(String host, int port, Duration connectTimeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
            socket.setSendBufferSize(SOCKET_BUFFER_BYTES);
            socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
            return new EchoResettingClient(socket);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private void writeWithoutReading() {
        byte[] chunk = new byte[CHUNK_BYTES];
        try {
            OutputStream out = socket.getOutputStream();
            while (written.get() < MAX_BYTES) {
                out.write(chunk);
                written.addAndGet(chunk.length);
            }
        } catch (IOException e) {
            // Reset by the test: the writer's job is over.
        }
    }

    /** Whether some bytes were written and the writer has made no progress for {@code quiet}. */
    boolean stalledFor(Duration quiet) {
        long now = System.nanoTime();
        long current = written.get();
        if (current != lastSeen) {
            lastSeen = current;
            lastChangeNanos = now;
            return false;
        }
        return current > 0 && writer.isAlive() && now - lastChangeNanos >= quiet.toNanos();
    }

    long written() {
        return written.get();
    }

    /** Aborts the connection with a TCP reset (SO_LINGER 0, then close) and waits for the writer to end. */
    void reset() throws IOException {
        socket.setSoLinger(true, 0);
        close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
        try {
            writer.join(Duration.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
