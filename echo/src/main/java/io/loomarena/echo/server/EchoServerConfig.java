package io.loomarena.echo.server;

import java.time.Duration;
import java.util.Objects;

import io.loomarena.model.ServerModel;

/**
 * How to run one echo server; the defaults below are the command line's. Immutable; the constructor rejects values
 * outside the documented ranges with a message naming the bad value.
 *
 * @param model       the concurrency model
 * @param host        the address to listen on; loopback unless told otherwise
 * @param port        0..65535; 0 picks a free port
 * @param poolSize    threads of the {@code pool} model, 1..{@value ServerModel#MAX_POOL_SIZE} (ignored by the other models)
 * @param backlog     pending-connection queue of the listening socket, 1..{@value #MAX_BACKLOG} (the kernel may cap
 *                    it, see {@code net.core.somaxconn}); the {@code pool} model also queues at most this many
 *                    accepted connections waiting for a thread
 * @param bufferBytes the most bytes read (and then written back) at once per connection, 1..{@value #MAX_BUFFER_BYTES};
 *                    in the blocking models a connection's buffer starts at 512 bytes (or this, if smaller) and
 *                    doubles after each read that filled it, up to this size, so an idle connection holds half a KiB,
 *                    not this; the event-loop model reads into one buffer of this size per loop and keeps a buffer per
 *                    connection only for bytes its client has not taken back yet
 * @param closeGrace  how long {@code close()} lets connections finish after their input is shut, before it closes
 *                    them by force; it then waits at most as long again for the threads to end
 * @param loops       event loops of the models that have them ({@link ServerModel#hasLoops()}), 1..{@value
 *                    ServerModel#MAX_LOOPS} (ignored by the other models); by default one per processor this JVM may
 *                    use. Each loop holds at most {@code bufferBytes} of output a client has not read yet per
 *                    connection, and reads no more from that connection until the client takes some
 */
public record EchoServerConfig(ServerModel model, String host, int port, int poolSize, int backlog, int bufferBytes,
                               Duration closeGrace, int loops) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 7007;
    public static final int DEFAULT_BACKLOG = 10_000;
    public static final int MAX_BACKLOG = 1_000_000;
    public static final int DEFAULT_BUFFER_BYTES = 16 * 1024;
    public static final int MAX_BUFFER_BYTES = 16 * 1024 * 1024;
    public static final Duration DEFAULT_CLOSE_GRACE = Duration.ofSeconds(2);

    public EchoServerConfig {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(closeGrace, "closeGrace");
        requireRange("port", port, 0, 65_535);
        requireRange("pool size", poolSize, 1, ServerModel.MAX_POOL_SIZE);
        requireRange("backlog", backlog, 1, MAX_BACKLOG);
        requireRange("buffer bytes", bufferBytes, 1, MAX_BUFFER_BYTES);
        requireRange("loops", loops, 1, ServerModel.MAX_LOOPS);
        if (closeGrace.isNegative()) {
            throw new IllegalArgumentException("close grace must not be negative, was " + closeGrace);
        }
    }

    /** A configuration with the default number of loops ({@link ServerModel#defaultLoops()}). */
    public EchoServerConfig(ServerModel model, String host, int port, int poolSize, int backlog, int bufferBytes,
                            Duration closeGrace) {
        this(model, host, port, poolSize, backlog, bufferBytes, closeGrace, ServerModel.defaultLoops());
    }

    /** The command line's defaults for a model: loopback, port {@value #DEFAULT_PORT}. */
    public static EchoServerConfig of(ServerModel model) {
        return new EchoServerConfig(model, DEFAULT_HOST, DEFAULT_PORT, ServerModel.DEFAULT_POOL_SIZE, DEFAULT_BACKLOG,
                DEFAULT_BUFFER_BYTES, DEFAULT_CLOSE_GRACE);
    }

    public EchoServerConfig withPort(int newPort) {
        return new EchoServerConfig(model, host, newPort, poolSize, backlog, bufferBytes, closeGrace, loops);
    }

    public EchoServerConfig withPoolSize(int newPoolSize) {
        return new EchoServerConfig(model, host, port, newPoolSize, backlog, bufferBytes, closeGrace, loops);
    }

    public EchoServerConfig withLoops(int newLoops) {
        return new EchoServerConfig(model, host, port, poolSize, backlog, bufferBytes, closeGrace, newLoops);
    }

    public EchoServerConfig withBufferBytes(int newBufferBytes) {
        return new EchoServerConfig(model, host, port, poolSize, backlog, newBufferBytes, closeGrace, loops);
    }

    static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be " + min + ".." + max + ", was " + value);
        }
    }
}
