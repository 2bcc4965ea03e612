package io.loomarena.http.server.protocol;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * Reads one request head (request line, then header section) and decides its framing, RFC 9112 sections 6 and 9:
 * exactly one {@code Host} on HTTP/1.1, {@code Content-Length} as a single plain decimal, {@code Transfer-Encoding}
 * only {@code chunked} and never together with {@code Content-Length} nor on HTTP/1.0; anything ambiguous is a
 * 400 that closes the connection, because the next request's first byte can no longer be found.
 * <p>Stateless and thread-safe: one instance serves every connection.
 */
public final class Http1RequestParser {

    /** Digits of the largest Content-Length considered (bigger is 413 anyway; more digits is malformed). */
    private static final int MAX_CONTENT_LENGTH_DIGITS = 18;

    private final ParserLimits limits;
    private final Http1Prologue prologue;
    private final Http1Headers headers;

    public Http1RequestParser(ParserLimits limits) {
        this.limits = limits;
        this.prologue = new Http1Prologue(limits.maxRequestLine());
        this.headers = new Http1Headers(limits.maxHeaderBytes(), limits.maxHeaderFields());
    }

    public ParserLimits limits() {
        return limits;
    }

    /** The trailer-section parser of chunked bodies, with the header limits. */
    public Http1Headers headerParser() {
        return headers;
    }

    /**
     * Reads one request head; the body, if any, is left in the input for {@link BodyReader}.
     *
     * @return the request, or null when the stream ended cleanly before a request began
     */
    public HttpRequest parse(InputBuffer in) throws IOException, HttpException {
        return parse(in, line -> { });
    }

    /**
     * Like {@link #parse(InputBuffer)}, telling {@code onRequestLine} the request line as soon as it is parsed, before
     * the header fields: an error in the rest of the head is then answered knowing the method (no body for HEAD).
     */
    public HttpRequest parse(InputBuffer in, Consumer<RequestLine> onRequestLine) throws IOException, HttpException {
        RequestLine line = prologue.parse(in);
        if (line == null) {
            return null;
        }
        onRequestLine.accept(line);
        HeaderFields fields = headers.parse(in);
        boolean http11 = line.version() == HttpVersion.HTTP_1_1;
        checkHost(fields, http11);
        long contentLength = framing(fields, http11);
        HttpRequest request = new HttpRequest(line, fields, contentLength, keepAlive(fields, http11),
                expectContinue(fields, http11));
        in.previousHead().remember(line, fields);
        return request;
    }

    private static void checkHost(HeaderFields fields, boolean http11) throws HttpException {
        int hosts = fields.count(HeaderFields.HOST);
        if (hosts > 1) {
            throw bad("more than one Host header");
        }
        if (hosts == 0) {
            if (http11) {
                throw bad("HTTP/1.1 request without a Host header");
            }
            return;
        }
        String host = fields.first(HeaderFields.HOST);
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c > 0xFF || !Ascii.HOST[c]) {
                throw bad("Host header has a forbidden character");
            }
        }
    }

    private long framing(HeaderFields fields, boolean http11) throws HttpException {
        int lengths = fields.count(HeaderFields.CONTENT_LENGTH);
        boolean hasTransferEncoding = fields.count(HeaderFields.TRANSFER_ENCODING) > 0;
        if (hasTransferEncoding) {
            if (!http11) {
                throw bad("Transfer-Encoding is not allowed on an HTTP/1.0 request");
            }
            checkTransferCodings(fields.all(HeaderFields.TRANSFER_ENCODING));
            if (lengths > 0) {
                throw bad("both Content-Length and Transfer-Encoding");
            }
            return HttpRequest.CHUNKED;
        }
        if (lengths == 0) {
            return 0;
        }
        if (lengths > 1) {
            throw bad("more than one Content-Length header");
        }
        long length = contentLength(fields.first(HeaderFields.CONTENT_LENGTH));
        if (length > limits.maxBody()) {
            throw HttpException.protocol(HttpStatus.CONTENT_TOO_LARGE, "body larger than " + limits.maxBody() + " bytes");
        }
        return length;
    }

    /**
     * Only {@code chunked}, exactly once: other codings are 501, a malformed list 400, and so is a list whose final
     * coding is not {@code chunked}, because then the body's length cannot be determined (RFC 9112 section 6.3).
     */
    private static void checkTransferCodings(List<String> values) throws HttpException {
        String last = values.get(values.size() - 1);
        String finalCoding = last.substring(last.lastIndexOf(',') + 1).strip();
        if (!finalCoding.equalsIgnoreCase("chunked") && (values.size() > 1 || last.indexOf(',') >= 0)) {
            throw bad("chunked must be the final transfer coding");
        }
        int chunked = 0;
        for (String value : values) {
            for (String coding : value.split(",", -1)) {
                String token = coding.strip();
                if (token.equalsIgnoreCase("chunked")) {
                    chunked++;
                } else if (token.isEmpty() || token.indexOf(';') >= 0) {
                    throw bad("malformed Transfer-Encoding");
                } else {
                    throw HttpException.protocol(HttpStatus.NOT_IMPLEMENTED, "transfer coding " + token + " is not implemented");
                }
            }
        }
        if (chunked != 1) {
            throw bad("Transfer-Encoding must name chunked exactly once");
        }
    }

    private static long contentLength(String value) throws HttpException {
        if (value.isEmpty() || value.length() > MAX_CONTENT_LENGTH_DIGITS) {
            throw bad("Content-Length must be 1 to " + MAX_CONTENT_LENGTH_DIGITS + " decimal digits");
        }
        long length = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw bad("Content-Length is not a decimal number");
            }
            length = length * 10 + (c - '0');
        }
        return length;
    }

    private static boolean keepAlive(HeaderFields fields, boolean http11) {
        boolean close = false;
        boolean keepAlive = false;
        for (int i = 0; i < fields.size(); i++) {
            if (fields.name(i).equals(HeaderFields.CONNECTION)) {
                String value = fields.value(i);
                close |= containsToken(value, "close");
                keepAlive |= containsToken(value, "keep-alive");
            }
        }
        return !close && (http11 || keepAlive);
    }

    private static boolean expectContinue(HeaderFields fields, boolean http11) throws HttpException {
        String expect = fields.first(HeaderFields.EXPECT);
        if (expect == null) {
            return false;
        }
        if (!expect.equalsIgnoreCase("100-continue")) {
            throw HttpException.protocol(HttpStatus.EXPECTATION_FAILED, "only Expect: 100-continue is supported");
        }
        return http11;
    }

    /** Whether a comma-separated list holds the token, case-insensitively. */
    static boolean containsToken(String list, String token) {
        int from = 0;
        while (from <= list.length()) {
            int comma = list.indexOf(',', from);
            int end = comma < 0 ? list.length() : comma;
            int s = from;
            int e = end;
            while (s < e && (list.charAt(s) == ' ' || list.charAt(s) == '\t')) {
                s++;
            }
            while (e > s && (list.charAt(e - 1) == ' ' || list.charAt(e - 1) == '\t')) {
                e--;
            }
            if (e - s == token.length() && list.regionMatches(true, s, token, 0, token.length())) {
                return true;
            }
            if (comma < 0) {
                return false;
            }
            from = comma + 1;
        }
        return false;
    }

    private static HttpException bad(String message) {
        return HttpException.protocol(HttpStatus.BAD_REQUEST, message);
    }
}
