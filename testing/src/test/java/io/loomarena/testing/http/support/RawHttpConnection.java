package io.loomarena.testing.http.support;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A client socket that writes any bytes and reads HTTP/1.1 responses framed by Content-Length, every read with a
 * timeout. Not thread-safe: one connection per thread.
 */
public final class RawHttpConnection implements AutoCloseable {

    /** Longest wait for any single read unless a caller says otherwise. */
    public static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private final Socket socket;
    private final InputStream in;

    private RawHttpConnection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream());
        socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
    }

    public static RawHttpConnection open(int port) {
        return open(port, 0);
    }

    /** @param receiveBuffer the socket receive buffer to ask for before connecting, 0 for the default */
    public static RawHttpConnection open(int port, int receiveBuffer) {
        Socket socket = new Socket();
        try {
            if (receiveBuffer > 0) {
                socket.setReceiveBufferSize(receiveBuffer);
            }
            socket.connect(new InetSocketAddress("127.0.0.1", port), (int) READ_TIMEOUT.toMillis());
            return new RawHttpConnection(socket);
        } catch (IOException e) {
            closeQuietly(socket);
            throw new UncheckedIOException("cannot connect to 127.0.0.1:" + port, e);
        }
    }

    /** Whether a new connection to the loopback {@code port} is refused now (a stopped server's port). */
    public static boolean refused(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            return false;
        } catch (ConnectException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    public void send(byte[] bytes) {
        try {
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
        } catch (IOException e) {
            throw new UncheckedIOException("write failed", e);
        }
    }

    public void send(String requestText) {
        send(RequestText.bytes(requestText));
    }

    /** Sends bytes and tolerates the server closing first. */
    public void sendTolerant(byte[] bytes) {
        try {
            socket.getOutputStream().write(bytes);
        } catch (IOException e) {
            // The server answered and closed before reading all of it.
        }
    }

    /** Sends a request and tolerates the server closing first (it may reject before reading everything). */
    public void sendTolerant(String requestText) {
        try {
            socket.getOutputStream().write(RequestText.bytes(requestText));
        } catch (IOException e) {
            // The server answered and closed before reading all of it: the response may still be readable.
        }
    }

    public void halfClose() {
        try {
            socket.shutdownOutput();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one response to a request that was not HEAD. */
    public RawResponse read() {
        return read(false, READ_TIMEOUT);
    }

    /**
     * Reads one response.
     *
     * @param head    whether it answers a HEAD (no body follows its fields)
     * @param timeout the longest wait for each read
     * @throws UncheckedIOException on timeout, or at end of stream before a complete response
     */
    public RawResponse read(boolean head, Duration timeout) {
        try {
            socket.setSoTimeout((int) timeout.toMillis());
            String statusLine = line();
            if (statusLine == null) {
                throw new EOFException("connection closed before a response");
            }
            String[] parts = statusLine.split(" ", 3);
            if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
                throw new IOException("not a status line: " + statusLine);
            }
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (String field = line(); field != null && !field.isEmpty(); field = line()) {
                int colon = field.indexOf(':');
                headers.computeIfAbsent(field.substring(0, colon).toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(field.substring(colon + 1).strip());
            }
            int status = Integer.parseInt(parts[1]);
            List<String> length = headers.get("content-length");
            byte[] body = head || length == null ? new byte[0] : in.readNBytes(Integer.parseInt(length.get(0)));
            return new RawResponse(status, headers, body);
        } catch (IOException e) {
            throw new UncheckedIOException("no complete response: " + e.getMessage(), e);
        }
    }

    /** Reads up to n bytes (fewer at end of stream). */
    public byte[] readBytes(int n) {
        try {
            return in.readNBytes(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * What the connection does within the timeout: end of stream (closed by the peer), a reset, more bytes, or
     * nothing (still open).
     */
    public PeerState peerState(Duration timeout) {
        try {
            socket.setSoTimeout((int) timeout.toMillis());
            int b = in.read();
            return b < 0 ? PeerState.CLOSED : PeerState.SENT_MORE;
        } catch (SocketTimeoutException e) {
            return PeerState.OPEN;
        } catch (IOException e) {
            return PeerState.CLOSED;
        }
    }

    /** What {@link #peerState} saw. */
    public enum PeerState { CLOSED, OPEN, SENT_MORE }

    /** Closes with SO_LINGER 0: the peer sees a reset, not an orderly close. */
    public void reset() {
        try {
            socket.setSoLinger(true, 0);
        } catch (IOException e) {
            // Already closed: nothing to reset.
        }
        close();
    }

    @Override
    public void close() {
        closeQuietly(socket);
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                byte[] bytes = line.toByteArray();
                int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is best effort in tests.
        }
    }
}
