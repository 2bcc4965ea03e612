package io.loomarena.http.server.protocol;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** Test support: parses raw request text as the server would, without sockets. */
final class Requests {

    private Requests() {
    }

    static InputBuffer input(String raw) {
        return InputBuffer.of(new ByteArrayInputStream(raw.getBytes(StandardCharsets.ISO_8859_1)), ParserLimits.DEFAULTS);
    }

    static HttpRequest parse(String raw) throws IOException, HttpException {
        return new Http1RequestParser(ParserLimits.DEFAULTS).parse(input(raw));
    }

    /** The status the parser rejects the request (head and body) with, or 0 when it is accepted. */
    static int status(String raw) throws IOException {
        Http1RequestParser parser = new Http1RequestParser(ParserLimits.DEFAULTS);
        InputBuffer in = input(raw);
        try {
            HttpRequest request = parser.parse(in);
            if (request != null && request.hasBody()) {
                new BodyReader(ParserLimits.DEFAULT_MAX_BODY, parser.headerParser()).read(request, in, null);
            }
            return 0;
        } catch (HttpException e) {
            return e.status();
        }
    }

    /** The decoded body of a request. */
    static String body(String raw) throws IOException, HttpException {
        Http1RequestParser parser = new Http1RequestParser(ParserLimits.DEFAULTS);
        InputBuffer in = input(raw);
        HttpRequest request = parser.parse(in);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        new BodyReader(ParserLimits.DEFAULT_MAX_BODY, parser.headerParser()).read(request, in, body);
        return body.toString(StandardCharsets.ISO_8859_1);
    }
}
