package io.loomarena.http.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * A blocking {@link SocketChannel} read as an {@link InputStream} through one direct buffer that this object owns:
 * socket streams read heap arrays through a temporary direct buffer looked up per call in a carrier-thread local,
 * which took about a tenth of the client's CPU. Bytes are read into {@code direct} and copied into the caller's array
 * (a response head is a few hundred bytes).
 * <p>
 * Not thread-safe: used by the one client thread that owns the connection.
 */
final class ChannelInput extends InputStream {

    private final ByteBuffer direct;
    private SocketChannel channel;

    ChannelInput(int bufferBytes) {
        this.direct = ByteBuffer.allocateDirect(bufferBytes);
    }

    /** Reads from {@code next} from now on. */
    ChannelInput attach(SocketChannel next) {
        this.channel = next;
        return this;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        direct.clear().limit(Math.min(len, direct.capacity()));
        int n = channel.read(direct);
        if (n > 0) {
            direct.get(0, b, off, n);
        }
        return n;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }
}
