package io.loomarena.testing.echo;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A plain TCP connection to an echo server for probing it byte by byte: every read has a timeout (SO_TIMEOUT), so no
 * test can hang on a silent server. One thread uses an instance at a time, except {@link #stream}, which writes from
 * its own virtual thread while the caller reads.
 */
public final class RawEchoConnection implements AutoCloseable {

    /** How a connection ended when the test waited for its end. */
    public enum Ending { END_OF_STREAM, RESET, STILL_OPEN }

    /**
     * The outcome of {@link #stream}: what was sent, what came back, whether the server then ended the stream.
     *
     * @param sentBytes       bytes the writer wrote
     * @param sentSha256      their SHA-256
     * @param receivedBytes   bytes read back
     * @param receivedSha256  their SHA-256
     * @param endOfStream     whether end of stream followed the echo
     * @param failure         the first failure of the writer or the reader, or {@code null}
     */
    public record Transfer(long sentBytes, byte[] sentSha256, long receivedBytes, byte[] receivedSha256,
                           boolean endOfStream, Throwable failure) {
    }

    private static final int READ_CHUNK = 64 * 1024;

    private final Socket socket;
    private final Duration readTimeout;

    private RawEchoConnection(Socket socket, Duration readTimeout) {
        this.socket = socket;
        this.readTimeout = readTimeout;
    }

    /** Connects with the read timeout as connect timeout and SO_TIMEOUT. */
    public static RawEchoConnection open(String host, int port, Duration readTimeout) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setSoTimeout(millis(readTimeout));
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), millis(readTimeout));
            return new RawEchoConnection(socket, readTimeout);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    public void send(byte[] bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes);
        out.flush();
    }

    public void sendText(String text) throws IOException {
        send(text.getBytes(StandardCharsets.UTF_8));
    }

    /** Reads exactly {@code length} bytes; fails on end of stream or after the read timeout. */
    public byte[] receive(int length) throws IOException {
        byte[] bytes = socket.getInputStream().readNBytes(length);
        if (bytes.length < length) {
            throw new EOFException("end of stream after " + bytes.length + " of " + length + " bytes");
        }
        return bytes;
    }

    public String receiveText(int utf8Length) throws IOException {
        return new String(receive(utf8Length), StandardCharsets.UTF_8);
    }

    /** Whether nothing at all arrives (no byte, no end of stream) within {@code quiet}. */
    public boolean silentFor(Duration quiet) throws IOException {
        socket.setSoTimeout(millis(quiet));
        try {
            socket.getInputStream().read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        } finally {
            socket.setSoTimeout(millis(readTimeout));
        }
    }

    /** Half-close: sends FIN; the connection can still read. */
    public void halfClose() throws IOException {
        socket.shutdownOutput();
    }

    /** Aborts the connection with a TCP reset (SO_LINGER 0, then close). */
    public void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Reads and drops whatever still arrives until end of stream or reset, waiting at most {@code within}. */
    public Ending awaitEnding(Duration within) throws IOException {
        long deadline = System.nanoTime() + within.toNanos();
        byte[] drain = new byte[READ_CHUNK];
        InputStream in = socket.getInputStream();
        try {
            while (System.nanoTime() < deadline) {
                socket.setSoTimeout(Math.max(1, millis(Duration.ofNanos(deadline - System.nanoTime()))));
                if (in.read(drain) == -1) {
                    return Ending.END_OF_STREAM;
                }
            }
            return Ending.STILL_OPEN;
        } catch (SocketTimeoutException e) {
            return Ending.STILL_OPEN;
        } catch (SocketException e) {
            return Ending.RESET;
        }
    }

    /**
     * Writes {@code data} in random pieces of 1..{@code maxPiece} bytes (sizes from {@code pieceSeed}) from a virtual
     * thread while this thread reads the echo: {@code data.length} bytes, or, with {@code halfClose}, everything until
     * end of stream after the writer half-closed. Reading while writing keeps any amount of data flowing.
     */
    public Transfer stream(byte[] data, long pieceSeed, int maxPiece, boolean halfClose) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = Thread.ofVirtual().name("echo-test-writer").start(() -> {
            try {
                writeInPieces(data, new SplittableRandom(pieceSeed), maxPiece);
                if (halfClose) {
                    halfClose();
                }
            } catch (IOException e) {
                failure.compareAndSet(null, e);
            }
        });
        MessageDigest received = sha256();
        long count = 0;
        boolean ended = false;
        try {
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[READ_CHUNK];
            while (halfClose || count < data.length) {
                int read = in.read(buffer, 0, halfClose ? buffer.length
                        : (int) Math.min(buffer.length, data.length - count));
                if (read == -1) {
                    ended = true;
                    break;
                }
                received.update(buffer, 0, read);
                count += read;
            }
            if (!writer.join(readTimeout)) {
                failure.compareAndSet(null, new SocketTimeoutException("writer still blocked after " + readTimeout));
            }
        } catch (IOException e) {
            failure.compareAndSet(null, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.compareAndSet(null, e);
        }
        return new Transfer(data.length, sha256().digest(data), count, received.digest(), ended, failure.get());
    }

    private void writeInPieces(byte[] data, SplittableRandom pieces, int maxPiece) throws IOException {
        OutputStream out = socket.getOutputStream();
        int offset = 0;
        while (offset < data.length) {
            int piece = Math.min(data.length - offset, 1 + pieces.nextInt(maxPiece));
            out.write(data, offset, piece);
            offset += piece;
        }
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static int millis(Duration duration) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, duration.toMillis()));
    }
}
