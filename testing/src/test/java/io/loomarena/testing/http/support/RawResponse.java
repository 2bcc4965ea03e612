package io.loomarena.testing.http.support;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One response as read from a raw socket. Immutable.
 *
 * @param status  the status code
 * @param headers field values by lower-cased name, in order
 * @param body    the body bytes (empty for HEAD)
 */
public record RawResponse(int status, Map<String, List<String>> headers, byte[] body) {

    public RawResponse {
        headers = Map.copyOf(headers);
    }

    /** The first value of a field, or null. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Whether the response has this field line, e.g. {@code Connection: close} (name and value case-insensitive). */
    public boolean says(String fieldLine) {
        int colon = fieldLine.indexOf(':');
        String value = header(fieldLine.substring(0, colon).strip());
        return value != null && value.equalsIgnoreCase(fieldLine.substring(colon + 1).strip());
    }

    public boolean closes() {
        String connection = header("connection");
        return connection != null && connection.equalsIgnoreCase("close");
    }
}
