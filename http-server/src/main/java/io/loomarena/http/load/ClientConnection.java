package io.loomarena.http.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;

/**
 * One client thread's HTTP/1.1 connection to the target over a plain blocking socket: it sends the pre-encoded
 * request, reads the response with a {@link ResponseReader}, and keeps the socket for the next request unless the
 * run or the server says otherwise. A keep-alive connection the server closed while idle is replaced and the request
 * sent once more, without counting an error (as HTTP clients do for idempotent requests).
 * <p>
 * Not thread-safe: it belongs to one client thread. Every read has the run's timeout ({@code SO_TIMEOUT}, and a
 * deadline on the whole response); writes are one small request, which fits in the socket's send buffer.
 */
final class ClientConnection implements AutoCloseable {

    private final InetSocketAddress address;
    private final byte[] request;
    private final boolean reuse;
    private final int timeoutMillis;
    private final long timeoutNanos;
    private final ResponseReader reader;
    private final BodyCheck bodyCheck;
    private Socket socket;
    private OutputStream out;

    /**
     * @param target    where to connect
     * @param reuse     whether to keep the connection for the next request (the request must then not ask to close)
     * @param timeoutMillis connect timeout, read timeout and longest time for one response
     * @param reader    this thread's reader
     * @param bodyCheck the run's body check
     */
    ClientConnection(Target target, boolean reuse, int timeoutMillis, ResponseReader reader, BodyCheck bodyCheck) {
        this.address = new InetSocketAddress(target.address(), target.port());
        this.request = target.requestBytes(reuse);
        this.reuse = reuse;
        this.timeoutMillis = timeoutMillis;
        this.timeoutNanos = timeoutMillis * 1_000_000L;
        this.reader = reader;
        this.bodyCheck = bodyCheck;
    }

    /**
     * Sends one request and reads its response.
     *
     * @return null on success (2xx and the expected body), else why it failed; for {@link ErrorKind#STATUS} the code
     *         is {@link #status()}
     */
    ErrorKind exchange() {
        boolean reused = socket != null;
        if (!reused) {
            ErrorKind failed = connect();
            if (failed != null) {
                return failed;
            }
        }
        try {
            try {
                send();
            } catch (NoResponseException | SocketException e) {
                // A reused connection the server had already closed: one more try on a new connection.
                if (!reused || reader.started()) {
                    throw e;
                }
                closeSocket();
                ErrorKind failed = connect();
                if (failed != null) {
                    return failed;
                }
                send();
            }
        } catch (SocketTimeoutException e) {
            // No complete response within the timeout.
            closeSocket();
            return ErrorKind.TIMEOUT;
        } catch (MalformedResponseException e) {
            // Framing is lost: the connection cannot carry another request.
            closeSocket();
            return ErrorKind.MALFORMED;
        } catch (IOException e) {
            // Reset, closed without a response, or another I/O failure.
            closeSocket();
            return ErrorKind.RESET;
        }
        if (!reuse || reader.closeAfter()) {
            closeSocket();
        }
        int status = reader.status();
        if (status < 200 || status > 299) {
            return ErrorKind.STATUS;
        }
        return bodyCheck.accepts(reader.bodyLength(), reader.bodyCrc()) ? null : ErrorKind.CHECKSUM;
    }

    /** Status code of the last complete response. */
    int status() {
        return reader.status();
    }

    private void send() throws IOException {
        out.write(request);
        reader.read(System.nanoTime() + timeoutNanos);
    }

    private ErrorKind connect() {
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.setSoTimeout(timeoutMillis);
            s.connect(address, timeoutMillis);
            InputStream in = s.getInputStream();
            out = s.getOutputStream();
            reader.attach(in);
            socket = s;
            return null;
        } catch (IOException e) {
            // Refused, unreachable, or no answer within the timeout.
            closeQuietly(s);
            return ErrorKind.CONNECT;
        }
    }

    private void closeSocket() {
        if (socket != null) {
            closeQuietly(socket);
            socket = null;
            out = null;
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Nothing left to do with a socket that fails to close.
        }
    }

    @Override
    public void close() {
        closeSocket();
    }
}
