package io.loomarena.http.server.protocol;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Parses the request line, RFC 9112 section 3: {@code method SP request-target SP HTTP-version CRLF}, strictly
 * (exactly two single spaces, a token method, a target of allowed bytes, {@code HTTP/d.d}). A bare LF is accepted as
 * a line end (RFC 9112 section 2.2), a few empty lines before the request line are skipped.
 * Check order: syntax (400) before version (505) before method (501: unknown methods and CONNECT), so a malformed
 * line never gets a 5xx.
 * <p>Stateless and thread-safe: one instance serves every connection.
 */
public final class Http1Prologue {

    /** Empty lines tolerated before a request line (RFC 9112 section 2.2 asks for at least one). */
    public static final int MAX_LEADING_EMPTY_LINES = 8;

    private static final byte[] HTTP_SLASH = "HTTP/".getBytes(StandardCharsets.US_ASCII);

    private final int maxLength;
    private final String tooLong;

    /** @param maxLength the longest request line in bytes, line end excluded; longer is 414 */
    public Http1Prologue(int maxLength) {
        if (maxLength < 16) {
            throw new IllegalArgumentException("maxLength must be >= 16: " + maxLength);
        }
        this.maxLength = maxLength;
        this.tooLong = "request line longer than " + maxLength + " bytes";
    }

    /**
     * Reads and consumes one request line.
     *
     * @return the request line, or null when the stream ends cleanly before the first byte of a request
     */
    public RequestLine parse(InputBuffer in) throws IOException, HttpException {
        for (int empty = 0; ; empty++) {
            int lf = in.lineLength(maxLength, HttpStatus.URI_TOO_LONG, tooLong);
            if (lf < 0) {
                if (in.buffered() == 0) {
                    return null;
                }
                throw HttpException.protocol(HttpStatus.BAD_REQUEST, "incomplete request line");
            }
            byte[] b = in.array();
            int start = in.position();
            int end = lf > 0 && b[start + lf - 1] == '\r' ? start + lf - 1 : start + lf;
            if (end == start) {
                if (empty >= MAX_LEADING_EMPTY_LINES) {
                    throw HttpException.protocol(HttpStatus.BAD_REQUEST, "too many empty lines before the request");
                }
                in.position(start + lf + 1);
                continue;
            }
            if (end - start > maxLength) {
                throw HttpException.protocol(HttpStatus.URI_TOO_LONG, tooLong);
            }
            RequestLine line = parseLine(b, start, end, in.previousHead().line());
            in.position(start + lf + 1);
            return line;
        }
    }

    /** @param previous the connection's previous request line, or null: taken again when this one is the same */
    private static RequestLine parseLine(byte[] b, int start, int end, RequestLine previous) throws HttpException {
        int sp1 = indexOfSpace(b, start, end);
        int sp2 = sp1 < 0 ? -1 : indexOfSpace(b, sp1 + 1, end);
        if (sp2 < 0) {
            throw bad("request line must be: method, target and version separated by single spaces");
        }
        if (indexOfSpace(b, sp2 + 1, end) >= 0) {
            throw bad("request line has more than three parts");
        }
        if (sp1 == start || !all(Ascii.TCHAR, b, start, sp1)) {
            throw bad("method is not a token");
        }
        if (sp2 == sp1 + 1 || !all(Ascii.TARGET, b, sp1 + 1, sp2)) {
            throw bad("request target is empty or has a forbidden character");
        }
        HttpVersion version = version(b, sp2 + 1, end);
        Method method = Method.of(b, start, sp1 - start);
        if (method == null) {
            throw HttpException.protocol(HttpStatus.NOT_IMPLEMENTED,
                    "method " + new String(b, start, sp1 - start, StandardCharsets.US_ASCII) + " is not implemented");
        }
        if (method == Method.CONNECT) {
            // An origin server that does not tunnel refuses the method for every target (RFC 9110 9.3.6, 15.6.2);
            // its authority-form target is never read as a path. Closed like any 501: what follows a CONNECT may
            // be tunnel bytes, not a request.
            throw HttpException.protocol(HttpStatus.NOT_IMPLEMENTED,
                    "CONNECT is not implemented: this origin server does not tunnel");
        }
        return target(method, b, sp1 + 1, sp2, version, previous);
    }

    private static HttpVersion version(byte[] b, int from, int to) throws HttpException {
        if (to - from != 8 || !startsWith(b, from, HTTP_SLASH)
                || !isDigit(b[from + 5]) || b[from + 6] != '.' || !isDigit(b[from + 7])) {
            throw bad("HTTP version must be HTTP/<digit>.<digit>");
        }
        if (b[from + 5] == '1' && b[from + 7] == '1') {
            return HttpVersion.HTTP_1_1;
        }
        if (b[from + 5] == '1' && b[from + 7] == '0') {
            return HttpVersion.HTTP_1_0;
        }
        throw HttpException.protocol(HttpStatus.VERSION_NOT_SUPPORTED, "this server speaks HTTP/1.1 and HTTP/1.0 only");
    }

    private static RequestLine target(Method method, byte[] b, int from, int to, HttpVersion version,
                                      RequestLine previous) throws HttpException {
        if (b[from] == '/') {
            return originForm(method, b, from, to, version, previous);
        }
        if (to - from == 1 && b[from] == '*') {
            if (method != Method.OPTIONS) {
                throw bad("the asterisk target is only for OPTIONS");
            }
            return new RequestLine(method, "*", null, version);
        }
        int afterScheme = schemeEnd(b, from, to);
        if (afterScheme < 0) {
            throw bad("request target must start with / or be an absolute http URI");
        }
        int pathStart = afterScheme;
        while (pathStart < to && b[pathStart] != '/' && b[pathStart] != '?') {
            pathStart++;
        }
        if (pathStart == afterScheme) {
            throw bad("absolute URI has no authority");
        }
        if (pathStart == to || b[pathStart] == '?') {
            String query = pathStart == to ? null : new String(b, pathStart + 1, to - pathStart - 1, StandardCharsets.US_ASCII);
            return new RequestLine(method, "/", query, version);
        }
        return originForm(method, b, pathStart, to, version, previous);
    }

    /**
     * The path and query, each taken from the previous request line when its bytes spell the same (a path only
     * when it has no {@code %}: a decoded path may be spelled by other raw bytes), and that whole line when every
     * part is the same.
     */
    private static RequestLine originForm(Method method, byte[] b, int from, int to, HttpVersion version,
                                          RequestLine previous) throws HttpException {
        int question = from;
        boolean percent = false;
        while (question < to && b[question] != '?') {
            percent |= b[question] == '%';
            question++;
        }
        if (previous == null) {
            String path = PercentDecoding.decodePath(b, from, question);
            return new RequestLine(method, path, query(b, question, to), version);
        }
        boolean samePath = !percent && Ascii.spells(previous.path(), b, from, question);
        boolean sameQuery = previous.query() == null ? question == to
                : question < to && Ascii.spells(previous.query(), b, question + 1, to);
        if (samePath && sameQuery && method == previous.method() && version == previous.version()) {
            return previous;
        }
        String path = samePath ? previous.path() : PercentDecoding.decodePath(b, from, question);
        return new RequestLine(method, path, sameQuery ? previous.query() : query(b, question, to), version);
    }

    /** The raw query after the {@code ?} at {@code question}, or null when the target has none. */
    private static String query(byte[] b, int question, int to) {
        return question == to ? null : new String(b, question + 1, to - question - 1, StandardCharsets.US_ASCII);
    }

    /** The index after {@code http://} or {@code https://} (scheme case-insensitive), or -1. */
    private static int schemeEnd(byte[] b, int from, int to) {
        int i = from;
        for (char c : "http".toCharArray()) {
            if (i >= to || Ascii.toLower(b[i]) != c) {
                return -1;
            }
            i++;
        }
        if (i < to && Ascii.toLower(b[i]) == 's') {
            i++;
        }
        if (to - i < 3 || b[i] != ':' || b[i + 1] != '/' || b[i + 2] != '/') {
            return -1;
        }
        return i + 3;
    }

    private static int indexOfSpace(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] == ' ') {
                return i;
            }
        }
        return -1;
    }

    private static boolean all(boolean[] allowed, byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (!allowed[b[i] & 0xFF]) {
                return false;
            }
        }
        return true;
    }

    private static boolean startsWith(byte[] b, int from, byte[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if (b[from + i] != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
