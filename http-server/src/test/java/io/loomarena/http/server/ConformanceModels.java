package io.loomarena.http.server;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.stream.Stream;

import io.loomarena.model.ServerModel;

/**
 * The six conformance models (single, platform, pool, virtual, virtual with cached content, event loop) and a raw
 * client for them: a request is written as given, one response is read by its framing ({@link RawResponse}), with a
 * read timeout.
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

    /** One exchange on a new connection. */
    static RawResponse exchange(HttpServer server, String request) throws IOException {
        try (Socket socket = connect(server)) {
            send(socket, request);
            return RawResponse.read(socket.getInputStream(), request.startsWith("HEAD "));
        }
    }
}
