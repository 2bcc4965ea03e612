package io.loomarena.http.server.loop;

import io.loomarena.http.server.protocol.InputBuffer;

/**
 * Tells when a request head may be complete, so that the event loop runs the parser once per head rather than once
 * per arrival: it looks at each received byte once, for an empty line after a line with content (the end of the
 * header section; empty lines before the request line do not count). A false end (such as a bare CR) only makes the
 * parser run early and say what is wrong, or ask for more. Linear in the bytes of the head, however they arrive.
 * <p>Not thread-safe: it belongs to the connection's loop.
 */
final class HeadScanner {

    /** Bytes of the current head already looked at, from its start. */
    private int scanned;
    /** Bytes other than CR on the current line. */
    private int lineBytes;
    /** Whether a line with content has been seen (the request line). */
    private boolean content;

    /** Starts on a new head, at the buffer's position. */
    void reset() {
        scanned = 0;
        lineBytes = 0;
        content = false;
    }

    /**
     * Looks at the bytes received since the last call.
     *
     * @param in the connection's buffer, positioned (and marked) at the start of the head
     * @return true when an end of the head has been seen
     */
    boolean headEnded(InputBuffer in) {
        byte[] b = in.array();
        int start = in.position();
        int end = start + in.buffered();
        for (int i = start + scanned; i < end; i++) {
            byte c = b[i];
            if (c == '\n') {
                if (lineBytes == 0 && content) {
                    scanned = i + 1 - start;
                    return true;
                }
                content |= lineBytes > 0;
                lineBytes = 0;
            } else if (c != '\r') {
                lineBytes++;
            }
        }
        scanned = end - start;
        return false;
    }
}
