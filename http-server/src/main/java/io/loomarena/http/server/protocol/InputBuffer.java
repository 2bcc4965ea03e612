package io.loomarena.http.server.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;

/**
 * The bytes of one connection, buffered for the parser: the parser scans lines in place (no copy, no per-byte call)
 * and consumes them by moving {@link #position()}. Pipelined requests simply stay in the buffer for the next parse.
 * Before every blocking read the {@link ReadWatch} hook runs, so the connection can set the deadline of this
 * read and flush responses that are still buffered (a client waits for them before it sends more); after it,
 * {@link ReadWatch#afterRead()} ends the deadline (and reports a read the connection's watchdog cut short).
 * <p>Reads go through the connection's own direct buffer, then into the array the parser scans: a channel given a
 * heap buffer copies through a temporary direct buffer that the JDK looks up in a thread-local on every read (a
 * profile of {@code /ping} found 11% of the user time in that lookup, reads and writes together).
 * <p>Not thread-safe: it belongs to the one thread serving the connection.
 */
public final class InputBuffer {

    /** Told about each blocking read: before it with the timeout it must use (0 = wait forever), and after it. */
    public interface ReadWatch {
        /** No timeouts, nothing to flush (tests, fuzzing). */
        ReadWatch NONE = new ReadWatch() {
            @Override
            public void beforeRead(int timeoutMillis) {
            }

            @Override
            public void afterRead() {
            }
        };

        void beforeRead(int timeoutMillis) throws IOException;

        /** @throws SocketTimeoutException if the read was cut short because its time ran out */
        void afterRead() throws IOException;
    }

    /** Starting size; the buffer grows, up to its maximum, only for a request with a long line. */
    public static final int INITIAL_CAPACITY = 4096;

    private static final long NO_DEADLINE = Long.MAX_VALUE;

    private final ReadableByteChannel in;
    private final ReadWatch watch;
    private final int maxCapacity;
    /** What one read receives, copied to {@link #buf} at once; never larger than the buffer's starting size. */
    private final ByteBuffer received;
    private byte[] buf;
    private int pos;
    private int limit;
    private long deadlineNanos = NO_DEADLINE;
    private int readTimeoutMillis;
    /** Where {@link #rewind()} goes back to, kept when the buffer makes room; -1 when none is set. */
    private int mark = -1;
    /** The parser's memory of this connection's previous request head. */
    private final PreviousHead previousHead = new PreviousHead();

    /**
     * @param in          the connection's input, a channel in blocking mode
     * @param maxCapacity the longest line (line end included) the parser must see whole, {@link ParserLimits#maxLineBuffer()}
     * @param watch       told before and after each blocking read
     */
    public InputBuffer(ReadableByteChannel in, int maxCapacity, ReadWatch watch) {
        this.in = in;
        this.watch = watch;
        this.maxCapacity = Math.max(maxCapacity, 16);
        this.buf = new byte[Math.min(INITIAL_CAPACITY, this.maxCapacity)];
        this.received = ByteBuffer.allocateDirect(buf.length);
    }

    /** A buffer over a stream with no timeouts (tests, fuzzing). */
    public static InputBuffer of(InputStream in, ParserLimits limits) {
        return new InputBuffer(Channels.newChannel(in), limits.maxLineBuffer(), ReadWatch.NONE);
    }

    /** What the previous request head read from this buffer parsed to ({@link Http1RequestParser}). */
    PreviousHead previousHead() {
        return previousHead;
    }

    public byte[] array() {
        return buf;
    }

    public int position() {
        return pos;
    }

    public void position(int newPosition) {
        if (newPosition < pos || newPosition > limit) {
            throw new IllegalArgumentException("position " + newPosition + " outside " + pos + ".." + limit);
        }
        pos = newPosition;
    }

    /**
     * Marks the position: until {@link #unmark()}, the bytes from here stay in the buffer, so that a parse that
     * ran out of input can {@link #rewind()} and start again once more has arrived (the event loop, which cannot
     * block in the middle of a request).
     */
    public void mark() {
        mark = pos;
    }

    /** Goes back to the mark. */
    public void rewind() {
        if (mark < 0) {
            throw new IllegalStateException("no mark to rewind to");
        }
        pos = mark;
    }

    /** Forgets the mark: the bytes before the position may be dropped again. */
    public void unmark() {
        mark = -1;
    }

    /** Bytes from the mark (or the position) to the end of what was received. */
    public int bufferedFromMark() {
        return limit - (mark >= 0 ? mark : pos);
    }

    /** Bytes received and not yet consumed. */
    public int buffered() {
        return limit - pos;
    }

    /**
     * Sets the timeouts of the following reads: each read waits at most {@code readTimeoutMillis} (0 = no per-read
     * limit) and never past {@code deadlineNanos} ({@link System#nanoTime()} based; {@link Long#MAX_VALUE} = none).
     */
    public void timeouts(long deadlineNanos, int readTimeoutMillis) {
        this.deadlineNanos = deadlineNanos;
        this.readTimeoutMillis = Math.max(0, readTimeoutMillis);
    }

    /**
     * Reads at least one more byte, blocking. Makes room first by moving unconsumed bytes to the front or growing.
     *
     * @return false at end of stream
     * @throws SocketTimeoutException when the deadline has passed or the read times out
     */
    public boolean fill() throws IOException {
        if (limit == buf.length) {
            makeRoom();
        }
        watch.beforeRead(nextTimeoutMillis());
        int n = 0;
        received.clear().limit(Math.min(received.capacity(), buf.length - limit));
        try {
            n = in.read(received);
        } finally {
            // Bytes that arrived are kept even when the watch then reports a timeout: they may be answered.
            if (n > 0) {
                received.get(0, buf, limit, n);
                limit += n;
            }
            watch.afterRead();
        }
        return n >= 0;
    }

    private int nextTimeoutMillis() throws SocketTimeoutException {
        if (deadlineNanos == NO_DEADLINE) {
            return readTimeoutMillis;
        }
        long remaining = (deadlineNanos - System.nanoTime()) / 1_000_000;
        if (remaining <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        int millis = (int) Math.min(Integer.MAX_VALUE, remaining);
        return readTimeoutMillis == 0 ? millis : Math.min(millis, readTimeoutMillis);
    }

    private void makeRoom() {
        int keep = mark >= 0 ? mark : pos;
        if (keep > 0) {
            System.arraycopy(buf, keep, buf, 0, limit - keep);
            limit -= keep;
            pos -= keep;
            mark = mark >= 0 ? 0 : -1;
        } else if (buf.length < maxCapacity) {
            buf = Arrays.copyOf(buf, Math.min(maxCapacity, buf.length * 2));
        } else {
            throw new IllegalStateException("input buffer full at " + buf.length + " bytes");
        }
    }

    /**
     * Finds the line starting at the position, reading more as needed, without consuming it.
     *
     * @param maxLength     the longest allowed content of the line (line end excluded)
     * @param tooLongStatus the status when no line end comes within {@code maxLength} + CRLF
     * @param tooLongMessage the error message when it is too long
     * @return the offset of the line's LF from {@link #position()}, or -1 at end of stream before a LF
     */
    public int lineLength(int maxLength, int tooLongStatus, String tooLongMessage) throws IOException, HttpException {
        int window = maxLength + 2;
        int scanned = 0;
        while (true) {
            int end = Math.min(limit, pos + window);
            byte[] b = buf;
            for (int i = pos + scanned; i < end; i++) {
                if (b[i] == '\n') {
                    return i - pos;
                }
            }
            scanned = end - pos;
            if (scanned >= window) {
                throw HttpException.protocol(tooLongStatus, tooLongMessage);
            }
            if (!fill()) {
                return -1;
            }
        }
    }

    /** The next byte, consumed, or -1 at end of stream. */
    public int read() throws IOException {
        if (pos == limit && !fill()) {
            return -1;
        }
        return buf[pos++] & 0xFF;
    }

    /**
     * Consumes exactly {@code length} bytes, copying them to {@code sink} unless it is null (discarded).
     *
     * @throws EOFException if the stream ends first
     */
    public void transfer(long length, OutputStream sink) throws IOException {
        long remaining = length;
        while (remaining > 0) {
            if (pos == limit && !fill()) {
                throw new EOFException("stream ended " + remaining + " bytes before the end of the body");
            }
            int n = (int) Math.min(remaining, limit - pos);
            if (sink != null) {
                sink.write(buf, pos, n);
            }
            pos += n;
            remaining -= n;
        }
    }
}
