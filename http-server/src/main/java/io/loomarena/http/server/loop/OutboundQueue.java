package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;

/**
 * What the shared {@code ResponseWriter} writes on a loop connection: every write is taken whole (the writer never
 * sees a partial write, so it never spins), and the loop sends the queue to the socket as far as the socket takes it
 * ({@link #sendTo}), going on when the selector says it is writable. A read-only direct buffer (a prepared
 * response held in memory, such as {@code /data.json}, or a mapped file over 8 MiB) is queued as it is, with no copy; anything else is copied, because
 * the writer reuses its buffer. The connection stops reading requests while more than a bound is queued, so a
 * client that does not read never makes the server buffer without limit.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class OutboundQueue implements GatheringByteChannel {

    /** The most buffers handed to one gathering write. */
    private static final int GATHER = 16;

    private final ArrayDeque<ByteBuffer> queue = new ArrayDeque<>();
    private final ByteBuffer[] gather = new ByteBuffer[GATHER];
    private long queued;
    private boolean open = true;

    @Override
    public int write(ByteBuffer src) {
        int n = src.remaining();
        if (n == 0) {
            return 0;
        }
        if (src.isDirect() && src.isReadOnly()) {
            queue.add(src.slice());
        } else {
            ByteBuffer copy = ByteBuffer.allocate(n);
            copy.put(src).flip();
            queue.add(copy);
        }
        src.position(src.limit());
        queued += n;
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
        long n = 0;
        for (int i = offset; i < offset + length; i++) {
            n += write(srcs[i]);
        }
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs) {
        return write(srcs, 0, srcs.length);
    }

    /** Bytes queued and not yet sent. */
    long queued() {
        return queued;
    }

    /**
     * Sends as much as the socket takes now.
     *
     * @return true if everything queued has been sent
     */
    boolean sendTo(SocketChannel socket) throws IOException {
        while (!queue.isEmpty()) {
            int n = 0;
            for (ByteBuffer b : queue) {
                gather[n++] = b;
                if (n == GATHER) {
                    break;
                }
            }
            long sent = socket.write(gather, 0, n);
            java.util.Arrays.fill(gather, 0, n, null);
            queued -= sent;
            while (!queue.isEmpty() && !queue.peek().hasRemaining()) {
                queue.poll();
            }
            if (sent == 0) {
                return false;
            }
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
