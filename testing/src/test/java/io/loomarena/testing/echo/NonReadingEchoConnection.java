package io.loomarena.testing.echo;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A client that writes to an echo server and never reads the echo: its small receive buffer fills, the server's
 * write to it blocks, the server stops reading it, and finally this client's own writes stall; {@link #reset} then
 * aborts the connection while the server is blocked writing. A virtual thread writes (at most {@value #MAX_BYTES}
 * bytes in total); {@link #stalledFor} is polled by one test thread.
 */
public final class NonReadingEchoConnection implements AutoCloseable {

    /** Small socket buffers, so the pipeline fills after little data. */
    private static final int SOCKET_BUFFER_BYTES = 16 * 1024;
    private static final int CHUNK_BYTES = 64 * 1024;
    /** Upper bound of the writer: far above what the socket buffers on the way can hold. */
    static final long MAX_BYTES = 256L * 1024 * 1024;

    private final Socket socket;
    private final AtomicLong written = new AtomicLong();
    private final Thread writer;
    private long lastSeen = -1;
    private long lastChangeNanos = System.nanoTime();

    private NonReadingEchoConnection(Socket socket) {
        this.socket = socket;
        this.writer = Thread.ofVirtual().name("echo-test-non-reader").start(this::writeWithoutReading);
    }

    public static NonReadingEchoConnection open(String host, int port, Duration connectTimeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setReceiveBufferSize(SOCKET_BUFFER_BYTES);
            socket.setSendBufferSize(SOCKET_BUFFER_BYTES);
            socket.connect(new InetSocketAddress(host, port), (int) connectTimeout.toMillis());
            return new NonReadingEchoConnection(socket);
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
            // Closed by the test (or reset by the server): the writer's job is over.
        }
    }

    /** Whether some bytes were written and the writer has made no progress for {@code quiet}. */
    public boolean stalledFor(Duration quiet) {
        long now = System.nanoTime();
        long current = written.get();
        if (current != lastSeen) {
            lastSeen = current;
            lastChangeNanos = now;
            return false;
        }
        return current > 0 && writer.isAlive() && now - lastChangeNanos >= quiet.toNanos();
    }

    /** Bytes written so far. */
    public long written() {
        return written.get();
    }

    /** Aborts the connection with a TCP reset (SO_LINGER 0, then close) and waits for the writer to end. */
    public void reset() throws IOException {
        socket.setSoLinger(true, 0);
        close();
    }

    /** Closes the socket (a reset, since unread echo is pending) and waits for the writer to end. */
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
