package io.loomarena.http.server.connection;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.BooleanSupplier;

import io.loomarena.http.server.protocol.ResponseWriter;

/**
 * One accepted socket with the deadlines of its blocking read or write, which the registry's watchdog enforces
 * ({@link #enforce}): an overdue read is ended by shutting the input down (the reader then sees a timeout and can
 * still answer 408), an overdue write by closing the socket. Using the watchdog instead of {@code SO_TIMEOUT}
 * spares a timer per read (a timed park on a virtual thread, a poll before the read on a platform thread), which is
 * a large part of what a small request costs. An overdue idle read (a kept-alive connection waiting for its next
 * request) is ended only when the stage wants the thread back ({@code single}: another client waits);
 * otherwise it may go on waiting, so a client that sends its next request late is not cut off for nothing.
 * <p>Threading: the deadline setters run on the connection's thread; {@link #enforce} and {@link #close} may run on
 * any thread.
 */
final class WatchedSocket implements ResponseWriter.WriteWatch {

    private final Socket socket;
    private final BooleanSupplier idleCloseWanted;
    private volatile long readDeadlineNanos;
    private volatile boolean idleRead;
    private volatile long writeStartedNanos;
    private volatile boolean readTimedOut;

    /**
     * @param idleCloseWanted whether an idle connection whose timeout has passed should be closed now (asked by the
     *                        watchdog thread)
     */
    WatchedSocket(Socket socket, BooleanSupplier idleCloseWanted) {
        this.socket = socket;
        this.idleCloseWanted = idleCloseWanted;
    }

    Socket socket() {
        return socket;
    }

    /**
     * A blocking read begins that must end within the timeout (0 = no limit).
     *
     * @param idle whether it waits for the next request on a kept-alive connection
     */
    void readStarting(int timeoutMillis, boolean idle) {
        idleRead = idle;
        readDeadlineNanos = timeoutMillis == 0 ? 0 : (System.nanoTime() + timeoutMillis * 1_000_000L) | 1;
    }

    /**
     * The read has ended.
     *
     * @throws SocketTimeoutException if the watchdog ended it because its deadline had passed
     */
    void readEnded() throws SocketTimeoutException {
        readDeadlineNanos = 0;
        if (readTimedOut) {
            throw new SocketTimeoutException("read timed out");
        }
    }

    @Override
    public void writing(boolean started) {
        writeStartedNanos = started ? System.nanoTime() | 1 : 0;
    }

    /** The watchdog's round: ends an overdue read, closes a connection whose write has been blocked too long. */
    void enforce(long nowNanos, long writeTimeoutNanos) {
        long writeStarted = writeStartedNanos;
        if (writeStarted != 0 && nowNanos - writeStarted > writeTimeoutNanos) {
            close();
        }
        long readDeadline = readDeadlineNanos;
        if (readDeadline != 0 && nowNanos - readDeadline > 0 && !readTimedOut
                && (!idleRead || idleCloseWanted.getAsBoolean())) {
            readTimedOut = true;
            try {
                socket.shutdownInput();
            } catch (IOException e) {
                // Closed meanwhile: the read has ended anyway.
                close();
            }
        }
    }

    /** Closes now, unblocking any read or write. */
    void close() {
        try {
            socket.close();
        } catch (IOException e) {
            // Already closed or broken: nothing left to release.
        }
    }

    /**
     * Half-closes and reads what the client still sends (for a little while) before closing, so that closing with
     * unread input does not reset the connection before the client has read the error response (as nginx's
     * lingering close), within the limits of {@link ExchangePolicy#LINGER_TIME} and
     * {@link ExchangePolicy#LINGER_MAX_BYTES}.
     */
    void lingerThenClose() {
        try {
            socket.shutdownOutput();
            socket.setSoTimeout((int) ExchangePolicy.LINGER_TIME.toMillis());
            long deadline = System.nanoTime() + ExchangePolicy.LINGER_TIME.toNanos();
            byte[] sink = new byte[4096];
            int total = 0;
            InputStream input = socket.getInputStream();
            while (total < ExchangePolicy.LINGER_MAX_BYTES && System.nanoTime() < deadline) {
                int n = input.read(sink);
                if (n < 0) {
                    break;
                }
                total += n;
            }
        } catch (IOException e) {
            // The peer is gone or the linger timed out: close below is all that is left.
        } finally {
            close();
        }
    }
}
