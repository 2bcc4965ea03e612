package io.loomarena.echo.server;

import java.io.IOException;
import java.util.Set;

import io.loomarena.model.ServerModel;

/**
 * An RFC 862 echo server of one concurrency model: every byte a client sends comes back unchanged until the client
 * closes. Create one with {@link #create}, {@link #start()} it once, {@link #close()} it once (closing twice is
 * harmless). All methods are thread-safe.
 */
public interface EchoServer extends AutoCloseable {

    /** What the server's thread names start with: {@code echo-virtual-N}, {@code echo-pool-acceptor}. */
    String THREAD_NAMES = "echo";

    /** A new, unstarted server of the configuration's model. */
    static EchoServer create(EchoServerConfig config) {
        return switch (config.model()) {
            case SINGLE -> new SingleEchoServer(config);
            case PLATFORM -> new PlatformEchoServer(config);
            case POOL -> new PoolEchoServer(config);
            case VIRTUAL -> new VirtualEchoServer(config);
            case EVENT_LOOP -> new EventLoopEchoServer(config);
            case NETTY -> new NettyEchoServer(config);
        };
    }

    /**
     * Binds the listening socket and starts the accept loop on the platform thread {@code echo-<model>-acceptor}.
     *
     * @throws PortInUseException when another socket already listens on the port
     * @throws IOException        when the address cannot be bound for another reason
     */
    void start() throws IOException;

    /** The model this server runs. */
    ServerModel model();

    /** The port it listens on (the one picked when configured with port 0); valid after {@link #start()}. */
    int port();

    /** Live counters: active connections, accepted connections, bytes echoed. */
    EchoCounters counters();

    /** The threads serving a connection at this instant (for diagnostics and tests of the threading model). */
    Set<Thread> connectionThreads();

    /**
     * Stops accepting (connections still in the listen backlog are reset), lets every open connection finish what it
     * has read and then closes it, so clients see end of stream; connections still busy after the grace period are
     * closed by force. Returns when the model's threads have ended, or the time limit has passed.
     */
    @Override
    void close();
}
