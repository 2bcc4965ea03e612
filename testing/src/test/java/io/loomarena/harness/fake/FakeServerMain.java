package io.loomarena.harness.fake;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

import io.loomarena.measure.StatsOnStdin;

/**
 * A stand-in server for harness tests, run in a forked JVM: {@code normal} listens on a free loopback port, prints
 * {@code listening on HOST:PORT}, echoes bytes and answers stats on stdin ({@code framework} does the same, its stats
 * naming {@value #FRAMEWORK} as a framework's do); {@code exit-early} fails at start with a
 * message on stderr; {@code silent} never says it listens. It runs until killed. Its counters: connections
 * {@code accepted}, and {@code fullCollections}, the whole-heap collections of its JVM so far (it allocates too little
 * for one of its own: each is the harness's doing).
 */
public final class FakeServerMain {

    /** The implementation the {@code framework} mode's stats name. */
    public static final String FRAMEWORK = "Fake Framework 1.2.3, Fake Container 4.5";

    private FakeServerMain() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "normal";
        switch (mode) {
            case "exit-early" -> {
                System.err.println("fake server: cannot bind 127.0.0.1:7007: Address already in use");
                System.exit(3);
            }
            case "silent" -> System.out.println("starting, but never listening");
            case "framework" -> serve(FRAMEWORK);
            default -> serve(null);
        }
        new CountDownLatch(1).await();
    }

    /** Collections of the old generation or the whole heap (G1's "G1 Old Generation", Serial's, Parallel's). */
    private static long fullCollections() {
        long count = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String name = gc.getName();
            if (name.contains("Old") || name.contains("MarkSweep")) {
                count += Math.max(0, gc.getCollectionCount());
            }
        }
        return count;
    }

    private static void serve(String implementation) throws IOException {
        AtomicLong accepted = new AtomicLong();
        ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        StatsOnStdin.start(() -> Map.of("accepted", accepted.get(), "fullCollections", fullCollections()),
                implementation);
        Thread.ofPlatform().name("fake-accept").start(() -> {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    accepted.incrementAndGet();
                    Thread.ofVirtual().name("fake-echo").start(() -> echo(socket));
                } catch (IOException e) {
                    return;
                }
            }
        });
        System.out.println("listening on 127.0.0.1:" + server.getLocalPort());
        System.out.flush();
    }

    private static void echo(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // The client went away: nothing to do in a fake.
        }
    }
}
