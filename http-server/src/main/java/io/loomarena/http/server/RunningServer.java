package io.loomarena.http.server;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

import io.loomarena.http.server.netty.NettyHttpServer;
import io.loomarena.model.ServerModel;

/**
 * What {@code serve} needs of a running server, whichever runs it: {@link HttpServer} (a stage of every endpoint) or
 * {@link NettyHttpServer} (the {@code netty} reference for {@code /ping} and {@code /data.json}, on Netty's own
 * bootstrap, which accepts on its own loop and so cannot sit behind {@code HttpServer}'s acceptor).
 */
public interface RunningServer {

    /** Starts the server of {@code config}'s model: the one place that chooses between the two. */
    static RunningServer start(ServerConfig config) throws IOException {
        return config.model() == ServerModel.NETTY ? NettyHttpServer.start(config) : HttpServer.start(config);
    }

    /** The port actually bound (useful with port 0). */
    int port();

    /** Stops gracefully within {@code grace}; true if every connection ended by itself within it. */
    boolean shutdown(Duration grace);

    /** Waits until a shutdown has finished; true if it has. */
    boolean awaitTermination(Duration timeout);

    /** The counters {@code stats} on stdin prints. */
    Map<String, Long> counters();
}
