package io.loomarena.http.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * The listening socket, a channel (so that accepted sockets have channels, which send direct buffers without a
 * copy). For the {@code single} model, which serves connections on the acceptor thread, it also tells
 * whether another client waits to be accepted ({@link #clientWaiting()}): then the connection being served is
 * closed after its current response, announced with {@code Connection: close}, instead of holding the only thread
 * until it goes idle (a close that a client may race with its next request).
 * <p>Threading: {@link #accept()} is called by the acceptor thread only; {@link #clientWaiting()} also by the
 * watchdog, for a connection in an idle read (then the acceptor thread is in that read, not in {@code accept()});
 * {@link #close()} by any thread.
 */
final class Listener implements AutoCloseable {

    private final ServerSocketChannel channel;
    /** Readiness of the listener to accept, watched only when clients waiting matter; else null. */
    private final Selector pending;

    private Listener(ServerSocketChannel channel, Selector pending) {
        this.channel = channel;
        this.pending = pending;
    }

    /**
     * Binds the address.
     *
     * @param watchWaiting whether {@link #clientWaiting()} is needed (the listener then accepts in non-blocking
     *                     mode, waiting in a selector)
     */
    static Listener bind(String host, int port, int backlog, boolean watchWaiting) throws IOException {
        ServerSocketChannel channel = ServerSocketChannel.open();
        Selector pending = null;
        try {
            channel.socket().setReuseAddress(true);
            channel.bind(new InetSocketAddress(host, port), backlog);
            if (watchWaiting) {
                pending = Selector.open();
                channel.configureBlocking(false);
                channel.register(pending, SelectionKey.OP_ACCEPT);
            }
            return new Listener(channel, pending);
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (pending != null) {
                pending.close();
            }
            throw e;
        }
    }

    int port() {
        return channel.socket().getLocalPort();
    }

    boolean isClosed() {
        return !channel.isOpen();
    }

    /**
     * Waits for the next connection; the channel returned is in blocking mode.
     *
     * @throws ClosedChannelException once the listener is closed
     */
    SocketChannel accept() throws IOException {
        if (pending == null) {
            return channel.accept();
        }
        try {
            while (true) {
                SocketChannel accepted = channel.accept();
                if (accepted != null) {
                    return accepted;
                }
                pending.selectedKeys().clear();
                pending.select();
            }
        } catch (ClosedSelectorException e) {
            // close() ran while waiting.
            throw new ClosedChannelException();
        }
    }

    /**
     * Whether an idle kept-alive connection past its idle timeout should be closed: always, unless clients waiting
     * are watched (single), then only when one waits for the thread.
     */
    boolean idleCloseWanted() {
        return pending == null || clientWaiting();
    }

    /** Whether a client has connected and waits to be accepted (always false unless watched). */
    synchronized boolean clientWaiting() {
        if (pending == null) {
            return false;
        }
        try {
            pending.selectedKeys().clear();
            return pending.selectNow() > 0;
        } catch (IOException | ClosedSelectorException e) {
            // Closed by a shutdown: no client will be accepted any more.
            return false;
        }
    }

    /** Stops accepting; a thread waiting in {@link #accept()} gets a {@link ClosedChannelException}. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            // Already closed: accepting has stopped either way.
        }
        if (pending != null) {
            try {
                pending.close();
            } catch (IOException e) {
                // Nothing left to release.
            }
        }
    }
}
