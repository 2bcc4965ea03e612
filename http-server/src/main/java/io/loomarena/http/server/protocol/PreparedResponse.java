package io.loomarena.http.server.protocol;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A response whose status, fields and body are fixed (pong, a cached file): its field lines are formatted once, and
 * for the common case (HTTP/1.1 keep-alive GET) the complete response bytes are kept for the current second, so
 * sending it is one copy, or one socket write when it is large. A large one (a body of at least
 * {@link ResponseWriter#BUFFER_SIZE} bytes) is kept in a read-only direct buffer instead of the heap: a socket
 * channel sends a direct buffer as it is, where a heap array is first copied to a temporary direct buffer by the
 * JDK (and copied again for what a partial write leaves). Thread-safe: a racing rebuild is harmless.
 */
public final class PreparedResponse {

    /** The complete response for one date line: {@code bytes} for a small one, {@code direct} for a large one. */
    private record Complete(byte[] dateLine, byte[] bytes, ByteBuffer direct) {
    }

    private final int status;
    private final byte[] fields;
    private final byte[] body;
    /** The body as a read-only direct buffer when it is large, else null. */
    private final ByteBuffer directBody;
    private volatile Complete complete;

    /**
     * @param status       the status
     * @param type         the content type
     * @param body         the body; not copied, the caller must not modify it afterwards
     * @param extraFields  more field lines, each ending in CRLF, or null
     */
    public PreparedResponse(int status, ContentType type, byte[] body, String extraFields) {
        HttpStatus.statusLine(status);
        this.status = status;
        this.body = Objects.requireNonNull(body, "body");
        String lines = "Content-Type: " + type.value() + "\r\n";
        lines += "Content-Length: " + body.length + "\r\n" + (extraFields == null ? "" : extraFields);
        this.fields = lines.getBytes(StandardCharsets.ISO_8859_1);
        this.directBody = body.length >= ResponseWriter.BUFFER_SIZE
                ? ByteBuffer.allocateDirect(body.length).put(body).flip().asReadOnlyBuffer() : null;
    }

    public static PreparedResponse of(int status, ContentType type, byte[] body) {
        return new PreparedResponse(status, type, body, null);
    }

    public static PreparedResponse text(int status, String text) {
        return of(status, ContentType.TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    public int status() {
        return status;
    }

    /** Content-Type, Content-Length and extra field lines, shared: do not modify. */
    byte[] fields() {
        return fields;
    }

    /** The body, shared: do not modify. */
    public byte[] body() {
        return body;
    }

    /** Whether the body is large: it is then sent from a direct buffer ({@link #directBody()}, {@link #completeDirect}). */
    boolean large() {
        return directBody != null;
    }

    /** The large body as a read-only direct buffer (each caller sends its own {@code duplicate()}). */
    ByteBuffer directBody() {
        return directBody;
    }

    /** The complete keep-alive response with this date line, built once per second (a small response). */
    byte[] complete(byte[] dateLine) {
        return current(dateLine).bytes;
    }

    /** The complete keep-alive response with this date line, built once per second (a large response), read-only. */
    ByteBuffer completeDirect(byte[] dateLine) {
        return current(dateLine).direct;
    }

    private Complete current(byte[] dateLine) {
        Complete current = complete;
        if (current == null || current.dateLine != dateLine) {
            byte[] statusLine = HttpStatus.statusLine(status);
            int size = statusLine.length + ResponseWriter.SERVER_LINE.length + dateLine.length + fields.length
                    + ResponseWriter.CRLF.length + body.length;
            ByteBuffer out = large() ? ByteBuffer.allocateDirect(size) : ByteBuffer.allocate(size);
            out.put(statusLine).put(ResponseWriter.SERVER_LINE).put(dateLine).put(fields).put(ResponseWriter.CRLF);
            out.put(directBody != null ? directBody.duplicate() : ByteBuffer.wrap(body)).flip();
            current = large() ? new Complete(dateLine, null, out.asReadOnlyBuffer())
                    : new Complete(dateLine, out.array(), null);
            complete = current;
        }
        return current;
    }
}
