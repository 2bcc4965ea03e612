package io.loomarena.echo.server;

import java.io.Closeable;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.loomarena.measure.ModelThreads;
import io.loomarena.model.ServerModel;

/**
 * What every echo model shares: the listening socket, the accept loop on one named platform thread, the bookkeeping
 * of open connections, and the close sequence. A model decides only where an accepted socket is served
 * ({@link #dispatch}) and how its threads stop ({@link #stopConnectionThreads}). The accept loop is the only caller of
 * {@code dispatch}; {@link #serve} runs on whichever thread the model chose.
 */
abstract class AbstractEchoServer implements EchoServer {

    private static final System.Logger LOG = System.getLogger(AbstractEchoServer.class.getName());
    /** Pause after a failed accept (for example: too many open files), so the loop does not spin on the error. */
    private static final Duration ACCEPT_RETRY_PAUSE = Duration.ofMillis(50);

    protected final EchoServerConfig config;
    private final EchoCounters counters = new EchoCounters();
    private final Set<Socket> openSockets = ConcurrentHashMap.newKeySet();
    private final Set<Thread> connectionThreads = ConcurrentHashMap.newKeySet();
    /** Guards the lifecycle fields, so no socket is tracked after close() took its snapshot. */
    private final Object lifecycle = new Object();
    /** Notified whenever a connection is closed, for close() to wait on. */
    private final Object drained = new Object();
    private ServerSocket listener;
    private Thread acceptor;
    private boolean started;
    private volatile boolean closed;

    protected AbstractEchoServer(EchoServerConfig config) {
        this.config = config;
    }

    /** Hands an accepted, tracked socket to the model's thread, which must call {@link #serve} with it. */
    protected abstract void dispatch(Socket socket);

    /** Stops the model's connection threads, waiting at most {@code timeout}; called once, after the listener closed. */
    protected abstract void stopConnectionThreads(Duration timeout);

    /** Starts the threads a model keeps from the start (the pool's), once the port is bound; none by default. */
    protected void startConnectionThreads() {
    }

    /**
     * A new, unbound listening socket: a plain {@link ServerSocket} by default. A model that needs each accepted
     * socket's channel (the event loop) takes the socket of a {@code ServerSocketChannel}, whose accepted sockets
     * have one.
     */
    protected ServerSocket newListener() throws IOException {
        return new ServerSocket();
    }

    @Override
    public final void start() throws IOException {
        synchronized (lifecycle) {
            if (started || closed) {
                throw new IllegalStateException("an echo server starts once");
            }
            ServerSocket socket = newListener();
            try {
                socket.bind(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()), config.backlog());
            } catch (IOException e) {
                socket.close();
                if (e instanceof BindException bind && String.valueOf(e.getMessage()).contains("in use")) {
                    throw new PortInUseException(config.host(), config.port(), bind);
                }
                throw e;
            }
            listener = socket;
            startConnectionThreads();
            acceptor = ModelThreads.platform(config.model().threadPrefix(THREAD_NAMES) + "-acceptor", this::acceptLoop);
            started = true;
            acceptor.start();
        }
    }

    @Override
    public final ServerModel model() {
        return config.model();
    }

    @Override
    public final int port() {
        synchronized (lifecycle) {
            if (listener == null) {
                throw new IllegalStateException("the echo server is not started");
            }
            return listener.getLocalPort();
        }
    }

    @Override
    public final EchoCounters counters() {
        return counters;
    }

    @Override
    public Set<Thread> connectionThreads() {
        return Set.copyOf(connectionThreads);
    }

    /** Echoes one connection on the calling thread, then releases it. Never throws. */
    protected final void serve(Socket socket) {
        Thread current = Thread.currentThread();
        connectionThreads.add(current);
        try {
            new EchoConnection(socket, config.bufferBytes(), counters).run();
        } finally {
            connectionThreads.remove(current);
            release(socket);
        }
    }

    private void acceptLoop() {
        String server = "echo " + config.model().cliName();
        RareWarning acceptFailed = new RareWarning(server + ": accept failed, retrying (connections wait in the listen"
                + " backlog meanwhile)");
        RareWarning dropped = new RareWarning(server + ": connection closed at once");
        while (!closed) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                if (closed) {
                    return; // close() closed the listener: the normal way out.
                }
                // A failed accept (typically: too many open files during a flood) concerns no open connection: note
                // it, pause briefly and keep accepting; the connection waits in the listen backlog meanwhile.
                acceptFailed.occurred(e.getMessage());
                LockSupport.parkNanos(ACCEPT_RETRY_PAUSE.toNanos());
                continue;
            }
            if (!track(socket)) {
                closeQuietly(socket); // accepted while closing
                return;
            }
            try {
                dispatch(socket);
            } catch (RuntimeException | OutOfMemoryError e) {
                // No thread for this connection (the pool's queue is full, the server is closing, or the OS refused a
                // new thread): drop this connection only; the accept loop carries on.
                release(socket);
                dropped.occurred(e.getMessage());
            }
        }
    }

    private boolean track(Socket socket) {
        synchronized (lifecycle) {
            if (closed) {
                return false;
            }
            openSockets.add(socket);
            counters.opened();
            return true;
        }
    }

    /** Closes a tracked socket and stops counting it; called by whichever thread ends the connection. */
    protected final void release(Socket socket) {
        closeQuietly(socket);
        // Removed under the monitor close() waits on, so that no removal can fall between its check and its wait.
        synchronized (drained) {
            if (openSockets.remove(socket)) {
                counters.closed();
                drained.notifyAll();
            }
        }
    }

    @Override
    public final void close() {
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
        }
        Duration grace = config.closeGrace();
        // An executor counts a task done before its thread has terminated: remember the serving threads to join them.
        Set<Thread> serving = Set.copyOf(connectionThreads);
        closeQuietly(listener);
        // Graceful part: shutting a connection's input makes its read return end of stream, so its thread finishes
        // writing back what it has read and closes the socket: the client sees a clean end of stream.
        openSockets.forEach(AbstractEchoServer::shutdownInputQuietly);
        awaitDrained(System.nanoTime() + grace.toNanos());
        // Connections still open now are stuck, typically writing to a client that does not read: close them.
        openSockets.forEach(this::release);
        stopConnectionThreads(grace);
        serving.stream().filter(thread -> thread != Thread.currentThread()).forEach(thread -> joinQuietly(thread, grace));
        joinQuietly(acceptor, grace);
    }

    private void awaitDrained(long deadlineNanos) {
        synchronized (drained) {
            long left;
            while (!openSockets.isEmpty() && (left = deadlineNanos - System.nanoTime()) > 0) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(drained, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Shuts an executor down and waits for its threads; used by the models that have one. */
    protected static void shutdownAndAwait(ExecutorService executor, Duration timeout) {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
                executor.shutdownNow();
                LOG.log(System.Logger.Level.WARNING, "echo connection threads did not end within " + timeout);
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    private static void joinQuietly(Thread thread, Duration timeout) {
        if (thread == null) {
            return;
        }
        try {
            if (!thread.join(timeout)) {
                LOG.log(System.Logger.Level.WARNING, thread.getName() + " did not end within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void shutdownInputQuietly(Socket socket) {
        try {
            socket.shutdownInput();
        } catch (IOException e) {
            // Already closed or reset: its thread is ending anyway.
        }
    }

    private static void closeQuietly(Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException e) {
            // Closing is best effort: the socket is gone either way.
        }
    }
}
