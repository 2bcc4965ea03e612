package io.loomarena.testing.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Echo clients that keep sending while the server is stopped: each of them, on its own virtual thread, sends a
 * {@value #MESSAGE_BYTES}-byte message, reads and checks its echo byte by byte, and sends the next, until the server
 * ends the connection (or {@value #MAX_MESSAGES} messages, or {@link #MAX_TIME}). A message is acknowledged when its
 * whole echo came back. Every byte that comes back is compared with the byte sent at that position, so an
 * acknowledged message can never be wrong unnoticed; bytes sent and never echoed are counted as lost.
 * Thread-safe counters; {@link #awaitEnd} is called by the test thread.
 */
final class EchoStopFlood implements AutoCloseable {

    static final int MESSAGE_BYTES = 64;
    static final int MAX_MESSAGES = 1_000_000;
    static final Duration MAX_TIME = Duration.ofSeconds(60);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
    /** Long enough for a client waiting in the single server's backlog while another is served. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(20);

    /** What the clients saw, summed. */
    record Tally(int clients, long acknowledged, long unacknowledged, long bytesSent, long bytesEchoed,
                 long bytesLost, long mismatchedBytes, Map<String, Integer> endings) {
    }

    private final InetSocketAddress server;
    private final ExecutorService threads = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("echo-stop-flood-", 0).factory());
    private final int clients;
    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder unacknowledged = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder bytesEchoed = new LongAdder();
    private final LongAdder mismatched = new LongAdder();
    private final Map<String, AtomicInteger> endings = new ConcurrentHashMap<>();

    private EchoStopFlood(String host, int port, int clients) {
        this.server = new InetSocketAddress(host, port);
        this.clients = clients;
    }

    static EchoStopFlood start(String host, int port, int clients) {
        EchoStopFlood flood = new EchoStopFlood(host, port, clients);
        for (int i = 0; i < clients; i++) {
            int client = i;
            flood.threads.execute(() -> flood.client(client));
        }
        flood.threads.shutdown();
        return flood;
    }

    long acknowledged() {
        return acknowledged.sum();
    }

    /** Waits at most {@code timeout} for every client to end; true if they all did. */
    boolean awaitEnd(Duration timeout) throws InterruptedException {
        return threads.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    Tally tally() {
        Map<String, Integer> counts = new TreeMap<>();
        endings.forEach((kind, count) -> counts.put(kind, count.get()));
        return new Tally(clients, acknowledged.sum(), unacknowledged.sum(), bytesSent.sum(), bytesEchoed.sum(),
                bytesSent.sum() - bytesEchoed.sum(), mismatched.sum(), counts);
    }

    private void client(int client) {
        long deadline = System.nanoTime() + MAX_TIME.toNanos();
        SplittableRandom random = new SplittableRandom(client);
        byte[] message = new byte[MESSAGE_BYTES];
        byte[] echo = new byte[MESSAGE_BYTES];
        try (Socket socket = new Socket()) {
            try {
                socket.connect(server, (int) CONNECT_TIMEOUT.toMillis());
                socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
            } catch (IOException e) {
                end(e instanceof ConnectException ? "refused" : "connect failed");
                return;
            }
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int m = 0; m < MAX_MESSAGES; m++) {
                if (System.nanoTime() > deadline) {
                    end("time limit");
                    return;
                }
                random.nextBytes(message);
                try {
                    out.write(message);
                } catch (IOException e) {
                    unacknowledged.increment();
                    end(e instanceof SocketException ? "reset while sending" : "failed while sending");
                    return;
                }
                bytesSent.add(MESSAGE_BYTES);
                int got = 0;
                try {
                    while (got < MESSAGE_BYTES) {
                        int read = in.read(echo, got, MESSAGE_BYTES - got);
                        if (read == -1) {
                            break;
                        }
                        for (int i = got; i < got + read; i++) {
                            if (echo[i] != message[i]) {
                                mismatched.increment();
                            }
                        }
                        got += read;
                        bytesEchoed.add(read);
                    }
                } catch (SocketTimeoutException e) {
                    unacknowledged.increment();
                    end("read timeout");
                    return;
                } catch (IOException e) {
                    unacknowledged.increment();
                    end("reset");
                    return;
                }
                if (got < MESSAGE_BYTES) {
                    unacknowledged.increment();
                    end("end of stream");
                    return;
                }
                acknowledged.increment();
            }
            end("message limit");
        } catch (IOException e) {
            // Closing the client's socket failed: nothing left to count.
        }
    }

    private void end(String kind) {
        endings.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
