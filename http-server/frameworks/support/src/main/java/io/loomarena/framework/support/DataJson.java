package io.loomarena.framework.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.loomarena.http.server.BundledContent;
import io.loomarena.http.server.endpoint.CacheControl;
import io.loomarena.http.server.protocol.ByteRanges;
import io.loomarena.http.server.protocol.Conditional;
import io.loomarena.http.server.protocol.ContentType;
import io.loomarena.http.server.protocol.HttpStatus;
import io.loomarena.http.server.protocol.Validators;

/**
 * {@code /data.json} of a framework: the arena's bundled 1,000 users (the same file, so the same bytes and the same
 * validators as the arena's server on this machine), read once into memory, answered with the arena's rules: its
 * preconditions first ({@link Conditional}: 304 or 412), then, for a GET, its {@code Range} ({@link ByteRanges}: 206
 * or 416), else the whole of it (200) with {@code ETag}, {@code Last-Modified}, {@code Cache-Control} and
 * {@code Accept-Ranges}. Immutable and thread-safe.
 */
final class DataJson {

    private final byte[] body;
    private final Validators validators;
    private final EndpointAnswer whole;
    private final Map<String, String> fields;
    private final Map<String, String> notModifiedFields;

    private DataJson(byte[] body, long modifiedNanos) {
        this.body = body;
        this.validators = Validators.of(body.length, modifiedNanos);
        String cacheControl = CacheControl.staticContent(CacheControl.DEFAULT_STATIC_MAX_AGE);
        this.notModifiedFields = FieldLines.parse(validators.fieldLines(), cacheControl);
        this.fields = FieldLines.parse(validators.fieldLines(), cacheControl, "Accept-Ranges: bytes\r\n");
        this.whole = EndpointAnswer.of(HttpStatus.OK, ContentType.JSON, fields, body);
    }

    /** The bundled data, as the arena's server extracts it to disk; its attributes first, as the arena reads them. */
    static DataJson bundled() throws IOException {
        Path file = BundledContent.dataFile();
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
        return new DataJson(Files.readAllBytes(file), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS));
    }

    /** The strong entity tag of the bundled data, quotes included. */
    String etag() {
        return validators.etag();
    }

    EndpointAnswer answer(EndpointRequest request) {
        Conditional.Preconditions preconditions = new Conditional.Preconditions(request.field("if-match"),
                request.field("if-unmodified-since"), request.field("if-none-match"), request.field("if-modified-since"));
        if (!preconditions.none()) {
            switch (Conditional.evaluate(preconditions, true, validators)) {
                case NOT_MODIFIED -> {
                    return EndpointAnswer.withoutContent(HttpStatus.NOT_MODIFIED, notModifiedFields);
                }
                case PRECONDITION_FAILED -> {
                    return ArenaEndpoints.error(HttpStatus.PRECONDITION_FAILED,
                            "precondition failed: the representation's validators are " + validators.etag());
                }
                default -> {
                    // Every precondition holds: answered as if there were none.
                }
            }
        }
        String range = request.isHead() ? null : request.field("range");
        if (range != null && Conditional.ifRangeHolds(request.field("if-range"), validators)) {
            ByteRanges.Selection selection = ByteRanges.select(range, body.length);
            switch (selection.kind()) {
                case PART -> {
                    Map<String, String> part = new LinkedHashMap<>(fields);
                    part.put("Content-Range", "bytes " + selection.first() + "-" + selection.last() + "/" + body.length);
                    return EndpointAnswer.of(HttpStatus.PARTIAL_CONTENT, ContentType.JSON, part,
                            Arrays.copyOfRange(body, (int) selection.first(), (int) selection.last() + 1));
                }
                case UNSATISFIABLE -> {
                    return EndpointAnswer.of(HttpStatus.RANGE_NOT_SATISFIABLE, ContentType.TEXT,
                            Map.of("Content-Range", "bytes */" + body.length),
                            ("range not satisfiable: the size is " + body.length + " bytes\n")
                                    .getBytes(StandardCharsets.UTF_8));
                }
                default -> {
                    // Ignored: the whole representation.
                }
            }
        }
        return whole;
    }
}
