package io.loomarena.harness.fake;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.HdrHistogram.Histogram;

import io.loomarena.measure.HistogramLog;
import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.LatencyHistograms;
import io.loomarena.measure.LatencyStats;
import io.loomarena.measure.RunResult;

/**
 * A stand-in load client for harness tests, run in a forked JVM with {@code MODE HOST PORT JSON OPERATIONS
 * [--warmup-iterations W --iterations N --paced] [--histogram-log FILE]}, paced like the real clients ({@link IterationLoop}):
 * {@code ok} echoes OPERATIONS bytes one by one per iteration and writes a {@link RunResult}; {@code fail} exits 1
 * with a message on stderr before any iteration; {@code hang} connects in its first iteration and then blocks until
 * killed; {@code until-eof} reads in its first iteration until the server closes, then exits 1 like a real client
 * that lost its server; {@code garbled} prints a protocol line no client may print, then waits like a paced client;
 * {@code done-first} prints a well-formed 'done' for a measured iteration it never announced ready, then waits.
 */
public final class FakeClientMain {

    private FakeClientMain() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        int port = Integer.parseInt(args[2]);
        Path json = Path.of(args[3]);
        int operations = Integer.parseInt(args[4]);
        List<String> options = List.of(args).subList(5, args.length);
        IterationLoop.Plan plan = options.contains("--iterations")
                ? new IterationLoop.Plan(Integer.parseInt(options.get(options.indexOf("--warmup-iterations") + 1)),
                Integer.parseInt(options.get(options.indexOf("--iterations") + 1)))
                : IterationLoop.Plan.single();
        IterationLoop.IterationPacer pacer = options.contains("--paced")
                ? IterationLoop.IterationPacer.onStdio(new BufferedReader(new InputStreamReader(System.in,
                StandardCharsets.UTF_8)), System.out)
                : IterationLoop.IterationPacer.NONE;
        if ("garbled".equals(mode)) {
            System.out.println("[ITERATION] ready warmup one of two");
            System.out.flush();
            new java.util.concurrent.CountDownLatch(1).await(); // killed by the harness
        }
        if ("done-first".equals(mode)) {
            System.out.println(new io.loomarena.measure.IterationProtocol.Done(
                    new IterationLoop.Step(false, 1, 1), 1_000, 1, 0).format());
            System.out.flush();
            new java.util.concurrent.CountDownLatch(1).await(); // killed by the harness
        }
        if ("fail".equals(mode)) {
            System.err.println("fake client: 2 messages corrupted (mismatch)");
            System.exit(1);
        }
        int logAt = options.indexOf("--histogram-log");
        try (HistogramLog log = HistogramLog.open(logAt < 0 ? null : Path.of(options.get(logAt + 1)))) {
            RunResult result = IterationLoop.run(plan, log.around(pacer), start -> {
                try {
                    return iteration(mode, args[1], port, operations, start);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            result.writeJson(json);
        }
    }

    private static RunResult iteration(String mode, String host, int port, int operations, Runnable start)
            throws Exception {
        switch (mode) {
            case "hang" -> {
                // Held open, never read: a client stuck in the middle of its work.
                Socket held = new Socket(host, port);
                try (held) {
                    start.run();
                    new CountDownLatch(1).await();
                }
            }
            case "until-eof" -> {
                try (Socket socket = new Socket(host, port)) {
                    start.run();
                    int read = socket.getInputStream().read();
                    System.err.println("fake client: connection closed by the server (read " + read + ")");
                    System.exit(1);
                }
            }
            default -> {
                return run(host, port, operations, start);
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static RunResult run(String host, int port, int operations, Runnable start) throws Exception {
        start.run();
        Histogram histogram = LatencyHistograms.newHistogram();
        Instant startedAt = Instant.now();
        long begin = System.nanoTime();
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
        long elapsed = System.nanoTime() - begin;
        return new RunResult("fake-client", "platform", Map.of("operations", operations),
                ProcessHandle.current().pid(), startedAt.toString(), elapsed, operations,
                RunResult.throughput(operations, elapsed), Map.of(), LatencyStats.of(histogram),
                LatencyHistograms.encode(histogram));
    }
}
