package io.loomarena.framework.support;

import java.util.Objects;
import java.util.function.Function;

/**
 * A request as {@link ArenaEndpoints} reads it, whatever framework received it. Immutable (the header lookup reads
 * the framework's request, which the framework keeps unchanged while the request is handled).
 *
 * @param method   the method as sent, {@code GET}
 * @param path     the path, without the query
 * @param rawQuery the query as sent (not percent-decoded), or null when there is none
 * @param header   a field's value by its lower-case name, repeated field lines joined with {@code ", "}; null
 *                 when absent
 */
public record EndpointRequest(String method, String path, String rawQuery, Function<String, String> header) {

    public EndpointRequest {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(header, "header");
    }

    /** The value of a field by its lower-case name, or null. */
    public String field(String lowerCaseName) {
        return header.apply(lowerCaseName);
    }

    /** Whether only the head of the answer is sent. */
    public boolean isHead() {
        return "HEAD".equals(method);
    }
}
