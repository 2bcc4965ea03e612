package io.loomarena.http.server.endpoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.PreparedResponse;
import io.loomarena.http.server.protocol.Validators;

/**
 * One version of a static representation ({@code /data.json}, a file of {@code /files/}): its type, size and
 * {@link Validators}, with the field lines of its 200, 206 and 304 answers formatted once, here, for every request
 * that version serves. A version held in memory also keeps its complete 200 as a {@link PreparedResponse}.
 * Immutable.
 */
final class StaticVersion {

    private final ContentType type;
    private final long size;
    private final long modifiedNanos;
    private final Validators validators;
    /** Validators, {@code Accept-Ranges} and {@code Cache-Control}: the fields a 200 and a 206 add. */
    private final byte[] fields;
    /** Validators and {@code Cache-Control}: what a 304 says (RFC 9110 section 15.4.5). */
    private final byte[] notModifiedFields;
    private final PreparedResponse whole;

    private StaticVersion(ContentType type, long size, long modifiedNanos, String cacheControl, byte[] body) {
        this.type = type;
        this.size = size;
        this.modifiedNanos = modifiedNanos;
        this.validators = Validators.of(size, modifiedNanos);
        String common = validators.fieldLines() + cacheControl;
        String lines = common + "Accept-Ranges: bytes\r\n";
        this.fields = lines.getBytes(StandardCharsets.US_ASCII);
        this.notModifiedFields = common.getBytes(StandardCharsets.US_ASCII);
        this.whole = body == null ? null : new PreparedResponse(HttpStatus.OK, type, body, lines);
    }

    /** A version on disk, as its attributes describe it. */
    static StaticVersion onDisk(ContentType type, BasicFileAttributes attributes, String cacheControl) {
        return new StaticVersion(type, attributes.size(), nanos(attributes), cacheControl, null);
    }

    /** A version held in memory: its bytes, read after its attributes. */
    static StaticVersion inMemory(ContentType type, BasicFileAttributes attributes, byte[] body, String cacheControl) {
        return new StaticVersion(type, body.length, nanos(attributes), cacheControl, body);
    }

    /** A version mapped in memory: its size is the mapping's. */
    static StaticVersion mapped(ContentType type, BasicFileAttributes attributes, long size, String cacheControl) {
        return new StaticVersion(type, size, nanos(attributes), cacheControl, null);
    }

    /** Whether this version is still the file these attributes describe (same size, same modification time). */
    boolean current(BasicFileAttributes attributes) {
        return attributes.size() == size && nanos(attributes) == modifiedNanos;
    }

    private static long nanos(BasicFileAttributes attributes) {
        return attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS);
    }

    ContentType type() {
        return type;
    }

    long size() {
        return size;
    }

    Validators validators() {
        return validators;
    }

    /** The fields a 200 or a 206 adds; shared, do not modify. */
    byte[] fields() {
        return fields;
    }

    /** The fields of a 304; shared, do not modify. */
    byte[] notModifiedFields() {
        return notModifiedFields;
    }

    /** The complete 200 of a version held in memory, else null. */
    PreparedResponse whole() {
        return whole;
    }
}
