package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * What the shared {@code ResponseWriter} writes on a loop connection: every write is taken whole (the writer never
 * sees a partial write, so it never spins). When nothing is queued, a write goes straight to the socket from the
 * writer's own buffers, and only what the socket does not take now is queued; the loop sends the queue
 * ({@link #sendQueued}) when the selector says the socket is writable. A queued remainder is copied (the writer
 * reuses its buffer once the call returns), except a read-only direct buffer (a prepared response held in memory,
 * such as {@code /data.json}, or a mapped file over 8 MiB), which is queued as it is. The connection stops reading requests
 * while more than a bound is queued, so a client that does not read never makes the server buffer without limit.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class OutboundQueue implements GatheringByteChannel {

    /** The most buffers handed to one gathering write. */
    private static final int GATHER = 16;

    private final SocketChannel socket;
    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>();
    private final ByteBuffer[] gather = new ByteBuffer[GATHER];
    private long queued;
    /** Bytes the socket has taken, straight or from the queue. */
    private long sent;
    /**
     * The socket took less than it was given: nothing is tried again before the selector says it is writable. Only
     * ever true while something is queued.
     */
    private boolean full;
    private boolean open = true;

    /** @param socket the connection's socket, in non-blocking mode */
    OutboundQueue(SocketChannel socket) {
        this.socket = socket;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        int n = src.remaining();
        if (n == 0) {
            return 0;
        }
        ensureOpen();
        if (queue.isEmpty()) {
            int taken = socket.write(src);
            sent += taken;
            full = taken < n;
        }
        enqueue(src);
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        long n = 0;
        for (int i = offset; i < offset + length; i++) {
            n += srcs[i].remaining();
        }
        if (n == 0) {
            return 0;
        }
        ensureOpen();
        if (queue.isEmpty()) {
            long taken = socket.write(srcs, offset, length);
            sent += taken;
            full = taken < n;
        }
        for (int i = offset; i < offset + length; i++) {
            enqueue(srcs[i]);
        }
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs) throws IOException {
        return write(srcs, 0, srcs.length);
    }

    /** Queues what remains of {@code src} (nothing if the socket took it all) and marks {@code src} as consumed. */
    private void enqueue(ByteBuffer src) {
        int n = src.remaining();
        if (n == 0) {
            return;
        }
        if (src.isDirect() && src.isReadOnly()) {
            queue.add(src.slice());
        } else {
            queue.add(ByteBuffer.allocate(n).put(src).flip());
        }
        src.position(src.limit());
        queued += n;
    }

    private void ensureOpen() throws ClosedChannelException {
        if (!open) {
            throw new ClosedChannelException();
        }
    }

    /** Bytes queued and not yet sent. */
    long queued() {
        return queued;
    }

    /** Bytes the socket has taken so far: a change means the client is reading. */
    long sent() {
        return sent;
    }

    /** The selector found the socket writable: the next {@link #sendQueued} tries it again. */
    void writable() {
        full = false;
    }

    /**
     * Sends as much of the queue as the socket takes now; tries nothing while the socket is known to be full (until
     * {@link #writable}).
     *
     * @return true if everything queued has been sent
     */
    boolean sendQueued() throws IOException {
        while (!queue.isEmpty()) {
            if (full) {
                return false;
            }
            int n = 0;
            long asked = 0;
            for (ByteBuffer b : queue) {
                gather[n++] = b;
                asked += b.remaining();
                if (n == GATHER) {
                    break;
                }
            }
            long taken = socket.write(gather, 0, n);
            Arrays.fill(gather, 0, n, null);
            queued -= taken;
            sent += taken;
            while (!queue.isEmpty() && !queue.peek().hasRemaining()) {
                queue.poll();
            }
            full = taken < asked;
        }
        return true;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        open = false;
        queue.clear();
        queued = 0;
    }
}
