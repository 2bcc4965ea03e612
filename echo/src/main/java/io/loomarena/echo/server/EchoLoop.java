package io.loomarena.echo.server;

import java.io.IOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import io.loomarena.measure.ModelThreads;

/**
 * One event loop of the {@code event-loop} model: one platform thread and one {@link Selector} serving any number of
 * non-blocking connections, RFC 862 on each. The loop reads every connection into one buffer of its own (at most
 * {@code bufferBytes}) and writes the bytes straight back; only what the client does not take at once is copied into a
 * buffer of that connection, and while it holds any the loop stops reading that connection ({@code OP_READ} off) and
 * waits for the client to read ({@code OP_WRITE}). So an idle connection holds no buffer at all (the blocking models
 * keep half a KiB per connection, the thread's read buffer), a connection never holds more than {@code bufferBytes},
 * and a client that does not read fills its own TCP windows and nothing else: no byte is dropped, reordered or
 * buffered beyond the bound, and the loop's other connections go on. End of stream (the client's half-close, or the
 * server's close shutting the input) means: write back what is left, then close. A read or write that fails (a reset)
 * ends that connection alone. Everything but {@link #add}, {@link #stop} and {@link #servesAny} runs on the loop's
 * thread.
 */
final class EchoLoop {

    private static final System.Logger LOG = System.getLogger(EchoLoop.class.getName());

    private final String name;
    private final EchoCounters counters;
    /** Ends a connection: closes its socket and stops counting it (the server's bookkeeping). */
    private final Consumer<Socket> release;
    /** Accepted sockets waiting to be registered by the loop's thread, which alone touches the selector's keys. */
    private final Queue<Socket> added = new ConcurrentLinkedQueue<>();
    private volatile Selector selector;
    private volatile Thread thread;
    private volatile boolean stopping;
    /** Connections registered and not ended; changed by the loop's thread only, read by any. */
    private final AtomicInteger connections = new AtomicInteger();

    /**
     * The loop's read buffer, shared by all its connections: direct, so a read goes from the socket into it with no
     * copy through the JDK's temporary direct buffer. Touched by the loop's thread only.
     */
    private final ByteBuffer readBuffer;

    /**
     * State of one connection: its socket and the bytes read and not yet echoed, {@code null} when there are none
     * (the usual case: the write took everything), else in fill mode, at most {@code bufferBytes}.
     */
    private static final class Connection {
        final Socket socket;
        ByteBuffer pending;
        boolean inputEnded;

        Connection(Socket socket) {
            this.socket = socket;
        }
    }

    EchoLoop(String name, int bufferBytes, EchoCounters counters, Consumer<Socket> release) {
        this.name = name;
        this.counters = counters;
        this.release = release;
        this.readBuffer = ByteBuffer.allocateDirect(bufferBytes);
    }

    /** Opens the selector and starts the loop's thread; once. */
    void start() {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot open a selector for " + name, e);
        }
        Thread loop = ModelThreads.platform(name, this::run);
        thread = loop;
        loop.start();
    }

    /** Hands an accepted socket to this loop (any thread). */
    void add(Socket socket) {
        added.add(socket);
        Selector current = selector;
        if (current != null) {
            current.wakeup();
        }
    }

    /** Whether the loop holds a connection now. */
    boolean servesAny() {
        return connections.get() > 0;
    }

    /** The loop's thread; {@code null} before {@link #start()}. */
    Thread thread() {
        return thread;
    }

    /** Asks the loop to end (any thread); the server has already ended or closed its connections. */
    void stop() {
        stopping = true;
        Selector current = selector;
        if (current != null) {
            current.wakeup();
        }
    }

    /** Waits at most {@code timeout} for the loop's thread to end. */
    void await(Duration timeout) {
        Thread loop = thread;
        if (loop == null) {
            return;
        }
        try {
            if (!loop.join(timeout)) {
                LOG.log(System.Logger.Level.WARNING, name + " did not end within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void run() {
        try (Selector own = selector) {
            while (!stopping) {
                own.select(this::ready);
                registerAdded(own);
            }
        } catch (IOException | ClosedSelectorException e) {
            // The selector itself failed: nothing this loop can serve any more; the server's close ends its sockets.
            LOG.log(System.Logger.Level.WARNING, name + " stopped: " + e);
        }
    }

    private void registerAdded(Selector own) {
        Socket socket;
        while ((socket = added.poll()) != null) {
            try {
                SocketChannel channel = socket.getChannel();
                channel.configureBlocking(false);
                channel.register(own, SelectionKey.OP_READ, new Connection(socket));
                connections.incrementAndGet();
            } catch (IOException | RuntimeException e) {
                // Closed meanwhile (reset, or the server closing): this connection only.
                release.accept(socket);
            }
        }
    }

    /**
     * Serves one ready connection: first what is pending for it, then (only if nothing is) one read, written straight
     * back; then chooses what to wait for.
     */
    private void ready(SelectionKey key) {
        Connection connection = (Connection) key.attachment();
        SocketChannel channel = (SocketChannel) key.channel();
        try {
            if (connection.pending != null) {
                ByteBuffer pending = connection.pending.flip();
                counters.echoed(channel.write(pending));
                connection.pending = pending.hasRemaining() ? pending.compact() : null;
            }
            if (connection.pending == null && !connection.inputEnded && key.isReadable()) {
                ByteBuffer buffer = readBuffer.clear();
                int read = channel.read(buffer);
                connection.inputEnded = read < 0;
                if (read > 0) {
                    buffer.flip();
                    counters.echoed(channel.write(buffer));
                    if (buffer.hasRemaining()) {
                        // The client's receive window is full: keep the rest, in order, until it reads.
                        connection.pending = ByteBuffer.allocate(buffer.remaining()).put(buffer);
                    }
                }
            }
            if (connection.inputEnded && connection.pending == null) {
                end(key, connection); // everything the client sent has been written back: close, as the others do
                return;
            }
            int interest = connection.pending != null ? SelectionKey.OP_WRITE
                    : connection.inputEnded ? 0 : SelectionKey.OP_READ;
            if (key.interestOps() != interest) {
                key.interestOps(interest);
            }
        } catch (IOException e) {
            // Reset by the client, or closed by the server's close(): this connection alone ends.
            LOG.log(System.Logger.Level.DEBUG, () -> "echo connection ended: " + e.getMessage());
            end(key, connection);
        } catch (RuntimeException e) {
            // A bug, or a key cancelled by a close from another thread: end this connection, keep the loop.
            LOG.log(System.Logger.Level.DEBUG, () -> "echo connection failed: " + e);
            end(key, connection);
        }
    }

    private void end(SelectionKey key, Connection connection) {
        key.cancel();
        connections.decrementAndGet();
        release.accept(connection.socket);
    }
}
