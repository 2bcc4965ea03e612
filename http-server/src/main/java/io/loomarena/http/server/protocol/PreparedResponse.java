package io.loomarena.http.server.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A response whose status, fields and body are fixed (pong, a cached file): its field lines are formatted once, and
 * for the common case (HTTP/1.1 keep-alive GET) the complete response bytes are kept for the current second, so
 * sending it is one copy, or one socket write when it is large. Thread-safe: a racing rebuild is harmless.
 */
public final class PreparedResponse {

    private record Complete(byte[] dateLine, byte[] bytes) {
    }

    private final int status;
    private final byte[] fields;
    private final byte[] body;
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

    /** The complete keep-alive response with this date line, built once per second. */
    byte[] complete(byte[] dateLine) {
        Complete current = complete;
        if (current == null || current.dateLine != dateLine) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(256 + body.length);
            out.writeBytes(HttpStatus.statusLine(status));
            out.writeBytes(ResponseWriter.SERVER_LINE);
            out.writeBytes(dateLine);
            out.writeBytes(fields);
            out.writeBytes(ResponseWriter.CRLF);
            out.writeBytes(body);
            current = new Complete(dateLine, out.toByteArray());
            complete = current;
        }
        return current.bytes;
    }
}
