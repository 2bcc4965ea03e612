package io.loomarena.harness.flood;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * {@code GET /ping} once per connection; the reply must be {@code 200} with body {@code pong}, framed by
 * {@code Content-Length}. With {@code keepAlive} the request leaves the connection open (the flood holds it), without
 * it the request says {@code Connection: close}. Stateless.
 */
public final class HttpPingFloodProtocol implements FloodProtocol {

    /** A response head longer than this is not our server's answer to {@code /ping}. */
    private static final int MAX_HEAD_BYTES = 8 * 1024;

    private final byte[] request;

    public HttpPingFloodProtocol(boolean keepAlive) {
        this.request = ("GET /ping HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (keepAlive ? "" : "Connection: close\r\n")
                + "\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public byte[] request(int index) {
        return request.clone();
    }

    @Override
    public void readReply(InputStream in, int index) throws IOException {
        String head = readHead(in);
        if (!head.startsWith("HTTP/1.1 200 ")) {
            throw new FloodReplyException("status line '" + head.lines().findFirst().orElse("") + "'");
        }
        int length = contentLength(head);
        byte[] body = in.readNBytes(length);
        if (body.length < length) {
            throw new EOFException("end of stream after " + body.length + " of " + length + " body bytes");
        }
        String text = new String(body, StandardCharsets.US_ASCII);
        if (!text.equals("pong")) {
            throw new FloodReplyException("body '" + text + "' instead of 'pong'");
        }
    }

    @Override
    public String describe() {
        return "GET /ping";
    }

    /** The head up to and without the blank line, read byte by byte so that nothing of the body is consumed. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder(160);
        while (head.length() < MAX_HEAD_BYTES) {
            int b = in.read();
            if (b == -1) {
                throw new EOFException("end of stream after " + head.length() + " bytes of the response head");
            }
            head.append((char) b);
            int n = head.length();
            if (n >= 4 && head.charAt(n - 4) == '\r' && head.charAt(n - 3) == '\n' && head.charAt(n - 2) == '\r'
                    && head.charAt(n - 1) == '\n') {
                return head.substring(0, n - 4);
            }
        }
        throw new FloodReplyException("response head longer than " + MAX_HEAD_BYTES + " bytes");
    }

    private static int contentLength(String head) throws FloodReplyException {
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).toLowerCase(Locale.ROOT).equals("content-length")) {
                try {
                    return Integer.parseInt(line.substring(colon + 1).strip());
                } catch (NumberFormatException e) {
                    throw new FloodReplyException("bad Content-Length '" + line + "'");
                }
            }
        }
        throw new FloodReplyException("no Content-Length in the response");
    }
}
