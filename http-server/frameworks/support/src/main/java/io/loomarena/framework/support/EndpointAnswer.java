package io.loomarena.framework.support;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpStatus;

/**
 * What {@link ArenaEndpoints} answers, for a framework to write with its own response API: the status, the content
 * type (null when there is no content, a 304), more header fields in order, and the body. A framework writes the
 * fields, {@code Content-Length} = {@link #contentLength()} when {@link #hasContent()}, and the body unless the
 * request was a HEAD (which gets GET's fields, Content-Length included, and no body). Immutable; the body may be
 * shared by many answers (the bundled data), which is why it is only handed out read-only.
 */
public final class EndpointAnswer {

    private final int status;
    private final String contentType;
    private final Map<String, String> fields;
    private final byte[] body;

    private EndpointAnswer(int status, String contentType, Map<String, String> fields, byte[] body) {
        HttpStatus.statusLine(status);
        this.status = status;
        this.contentType = contentType;
        this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
        this.body = Objects.requireNonNull(body, "body");
    }

    /**
     * An answer with content.
     *
     * @param body not copied: the caller must never modify it afterwards
     */
    public static EndpointAnswer of(int status, ContentType type, Map<String, String> fields, byte[] body) {
        return new EndpointAnswer(status, type.value(), fields, body);
    }

    /** An answer with content of a type given as text (the database's answers). */
    public static EndpointAnswer of(int status, String contentType, Map<String, String> fields, byte[] body) {
        return new EndpointAnswer(status, Objects.requireNonNull(contentType, "contentType"), fields, body);
    }

    /** A text/plain answer (an error's one line, {@code pong}). */
    public static EndpointAnswer text(int status, String text, Map<String, String> fields) {
        return of(status, ContentType.TEXT, fields, text.getBytes(StandardCharsets.UTF_8));
    }

    /** An answer without content (a 304): its fields only. */
    public static EndpointAnswer withoutContent(int status, Map<String, String> fields) {
        return new EndpointAnswer(status, null, fields, new byte[0]);
    }

    public int status() {
        return status;
    }

    /** The {@code Content-Type}, or null when there is no content. */
    public String contentType() {
        return contentType;
    }

    /** Header fields besides Content-Type and Content-Length, by name, in the order to write them. */
    public Map<String, String> fields() {
        return fields;
    }

    /** Whether the answer has content (and so a Content-Type and a Content-Length, even for a HEAD). */
    public boolean hasContent() {
        return contentType != null;
    }

    /** The length of the body in bytes: GET's {@code Content-Length}, which a HEAD carries too. */
    public int contentLength() {
        return body.length;
    }

    /** The body, read-only. */
    public ByteBuffer body() {
        return ByteBuffer.wrap(body).asReadOnlyBuffer();
    }

    /** How a framework takes a body as an array ({@code OutputStream::write}, Helidon's {@code send}). */
    @FunctionalInterface
    public interface BodySink {
        /** Sends {@code length} bytes of {@code body} from {@code offset}; must not modify or keep the array. */
        void send(byte[] body, int offset, int length) throws IOException;
    }

    /** Hands the whole body to {@code sink} without copying it first. */
    public void sendBody(BodySink sink) throws IOException {
        sink.send(body, 0, body.length);
    }

    /** The body as text (tests, messages). */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return status + " " + (contentType == null ? "" : contentType + " ") + fields + " (" + body.length + " bytes)";
    }
}
