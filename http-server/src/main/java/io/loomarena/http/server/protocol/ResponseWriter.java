package io.loomarena.http.server.protocol;

import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;

/**
 * Writes responses to one connection through its own buffer: every response carries {@code Server}, {@code Date},
 * {@code Content-Type} and {@code Content-Length}, plus {@code Connection} when the connection closes after it or
 * is an HTTP/1.0 keep-alive; a HEAD response has the same fields and no body. Responses stay buffered until
 * {@link #flush()} (the connection flushes before it blocks on a read), so pipelined responses leave in one write.
 * <p>A connection writes through its socket channel: a large prepared response ({@link PreparedResponse#large()})
 * then leaves from its direct buffer in one gathering write with whatever is buffered, with no copy in user space.
 * The buffer is direct too when writing to a channel: a channel given a heap buffer copies it through a temporary
 * direct buffer that the JDK looks up in a thread-local on every write. Tests may write to a stream instead.
 * <p>Not thread-safe: it belongs to the one thread serving the connection.
 */
public final class ResponseWriter {

    /** What the response says about the connection. */
    public enum Persistence {
        /** HTTP/1.1 keep-alive, the default: no Connection field. */
        KEEP_ALIVE_DEFAULT(""),
        /** HTTP/1.0 keep-alive, asked for by the client: {@code Connection: keep-alive}. */
        KEEP_ALIVE_EXPLICIT("Connection: keep-alive\r\n"),
        /** The connection closes after this response: {@code Connection: close}. */
        CLOSE("Connection: close\r\n");

        private final byte[] line;

        Persistence(String line) {
            this.line = line.getBytes(StandardCharsets.US_ASCII);
        }
    }

    /** Told about socket writes, so a watchdog can close a connection whose peer stopped reading. */
    public interface WriteWatch {
        WriteWatch NONE = started -> { };

        /** @param started true when a write begins, false when it has ended */
        void writing(boolean started);
    }

    /** Size of the per-connection output buffer; larger bodies go to the socket directly. */
    public static final int BUFFER_SIZE = 8192;
    static final byte[] SERVER_LINE = "Server: loom-arena\r\n".getBytes(StandardCharsets.US_ASCII);
    static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** Largest slice of a heap array handed to the channel at once (the JDK copies it to a direct buffer). */
    private static final int HEAP_WRITE_SLICE = 64 * 1024;

    private final OutputStream out;
    private final GatheringByteChannel channel;
    private final WriteWatch watch;
    private final BooleanSupplier closing;
    /** Responses not yet sent, from 0 to its position: direct to a channel, a heap array to a stream. */
    private final ByteBuffer buf;
    /** The buffer and a large body, for one gathering write; made once. */
    private final ByteBuffer[] gather = new ByteBuffer[2];
    private final byte[] digits = new byte[20];
    private boolean head;
    private Persistence persistence = Persistence.KEEP_ALIVE_DEFAULT;
    private int status;
    private boolean started;
    /** Whether the current response's body went to the socket on its own, past the buffer (a large body). */
    private boolean largeBody;

    /**
     * @param out     the connection's output
     * @param watch   told about socket writes
     * @param closing whether the server is closing connections (graceful shutdown): a response that begins then
     *                says {@code Connection: close}, whatever was prepared
     */
    public ResponseWriter(GatheringByteChannel out, WriteWatch watch, BooleanSupplier closing) {
        this(null, out, watch, closing);
    }

    /** A writer to a stream, for a server that never drains (tests, one-off responses). */
    public ResponseWriter(OutputStream out, WriteWatch watch) {
        this(out, null, watch, () -> false);
    }

    /** A writer to a channel in blocking mode, for a server that never drains (one-off responses). */
    public ResponseWriter(GatheringByteChannel out, WriteWatch watch) {
        this(null, out, watch, () -> false);
    }

    private ResponseWriter(OutputStream stream, GatheringByteChannel channel, WriteWatch watch, BooleanSupplier closing) {
        this.out = stream;
        this.channel = channel;
        this.watch = watch;
        this.closing = closing;
        this.buf = channel != null ? ByteBuffer.allocateDirect(BUFFER_SIZE) : ByteBuffer.allocate(BUFFER_SIZE);
    }

    /**
     * Sets the framing of the next response: whether it answers a HEAD, and what it says about the connection. A
     * response to HEAD never has content, whatever its status and whether the connection closes after it (RFC 9110
     * section 9.3.2): every {@code respond} method leaves the body out here, in this one place.
     */
    public void prepare(boolean headRequest, Persistence connection) {
        this.head = headRequest;
        this.persistence = connection;
        this.started = false;
        this.status = 0;
        this.largeBody = false;
    }

    /** The response not begun yet closes the connection; whether it answers a HEAD stays as prepared. */
    public void closeAfterResponse() {
        this.persistence = Persistence.CLOSE;
    }

    /** Whether the current response has begun (then no other response may be written for this request). */
    public boolean started() {
        return started;
    }

    /** Status of the last response written, 0 if none since {@link #prepare}. */
    public int status() {
        return status;
    }

    /**
     * Whether the last response's body was large: it went to the socket on its own (sendfile, or past the buffer)
     * instead of leaving with the buffer in one write.
     */
    public boolean largeBody() {
        return largeBody;
    }

    /** What the current response says (or will say) about the connection. */
    public Persistence persistence() {
        return persistence;
    }

    /** Sends a prepared response. */
    public void respond(PreparedResponse response) throws IOException {
        begin(response.status());
        if (!head && persistence == Persistence.KEEP_ALIVE_DEFAULT) {
            if (response.large()) {
                writeDirect(response.completeDirect(DateHeader.line()).duplicate());
            } else {
                byte[] complete = response.complete(DateHeader.line());
                write(complete, 0, complete.length);
            }
            return;
        }
        writeHead(response.status(), response.fields(), null);
        if (head) {
            return;
        }
        if (response.large()) {
            writeDirect(response.directBody().duplicate());
        } else {
            write(response.body(), 0, response.body().length);
        }
    }

    /**
     * Sends a response.
     *
     * @param extraFields more field lines, each ending in CRLF, or null
     */
    public void respond(int status, ContentType type, byte[] body, int offset, int length, byte[] extraFields)
            throws IOException {
        begin(status);
        writeHead(status, type, length, extraFields);
        if (!head) {
            write(body, offset, length);
        }
    }

    /**
     * Sends a response whose body is {@code length} bytes of {@code file} from {@code position}. Through a socket
     * channel the body goes with {@link FileChannel#transferTo} (sendfile: from the page cache to the socket, no
     * copy in user space); to a stream it is copied through the buffer.
     *
     * @throws EOFException if the file ends before {@code position + length}
     */
    public void respond(int status, ContentType type, FileChannel file, long position, long length)
            throws IOException {
        respond(status, type, file, position, length, null);
    }

    /** {@link #respond(int, ContentType, FileChannel, long, long)} with more field lines (each ending in CRLF). */
    public void respond(int status, ContentType type, FileChannel file, long position, long length,
            byte[] extraFields) throws IOException {
        begin(status);
        writeHead(status, type, length, extraFields);
        if (!head) {
            sendFile(file, position, length);
        }
    }

    /**
     * Sends a response whose body is what remains of {@code body}, a read-only direct buffer (a mapped file): through
     * a channel it leaves as it is, after what is buffered, with no copy in user space.
     */
    public void respond(int status, ContentType type, ByteBuffer body) throws IOException {
        respond(status, type, body, null);
    }

    /** {@link #respond(int, ContentType, ByteBuffer)} with more field lines (each ending in CRLF), or null. */
    public void respond(int status, ContentType type, ByteBuffer body, byte[] extraFields) throws IOException {
        begin(status);
        writeHead(status, type, body.remaining(), extraFields);
        if (!head) {
            writeDirect(body);
        }
    }

    /**
     * Sends a response that has no content by definition, whatever the request (a 304, RFC 9110 section 15.4.5):
     * no {@code Content-Type}, no {@code Content-Length} (which would have to be the 200's), no body.
     *
     * @param fields its field lines, each ending in CRLF
     */
    public void respondWithoutContent(int status, byte[] fields) throws IOException {
        begin(status);
        writeHead(status, fields, null);
    }

    /** Sends {@code length} bytes of {@code file} from {@code position} after what is buffered. */
    private void sendFile(FileChannel file, long position, long length) throws IOException {
        largeBody = true;
        long next = position;
        long end = position + length;
        if (channel == null) {
            while (next < end) {
                next += copyChunk(file, next, end);
            }
            return;
        }
        flush();
        watch.writing(true);
        try {
            while (next < end) {
                long sent = file.transferTo(next, end - next, channel);
                // Nothing sent: the socket's buffer is full (a virtual thread's socket does not block in sendfile)
                // or the file has shrunk. A chunk through the buffer then waits for the socket (or finds the end).
                next += sent > 0 ? sent : copyChunk(file, next, end);
            }
        } finally {
            watch.writing(false);
        }
    }

    /** Reads up to a buffer of {@code file} at {@code position} (before {@code end}) and sends it; returns its size. */
    private int copyChunk(FileChannel file, long position, long end) throws IOException {
        flush();
        buf.limit((int) Math.min(buf.capacity(), end - position));
        int n = file.read(buf, position);
        if (n < 0) {
            buf.clear();
            throw new EOFException("file ended " + (end - position) + " bytes early");
        }
        buf.limit(buf.capacity());
        flush();
        return n;
    }

    /** Sends a text/plain response. */
    public void respond(int status, String text, byte[] extraFields) throws IOException {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        respond(status, ContentType.TEXT, body, 0, body.length, extraFields);
    }

    private void begin(int responseStatus) {
        if (started) {
            throw new IllegalStateException("a response was already written for this request");
        }
        started = true;
        status = responseStatus;
        if (persistence != Persistence.CLOSE && closing.getAsBoolean()) {
            persistence = Persistence.CLOSE;
        }
    }

    /** Writes the status line and fields of a prepared response (its fields include Content-Length). */
    private void writeHead(int responseStatus, byte[] fields, byte[] extraFields) throws IOException {
        write(HttpStatus.statusLine(responseStatus));
        write(SERVER_LINE);
        write(DateHeader.line());
        write(fields);
        write(persistence.line);
        if (extraFields != null) {
            write(extraFields);
        }
        write(CRLF);
    }

    /** Writes the status line and fields of a response built now. */
    private void writeHead(int responseStatus, ContentType type, long contentLength, byte[] extraFields)
            throws IOException {
        write(HttpStatus.statusLine(responseStatus));
        write(SERVER_LINE);
        write(DateHeader.line());
        write(type.line());
        write(CONTENT_LENGTH);
        writeDecimal(contentLength);
        write(CRLF);
        write(persistence.line);
        if (extraFields != null) {
            write(extraFields);
        }
        write(CRLF);
    }

    private void writeDecimal(long value) throws IOException {
        int i = digits.length;
        long rest = value;
        do {
            digits[--i] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest > 0);
        write(digits, i, digits.length - i);
    }

    /** Sends {@code 100 Continue} (RFC 9110 section 10.1.1) at once. */
    public void writeContinue() throws IOException {
        write(CONTINUE);
        flush();
    }

    /** Sends everything buffered. */
    public void flush() throws IOException {
        if (buf.position() == 0) {
            return;
        }
        buf.flip();
        watch.writing(true);
        try {
            if (channel == null) {
                out.write(buf.array(), 0, buf.limit());
            } else {
                while (buf.hasRemaining()) {
                    channel.write(buf);
                }
            }
        } finally {
            buf.clear();
            watch.writing(false);
        }
    }

    /** Whether responses are buffered and not yet sent. */
    public boolean pending() {
        return buf.position() > 0;
    }

    private void write(byte[] bytes) throws IOException {
        write(bytes, 0, bytes.length);
    }

    private void write(byte[] bytes, int offset, int length) throws IOException {
        if (length <= buf.remaining()) {
            buf.put(bytes, offset, length);
            return;
        }
        flush();
        if (length >= buf.capacity()) {
            socketWrite(bytes, offset, length);
        } else {
            buf.put(bytes, offset, length);
        }
    }

    private void socketWrite(byte[] bytes, int offset, int length) throws IOException {
        largeBody = true;
        watch.writing(true);
        try {
            if (channel == null) {
                out.write(bytes, offset, length);
                return;
            }
            // In slices: the JDK copies a heap buffer to a temporary direct one on every write call, all of what
            // is left, so one large slice would be copied again after each partial write.
            ByteBuffer slice = ByteBuffer.wrap(bytes, offset, length);
            int end = offset + length;
            while (slice.position() < end) {
                slice.limit(Math.min(end, slice.position() + HEAP_WRITE_SLICE));
                while (slice.hasRemaining()) {
                    channel.write(slice);
                }
            }
        } finally {
            watch.writing(false);
        }
    }

    /** Sends what is buffered, then all of {@code direct}; through a channel, both in one gathering write. */
    private void writeDirect(ByteBuffer direct) throws IOException {
        largeBody = true;
        if (channel == null) {
            flush();
            while (direct.hasRemaining()) {
                int n = Math.min(buf.capacity(), direct.remaining());
                buf.put(0, direct, direct.position(), n).position(n);
                direct.position(direct.position() + n);
                flush();
            }
            return;
        }
        gather[0] = buf.flip();
        gather[1] = direct;
        watch.writing(true);
        try {
            while (direct.hasRemaining()) {
                channel.write(gather);
            }
        } finally {
            gather[1] = null;
            buf.clear();
            watch.writing(false);
        }
    }
}
