package io.loomarena.echo.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;

/**
 * RFC 862 on one accepted socket: every byte read is written back, in order, with no framing, until the client's
 * end of stream; then the socket is closed. Everything in this class runs on the one thread its model gives the
 * connection. {@link #run()} never throws, so a failing connection cannot disturb another one or the accept loop
 * (which serves connections itself in the {@code single} model).
 */
final class EchoConnection implements Runnable {

    private static final System.Logger LOG = System.getLogger(EchoConnection.class.getName());

    /**
     * Size a connection's buffer starts at. An idle connection keeps its buffer while its thread waits in read, so
     * starting at the largest read would cost every one of 10,000 idle connections 16 KiB; a small message fits
     * anyway, and a stream that fills the buffer doubles it on each full read up to the configured size.
     */
    static final int INITIAL_BUFFER_BYTES = 512;

    private final Socket socket;
    private final int bufferBytes;
    private final EchoCounters counters;

    EchoConnection(Socket socket, int bufferBytes, EchoCounters counters) {
        this.socket = socket;
        this.bufferBytes = bufferBytes;
        this.counters = counters;
    }

    @Override
    public void run() {
        try (Socket connection = socket) {
            // Echo is request/response on every byte: Nagle's algorithm would only add latency to partial echoes.
            connection.setTcpNoDelay(true);
            InputStream in = connection.getInputStream();
            OutputStream out = connection.getOutputStream();
            byte[] buffer = new byte[Math.min(INITIAL_BUFFER_BYTES, bufferBytes)];
            int read;
            while ((read = in.read(buffer)) != -1) {
                // A socket stream's write returns only when every byte is handed to the kernel, so a partial write
                // (full send buffer) simply blocks this connection's thread until the client reads.
                out.write(buffer, 0, read);
                counters.echoed(read);
                if (read == buffer.length && buffer.length < bufferBytes) {
                    buffer = new byte[Math.min(bufferBytes, buffer.length * 2)];
                }
            }
            // End of stream: the client half-closed (FIN) and everything it sent has been written back. Closing the
            // socket now sends our FIN.
        } catch (SocketException e) {
            // Reset by the client, or closed by the server's close(): this connection alone ends.
            LOG.log(System.Logger.Level.DEBUG, () -> "echo connection ended: " + e.getMessage());
        } catch (IOException e) {
            // Any other I/O failure concerns this connection alone.
            LOG.log(System.Logger.Level.DEBUG, () -> "echo connection failed: " + e);
        } catch (RuntimeException e) {
            // A bug: log it loudly, but keep the thread (possibly the accept loop) alive for the other connections.
            LOG.log(System.Logger.Level.WARNING, "echo connection failed unexpectedly", e);
        }
    }
}
