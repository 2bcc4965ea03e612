package io.loomarena.harness.fake;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * A stand-in load client for harness tests, run in a forked JVM with {@code MODE HOST PORT JSON OPERATIONS}:
 * {@code ok} echoes OPERATIONS bytes one by one and writes a {@link RunResult}; {@code fail} exits 1 with a message on
 * stderr; {@code hang} connects and then blocks until killed; {@code until-eof} reads until the server closes, then
 * exits 1 like a real client that lost its server.
 */
public final class FakeClientMain {

    private FakeClientMain() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int port = Integer.parseInt(args[2]);
        Path json = Path.of(args[3]);
        int operations = Integer.parseInt(args[4]);
        switch (mode) {
            case "fail" -> {
                System.err.println("fake client: 2 messages corrupted (mismatch)");
                System.exit(1);
            }
            case "hang" -> {
                try (Socket socket = new Socket(args[1], port)) {
                    new CountDownLatch(1).await();
                }
            }
            case "until-eof" -> {
                try (Socket socket = new Socket(args[1], port)) {
                    int read = socket.getInputStream().read();
                    System.err.println("fake client: connection closed by the server (read " + read + ")");
                    System.exit(1);
                }
            }
            default -> run(args[1], port, json, operations);
        }
    }

    private static void run(String host, int port, Path json, int operations) throws Exception {
        Histogram histogram = LatencyHistograms.newHistogram();
        Instant startedAt = Instant.now();
        long start = System.nanoTime();
        try (Socket socket = new Socket(host, port); OutputStream out = socket.getOutputStream();
             InputStream in = socket.getInputStream()) {
            for (int i = 0; i < operations; i++) {
                long sent = System.nanoTime();
                out.write(i & 0x7f);
                out.flush();
                if (in.read() != (i & 0x7f)) {
                    System.err.println("fake client: echo mismatch at " + i);
                    System.exit(1);
                }
                LatencyHistograms.recordNanos(histogram, System.nanoTime() - sent);
            }
        }
        long elapsed = System.nanoTime() - start;
        new RunResult("fake-client", "platform", Map.of("operations", operations), ProcessHandle.current().pid(),
                startedAt.toString(), elapsed, operations, RunResult.throughput(operations, elapsed), Map.of(),
                LatencyStats.of(histogram), LatencyHistograms.encode(histogram)).writeJson(json);
    }
}
