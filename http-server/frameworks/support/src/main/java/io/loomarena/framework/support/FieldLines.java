package io.loomarena.framework.support;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the arena's header field lines ({@code Name: value\r\n}, as {@code CacheControl} and {@code Validators} write
 * them once for the arena's own servers) as names and values, so that a framework sends the very same fields without
 * a second copy of their rules. Stateless.
 */
final class FieldLines {

    private FieldLines() {
    }

    /** The fields of {@code lines}, in order; later lines of the same name replace earlier ones. */
    static Map<String, String> parse(String... lines) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String text : lines) {
            for (String line : text.split("\r\n")) {
                if (line.isEmpty()) {
                    continue;
                }
                int colon = line.indexOf(':');
                if (colon <= 0) {
                    throw new IllegalArgumentException("not a field line: " + line);
                }
                fields.put(line.substring(0, colon), line.substring(colon + 1).strip());
            }
        }
        return fields;
    }
}
