package io.loomarena.http.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 response read from a raw socket by its framing, for the tests that talk to a server byte by byte (the
 * conformance tests, the event loop's and the netty reference's): the head as sent and the body its
 * {@code Content-Length} announces. The socket's read timeout bounds every read. Immutable.
 *
 * @param status the status code
 * @param head   the status line and the fields as sent, up to and including the empty line
 * @param body   the body; empty for a 1xx, 204 or 304, an answer to HEAD, or without {@code Content-Length}
 */
public record RawResponse(int status, String head, byte[] body) {

    /** Reads one response that may have a body. */
    public static RawResponse read(InputStream in) throws IOException {
        return read(in, false);
    }

    /**
     * Reads one response; with {@code noBody} (the answer to a HEAD request), and for a 1xx, 204 or 304, there is no
     * body whatever the fields say.
     *
     * @throws IOException when the connection ends inside the head or the body
     */
    public static RawResponse read(InputStream in, boolean noBody) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("connection closed inside a response head: " + head);
            }
            head.write(b);
            matched = (b == '\r' && matched % 2 == 0) || (b == '\n' && matched % 2 == 1) ? matched + 1 : 0;
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        int status = Integer.parseInt(text.split(" ")[1]);
        RawResponse response = new RawResponse(status, text, new byte[0]);
        String length = response.field("Content-Length");
        if (noBody || status < 200 || status == 204 || status == 304 || length == null) {
            return response;
        }
        int n = Integer.parseInt(length);
        byte[] body = in.readNBytes(n);
        if (body.length != n) {
            throw new IOException("body ended after " + body.length + " of " + n + " bytes");
        }
        return new RawResponse(status, text, body);
    }

    /** The value of the first field of that name (any case), stripped, or null. */
    public String field(String name) {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                return line.substring(colon + 1).strip();
            }
        }
        return null;
    }

    /** {@code HTTP/1.1 200 OK}. */
    public String statusLine() {
        return head.substring(0, head.indexOf("\r\n"));
    }

    /** Whether the server said it closes the connection after this response. */
    public boolean closes() {
        String connection = field("Connection");
        return connection != null && connection.toLowerCase(Locale.ROOT).contains("close");
    }

    /** The body as UTF-8 text. */
    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** Head and body as they came, the body as UTF-8 text. */
    public String asSent() {
        return head + text();
    }
}
