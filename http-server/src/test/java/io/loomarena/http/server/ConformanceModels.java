package io.loomarena.http.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.stream.Stream;

import io.loomarena.model.ServerModel;

/**
 * The six conformance models (single, platform, pool, virtual, virtual with cached content, event loop) and a raw
 * client for them: a request is written as given, one response is read by its framing, with a read timeout.
 */
final class ConformanceModels {

    /** A model to start, and whether it serves static content from memory. */
    record Model(ServerModel model, boolean cached) {
        ServerConfig.Builder config() {
            return ServerConfig.builder(model).cacheContent(cached).port(0).loops(1).poolSize(4);
        }

        @Override
        public String toString() {
            return model.name().toLowerCase(Locale.ROOT) + (cached ? " --cache-content" : "");
        }
    }

    /** A response: status, head (lower-cased field names kept as sent), body. */
    record Response(int status, String head, byte[] body) {
        /** The value of a field, or null. */
        String field(String name) {
            for (String line : head.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(0, colon).equalsIgnoreCase(name)) {
                    return line.substring(colon + 1).strip();
                }
            }
            return null;
        }

        String text() {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
    }

    private ConformanceModels() {
    }

    static Stream<Model> all() {
        return Stream.of(new Model(ServerModel.SINGLE, false), new Model(ServerModel.PLATFORM, false),
                new Model(ServerModel.POOL, false), new Model(ServerModel.VIRTUAL, false),
                new Model(ServerModel.VIRTUAL, true), new Model(ServerModel.EVENT_LOOP, false));
    }

    static Socket connect(HttpServer server) throws IOException {
        Socket socket = new Socket("127.0.0.1", server.port());
        socket.setSoTimeout(5_000);
        return socket;
    }

    /** Sends the request bytes on the socket. */
    static void send(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** Reads one response; a 304, a 1xx, a 204 and an answer to HEAD have no body whatever their fields say. */
    static Response read(InputStream in, boolean noBody) throws IOException {
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
        Response response = new Response(status, text, new byte[0]);
        String length = response.field("Content-Length");
        if (noBody || status == 304 || length == null) {
            return response;
        }
        int n = Integer.parseInt(length);
        byte[] body = in.readNBytes(n);
        if (body.length != n) {
            throw new IOException("body ended after " + body.length + " of " + n + " bytes");
        }
        return new Response(status, text, body);
    }

    /** One exchange on a new connection. */
    static Response exchange(HttpServer server, String request) throws IOException {
        try (Socket socket = connect(server)) {
            send(socket, request);
            return read(socket.getInputStream(), request.startsWith("HEAD "));
        }
    }
}
