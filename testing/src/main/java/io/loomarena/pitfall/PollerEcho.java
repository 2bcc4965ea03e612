package io.loomarena.pitfall;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Echo over loopback under the JVM's own {@code jdk.pollerMode} (set by the harness as a flag, so the program does not
 * choose it): a server with a virtual thread per connection and {@code connections} clients on virtual threads, each
 * making {@code roundTrips} round trips of {@code payload} bytes one after another. It reports how many bytes came
 * back equal, the elapsed time and each round trip's latency at p99 and max. A JDK that does not know the mode fails
 * when its poller is first used; that is caught on a probe read before the load starts and reported as
 * {@code refused=...}, with no figures. Every read has a timeout; every loop is bounded by its counts.
 */
final class PollerEcho implements Pitfall {

    private static final int READ_TIMEOUT_MILLIS = 30_000;
    private static final int MAX_CONNECTIONS = 10_000;

    private final int connections;
    private final int roundTrips;
    private final int payload;

    PollerEcho(Map<String, String> settings) {
        connections = PitfallMain.number(settings, "connections", 1, MAX_CONNECTIONS);
        roundTrips = PitfallMain.number(settings, "roundTrips", 1, 100_000);
        payload = PitfallMain.number(settings, "payload", 1, 65_536);
    }

    @Override
    public List<String> events() {
        return List.of("jdk.VirtualThreadPinned");
    }

    @Override
    public Map<String, Object> run() throws Exception {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("pollerMode", System.getProperty("jdk.pollerMode", "default"));
        result.put("knowsPollerModes", knowsPollerModes());
        String refused = probe();
        if (refused != null) {
            // One word-free value: the result line is split on spaces.
            result.put("refused", refused.replaceAll("\\s+", "_"));
            return result;
        }
        PlatformThreads platform = PlatformThreads.resetPeak();
        long[] latencies = new long[connections * roundTrips];
        AtomicLong echoed = new AtomicLong();
        long elapsed;
        try (ServerSocket server = new ServerSocket(0, connections, InetAddress.getLoopbackAddress());
             ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            threads.execute(() -> accept(server, threads));
            long start = System.nanoTime();
            List<Future<Long>> clients = new ArrayList<>(connections);
            for (int c = 0; c < connections; c++) {
                int first = c * roundTrips;
                clients.add(threads.submit(() -> client(server.getLocalPort(), latencies, first)));
            }
            for (Future<Long> client : clients) {
                echoed.addAndGet(client.get(2, TimeUnit.MINUTES));
            }
            elapsed = System.nanoTime() - start;
            server.close();
        }
        Arrays.sort(latencies);
        result.put("connections", connections);
        result.put("roundTrips", roundTrips);
        result.put("sentBytes", (long) connections * roundTrips * payload);
        result.put("echoedBytes", echoed.get());
        result.put("elapsedNanos", elapsed);
        result.put("p99Nanos", latencies[(int) Math.ceil(latencies.length * 0.99) - 1]);
        result.put("maxNanos", latencies[latencies.length - 1]);
        result.put("peakPlatformThreads", platform.peak());
        return result;
    }

    /**
     * Whether this JDK reads {@code jdk.pollerMode} at all: JDK 21's poller has no modes (its pollers are always
     * platform threads) and ignores the property, any value; later JDKs name the modes in {@code sun.nio.ch.Poller.Mode}.
     * Loading the class needs no access to the package.
     */
    private static boolean knowsPollerModes() {
        try {
            Class.forName("sun.nio.ch.Poller$Mode", false, ClassLoader.getPlatformClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /** A timed read on a virtual thread, which needs the poller: null when it works, else why it failed. */
    private static String probe() throws InterruptedException {
        String[] failure = new String[1];
        Thread probe = Thread.ofVirtual().start(() -> {
            try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                 Socket socket = new Socket(server.getInetAddress(), server.getLocalPort());
                 Socket accepted = server.accept()) {
                socket.setSoTimeout(1);
                socket.getInputStream().read();
            } catch (java.net.SocketTimeoutException expected) {
                // The poller parked the read and woke it on time: the mode works.
            } catch (IOException | RuntimeException | Error e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                failure[0] = cause.getClass().getSimpleName() + ": " + cause.getMessage();
            }
        });
        if (!probe.join(java.time.Duration.ofSeconds(30))) {
            return "the probe read did not return within 30 s";
        }
        return failure[0];
    }

    private void accept(ServerSocket server, ExecutorService threads) {
        for (int c = 0; c < connections; c++) {
            try {
                Socket socket = server.accept();
                threads.execute(() -> echo(socket));
            } catch (IOException e) {
                return; // closed when the clients are done, or a client failed and reports it
            }
        }
    }

    /** Echoes until the client closes; a failure shows as bytes the client did not get back. */
    private static void echo(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            byte[] buffer = new byte[8192];
            for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                out.write(buffer, 0, read);
            }
        } catch (IOException e) {
            // The client's count of equal bytes falls short, or its read times out and fails the run.
        }
    }

    /** One connection's round trips, their latencies from {@code first} on; the bytes that came back equal. */
    private long client(int port, long[] latencies, int first) throws IOException {
        byte[] message = new byte[payload];
        Arrays.fill(message, (byte) 'x');
        long equal = 0;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), READ_TIMEOUT_MILLIS);
            socket.setSoTimeout(READ_TIMEOUT_MILLIS);
            socket.setTcpNoDelay(true);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int trip = 0; trip < roundTrips; trip++) {
                long start = System.nanoTime();
                out.write(message);
                byte[] answer = in.readNBytes(payload);
                latencies[first + trip] = System.nanoTime() - start;
                if (Arrays.equals(answer, message)) {
                    equal += payload;
                }
            }
        }
        return equal;
    }
}
