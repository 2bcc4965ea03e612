package io.loomarena.harness.flood;

import java.io.IOException;
import java.io.InputStream;

/**
 * What one flood connection says and what it must hear back: one request (an echo message, an HTTP GET) and a check
 * of the whole reply. Implementations are stateless and thread-safe: every flood connection calls them on its own
 * virtual thread.
 */
public interface FloodProtocol {

    /** The bytes connection {@code index} sends once it is connected. */
    byte[] request(int index);

    /**
     * Reads the reply to {@link #request} of connection {@code index} and checks it.
     *
     * @throws FloodReplyException when the reply is not the expected one
     * @throws IOException         when the connection fails (end of stream, reset, read timeout)
     */
    void readReply(InputStream in, int index) throws IOException;

    /** What the flood sends, for messages, for example {@code echo message} or {@code GET /ping}. */
    String describe();

    /** A reply that arrived but is wrong: counted as a mismatch, never as a connection failure. */
    final class FloodReplyException extends IOException {
        public FloodReplyException(String message) {
            super(message);
        }
    }
}
