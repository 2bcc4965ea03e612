package io.loomarena.testing.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.loomarena.testing.http.support.RawHttpConnection;
import org.HdrHistogram.Histogram;

/**
 * Clients that are slow on purpose (slowloris: a header byte now and then; a slow reader: never reads) and the normal
 * client whose latency is measured beside them (HdrHistogram, microseconds). Every socket read has a timeout, every
 * loop is bounded. One per scenario (PicoContainer); closes what it opened.
 */
public final class HttpSlowClients implements AutoCloseable {

    /** How long a slowloris client waits for the server to close it before giving up. */
    public static final Duration SLOWLORIS_PATIENCE = Duration.ofSeconds(60);

    private final ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor();
    private final ScheduledExecutorService trickle = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().daemon().name("slowloris-trickle").factory());
    private final List<Socket> sockets = new ArrayList<>();
    private final List<CompletableFuture<Duration>> slowlorisClosed = new ArrayList<>();
    private Socket slowReader;
    private long slowReaderSentNanos;
    private String slowReaderStart = "";

    /**
     * {@code count} requests for path from one normal client, one after another, each on a new connection
     * ({@code Connection: close}); returns their latencies (connect to complete response) in microseconds.
     */
    public Histogram normalClient(int port, String path, int count) {
        Histogram latencies = latencies();
        for (int i = 0; i < count; i++) {
            long start = System.nanoTime();
            try (RawHttpConnection connection = RawHttpConnection.open(port)) {
                get(connection, path, "Connection: close\r\n", "the normal client");
            }
            record(latencies, start);
        }
        return latencies;
    }

    /**
     * {@code clients} keep-alive connections at once, each sending {@code requests} requests for path one after
     * another; returns their latencies (request written to complete response) in microseconds, all clients together.
     */
    public Histogram keepAliveClients(int port, String path, int clients, int requests) {
        List<CompletableFuture<Histogram>> each = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            each.add(CompletableFuture.supplyAsync(() -> keepAliveClient(port, path, requests), readers));
        }
        Histogram all = latencies();
        each.forEach(future -> all.add(future.join()));
        return all;
    }

    private static Histogram keepAliveClient(int port, String path, int requests) {
        Histogram latencies = latencies();
        try (RawHttpConnection connection = RawHttpConnection.open(port)) {
            for (int i = 0; i < requests; i++) {
                long start = System.nanoTime();
                get(connection, path, "", "a keep-alive client");
                record(latencies, start);
            }
        }
        return latencies;
    }

    /** Latencies in microseconds, up to a minute. */
    private static Histogram latencies() {
        return new Histogram(TimeUnit.SECONDS.toMicros(60), 3);
    }

    private static void record(Histogram latencies, long startNanos) {
        latencies.recordValue(Math.min(latencies.getHighestTrackableValue(),
                TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - startNanos)));
    }

    /** Sends a GET for path (with these extra field lines) and reads its response, which must be a 200. */
    private static void get(RawHttpConnection connection, String path, String fields, String who) {
        connection.send("GET " + path + " HTTP/1.1\r\nHost: t\r\n" + fields + "\r\n");
        int status = connection.read().status();
        if (status != 200) {
            throw new IllegalStateException(who + " got " + status + " for " + path);
        }
    }

    /**
     * Opens {@code count} connections that send a request line and then one header byte per {@code every}, never
     * finishing the head; each connection's reader notes when the server closed it (end of stream or reset).
     */
    public void slowloris(int port, int count, Duration every) {
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket();
            long connected;
            try {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
                connected = System.nanoTime();
                socket.setSoTimeout((int) SLOWLORIS_PATIENCE.toMillis());
                socket.getOutputStream().write("GET /ping HTTP/1.1\r\nX".getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                throw new IllegalStateException("slowloris connection " + (i + 1) + " of " + count + " failed", e);
            }
            sockets.add(socket);
            slowlorisClosed.add(CompletableFuture.supplyAsync(() -> awaitClose(socket, connected), readers));
        }
        trickle.scheduleAtFixedRate(() -> {
            for (Socket socket : sockets) {
                writeOneByte(socket);
            }
        }, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static void writeOneByte(Socket socket) {
        if (socket.isClosed() || socket.isOutputShutdown()) {
            return;
        }
        try {
            socket.getOutputStream().write('x');
        } catch (IOException e) {
            // The server has closed it: the reader notes when.
        }
    }

    /** Reads (and drops) whatever comes until the server closes; the time from connect to close, or null. */
    private static Duration awaitClose(Socket socket, long connectedNanos) {
        byte[] sink = new byte[1024];
        try {
            InputStream in = socket.getInputStream();
            while (in.read(sink) >= 0) {
                // A 408 response, then the end of the stream.
            }
        } catch (SocketTimeoutException e) {
            return null;
        } catch (IOException e) {
            // Reset by the server: closed as well.
        }
        return Duration.ofNanos(System.nanoTime() - connectedNanos);
    }

    /** For each slowloris connection, the time from connect until the server closed it (null: not within patience). */
    public List<Duration> slowlorisClosedAfter() {
        List<Duration> closed = new ArrayList<>();
        for (CompletableFuture<Duration> future : slowlorisClosed) {
            closed.add(future.join());
        }
        return closed;
    }

    /** Requests path on a socket with a tiny receive buffer and never reads the response. */
    public void slowReader(int port, String path) {
        slowReader = new Socket();
        try {
            slowReader.setReceiveBufferSize(1024);
            slowReader.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            OutputStream out = slowReader.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: t\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            slowReaderSentNanos = System.nanoTime();
        } catch (IOException e) {
            throw new IllegalStateException("the slow reader could not send its request", e);
        }
        sockets.add(slowReader);
    }

    public long slowReaderSentNanos() {
        return slowReaderSentNanos;
    }

    /**
     * Reads what the slow reader was sent, up to the end of the stream or a reset; the number of bytes. The first
     * bytes are kept ({@link #slowReaderStart}): a 404 would be a small response too.
     */
    public long slowReaderDrain() {
        long total = 0;
        byte[] sink = new byte[64 * 1024];
        try {
            slowReader.setSoTimeout(5_000);
            InputStream in = slowReader.getInputStream();
            for (int n = in.read(sink); n >= 0; n = in.read(sink)) {
                if (total == 0) {
                    slowReaderStart = new String(sink, 0, Math.min(n, 64), StandardCharsets.ISO_8859_1);
                }
                total += n;
            }
        } catch (IOException e) {
            // Reset by the server after its write timeout: what came before it is counted.
        }
        return total;
    }

    /** The first bytes the slow reader received (up to 64, read by {@link #slowReaderDrain}); empty if none. */
    public String slowReaderStart() {
        return slowReaderStart;
    }

    @Override
    public void close() {
        trickle.shutdownNow();
        for (Socket socket : sockets) {
            try {
                socket.close();
            } catch (IOException e) {
                // Closing test sockets is best effort.
            }
        }
        readers.shutdownNow();
    }
}
