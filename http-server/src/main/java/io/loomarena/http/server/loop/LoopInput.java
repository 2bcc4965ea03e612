package io.loomarena.http.server.loop;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;

/**
 * A connection's socket in non-blocking mode, as the input of the shared {@code InputBuffer} and parser: a read that
 * finds nothing throws {@link NeedMoreInput} instead of returning 0, so a parse that runs out of bytes stops at once
 * (the connection then rewinds to its mark and tries again when the selector says more has arrived). End of stream
 * is reported as the blocking models see it, so the parser treats a half-closed client the same way.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class LoopInput implements ReadableByteChannel {

    /** Thrown when no byte is available now; one instance, no stack trace (it is control flow, not an error). */
    static final class NeedMoreInput extends IOException {
        private static final long serialVersionUID = 1L;
        static final NeedMoreInput INSTANCE = new NeedMoreInput();

        private NeedMoreInput() {
            super("no input available yet", null);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }

    private final SocketChannel socket;
    private boolean ended;
    private long received;

    LoopInput(SocketChannel socket) {
        this.socket = socket;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        if (ended) {
            return -1;
        }
        int n = socket.read(dst);
        if (n < 0) {
            ended = true;
            return -1;
        }
        if (n == 0) {
            throw NeedMoreInput.INSTANCE;
        }
        received += n;
        return n;
    }

    /** Whether the client has closed its side (no more bytes will come). */
    boolean ended() {
        return ended;
    }

    /** Bytes read so far: a change means progress (the body timeout counts from the last). */
    long received() {
        return received;
    }

    @Override
    public boolean isOpen() {
        return socket.isOpen();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
