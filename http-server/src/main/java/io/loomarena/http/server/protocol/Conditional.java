package io.loomarena.http.server.protocol;

/**
 * Conditional requests on a representation with {@link Validators}, RFC 9110 section 13, in the order of section
 * 13.2.2: {@code If-Match} (strong comparison; fails: 412), else {@code If-Unmodified-Since} (modified after: 412),
 * then {@code If-None-Match} (weak comparison; matches: 304 for GET and HEAD, 412 otherwise), else, for GET and
 * HEAD, {@code If-Modified-Since} (not modified since: 304). A date that is not an HTTP date is ignored; an entity
 * tag that is not one (unquoted, say) matches nothing. {@code If-Range} (section 13.1.5) is decided here too.
 * <p>Callers pass each field's value with repeated field lines joined by commas. Stateless.
 */
public final class Conditional {

    /** What a request's preconditions say. */
    public enum Outcome {
        /** No precondition failed: answer the request as usual. */
        PROCEED,
        /** 304: the client's copy is current. */
        NOT_MODIFIED,
        /** 412: a precondition failed. */
        PRECONDITION_FAILED
    }

    /** The fields a precondition is made of; null where absent. */
    public record Preconditions(String ifMatch, String ifUnmodifiedSince, String ifNoneMatch, String ifModifiedSince) {

        /** A request without any of the four fields. */
        public static final Preconditions NONE = new Preconditions(null, null, null, null);

        /** The preconditions of a request, repeated field lines joined by commas; {@link #NONE} when it has none. */
        public static Preconditions of(HttpRequest request) {
            HeaderFields h = request.headers();
            String ifMatch = joined(h, "if-match");
            String ifUnmodifiedSince = joined(h, "if-unmodified-since");
            String ifNoneMatch = joined(h, "if-none-match");
            String ifModifiedSince = joined(h, "if-modified-since");
            if (ifMatch == null && ifUnmodifiedSince == null && ifNoneMatch == null && ifModifiedSince == null) {
                return NONE;
            }
            return new Preconditions(ifMatch, ifUnmodifiedSince, ifNoneMatch, ifModifiedSince);
        }

        /** Whether there is none (the common request: nothing to evaluate). */
        public boolean none() {
            return ifMatch == null && ifUnmodifiedSince == null && ifNoneMatch == null && ifModifiedSince == null;
        }
    }

    private Conditional() {
    }

    /**
     * Evaluates the preconditions of a request for the representation whose validators are given.
     *
     * @param getOrHead whether the request is a GET or a HEAD (only they get a 304)
     */
    public static Outcome evaluate(Preconditions p, boolean getOrHead, Validators v) {
        if (p.ifMatch() != null) {
            if (!matches(p.ifMatch(), v.etag(), true)) {
                return Outcome.PRECONDITION_FAILED;
            }
        } else if (p.ifUnmodifiedSince() != null) {
            long date = HttpDates.parse(p.ifUnmodifiedSince());
            if (date != HttpDates.INVALID && v.lastModified() > date) {
                return Outcome.PRECONDITION_FAILED;
            }
        }
        if (p.ifNoneMatch() != null) {
            if (matches(p.ifNoneMatch(), v.etag(), false)) {
                return getOrHead ? Outcome.NOT_MODIFIED : Outcome.PRECONDITION_FAILED;
            }
        } else if (getOrHead && p.ifModifiedSince() != null) {
            long date = HttpDates.parse(p.ifModifiedSince());
            if (date != HttpDates.INVALID && v.lastModified() <= date) {
                return Outcome.NOT_MODIFIED;
            }
        }
        return Outcome.PROCEED;
    }

    /**
     * Whether a range request's {@code If-Range} holds (section 13.1.5): absent, or a strong entity tag equal to the
     * current one, or an HTTP date equal to the Last-Modified (a date is only as strong as a second allows, and a
     * weak tag never holds). When it does not hold, the whole representation is sent (200).
     */
    public static boolean ifRangeHolds(String ifRange, Validators v) {
        if (ifRange == null) {
            return true;
        }
        String value = ifRange.strip();
        if (value.startsWith("\"")) {
            return value.equals(v.etag());
        }
        long date = HttpDates.parse(value);
        return date != HttpDates.INVALID && date == v.lastModified();
    }

    /**
     * Whether a list of entity tags ({@code *} or {@code #entity-tag}) matches {@code etag}: with the strong
     * comparison a weak tag matches nothing, with the weak one {@code W/} is ignored (section 8.8.3.2).
     */
    static boolean matches(String list, String etag, boolean strong) {
        String value = list.strip();
        if (value.equals("*")) {
            return true;
        }
        int i = 0;
        int n = value.length();
        while (i < n) {
            char c = value.charAt(i);
            if (c == ' ' || c == '\t' || c == ',') {
                i++;
                continue;
            }
            boolean weak = value.startsWith("W/", i);
            int open = weak ? i + 2 : i;
            if (open >= n || value.charAt(open) != '"') {
                return false; // not an entity tag: the rest of the list cannot be read reliably, nothing matches
            }
            int close = value.indexOf('"', open + 1);
            if (close < 0) {
                return false;
            }
            if ((!weak || !strong) && value.regionMatches(open, etag, 0, etag.length())
                    && close - open + 1 == etag.length()) {
                return true;
            }
            i = close + 1;
        }
        return false;
    }

    /** The field's value, or its values joined when it is repeated (rare: one pass over the fields otherwise). */
    private static String joined(HeaderFields headers, String name) {
        String first = null;
        for (int i = 0; i < headers.size(); i++) {
            if (headers.name(i).equals(name)) {
                if (first != null) {
                    return String.join(", ", headers.all(name));
                }
                first = headers.value(i);
            }
        }
        return first;
    }
}
