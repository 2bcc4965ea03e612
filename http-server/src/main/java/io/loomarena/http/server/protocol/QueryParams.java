package io.loomarena.http.server.protocol;

/**
 * Reads integer query parameters with their allowed range; every failure is a 400 that names the parameter (the
 * connection stays open: the request was well framed). Unknown parameters are ignored. Stateless.
 */
public final class QueryParams {

    private QueryParams() {
    }

    /**
     * The value of a required integer parameter.
     *
     * @param query the raw query (may be null)
     * @throws HttpException 400 when it is missing, repeated, not an integer, or outside {@code min..max}
     */
    public static long integer(String query, String name, long min, long max) throws HttpException {
        String raw = single(query, name);
        String range = "an integer " + min + ".." + max;
        if (raw == null) {
            throw bad("missing query parameter '" + name + "' (" + range + ")");
        }
        String value = PercentDecoding.decodeQueryComponent(raw, "query parameter '" + name + "'");
        long parsed;
        try {
            parsed = Long.parseLong(value);
        } catch (NumberFormatException e) {
            // Not a number at all: say what was expected.
            throw bad("query parameter '" + name + "' must be " + range + ", was '" + printable(value) + "'");
        }
        if (parsed < min || parsed > max) {
            throw bad("query parameter '" + name + "' must be " + range + ", was " + parsed);
        }
        return parsed;
    }

    /**
     * Whether the query names the parameter (with or without a value).
     *
     * @throws HttpException 400 when it is given more than once
     */
    public static boolean present(String query, String name) throws HttpException {
        return single(query, name) != null;
    }

    /** The raw value of a parameter that must appear at most once, or null. */
    private static String single(String query, String name) throws HttpException {
        if (query == null || query.isEmpty()) {
            return null;
        }
        String found = null;
        int from = 0;
        while (from <= query.length()) {
            int amp = query.indexOf('&', from);
            int end = amp < 0 ? query.length() : amp;
            int eq = query.indexOf('=', from);
            int nameEnd = eq < 0 || eq > end ? end : eq;
            if (nameEnd - from == name.length() && query.startsWith(name, from)) {
                if (found != null) {
                    throw bad("query parameter '" + name + "' given more than once");
                }
                found = nameEnd == end ? "" : query.substring(nameEnd + 1, end);
            }
            if (amp < 0) {
                break;
            }
            from = amp + 1;
        }
        return found;
    }

    private static String printable(String value) {
        String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
        return shown.replaceAll("[^\\x20-\\x7E]", "?");
    }

    /** A 400 with {@code message}: a query that cannot be answered as written. */
    public static HttpException bad(String message) {
        return HttpException.application(HttpStatus.BAD_REQUEST, message);
    }
}
