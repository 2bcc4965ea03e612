package io.loomarena.harness.idle;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;


import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.echo.EchoLaunch;
import io.loomarena.harness.fork.ForkedServer;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.session.EnvironmentProbe;
import io.loomarena.measure.ServerStats;
import io.loomarena.model.ServerModel;

/**
 * Measures the memory an echo server model spends per idle connection: a fresh server JVM (same flags and pinning as
 * the benchmarks), a baseline after a full collection, then connections opened from this JVM and held without sending
 * anything, and the same figures again at each step. The sockets stay open until {@link #close()}, which closes them
 * and stops the server. Used by one thread.
 * <pre>
 * try (IdleConnections idle = IdleConnections.start(ServerModel.VIRTUAL, settings)) {
 *     idle.openUpTo(1_000);          // then wait until the server counts them
 *     IdleStep step = idle.measure();
 * }
 * </pre>
 */
public final class IdleConnections implements AutoCloseable {

    /** A connect to loopback that takes longer than this means the server's accept queue is full. */
    private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

    private final ServerModel model;
    /** How results name this measurement: the model's label, with a variant's name when there is one. */
    private final String label;
    private final ForkedServer server;
    private final List<Socket> sockets = new ArrayList<>();
    private final List<IdleStep> steps = new ArrayList<>();
    private final JvmFork fork;
    private final String loadAverage;
    private final Instant started;
    private final IdleStep baseline;

    /** The harness JVM's version, recorded with the result. */
    private final String javaVersion;

    private IdleConnections(ServerModel model, HarnessSettings settings, String label) {
        this.model = model;
        this.label = label;
        this.loadAverage = EnvironmentProbe.loadAverage();
        this.started = Instant.now();
        this.fork = JvmFork.local(settings);
        this.javaVersion = settings.jvm().version();
        this.server = ForkedServer.start(fork, "server JVM " + model.label() + " (idle connections)",
                EchoLaunch.server(model), settings);
        try {
            this.baseline = step(null);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Forks the model's server and measures it with no connection. */
    public static IdleConnections start(ServerModel model, HarnessSettings settings) {
        return new IdleConnections(model, settings, model.label());
    }

    /**
     * Like {@link #start(ServerModel, HarnessSettings)}, saved under the model's label and {@code variant}
     * ({@code VIRTUAL_SERVER_AFTER_ONE_ECHO}), apart from the model's plain idle figures.
     */
    public static IdleConnections start(ServerModel model, HarnessSettings settings, String variant) {
        return new IdleConnections(model, settings, model.label() + "_" + variant);
    }

    /** Opens connections until {@code total} are held; each one connects and sends nothing. */
    public void openUpTo(int total) {
        openUpTo(total, false);
    }

    /**
     * Opens connections until {@code total} are held; with {@code echoOnce}, each one first sends one byte and reads
     * its echo (within {@value #CONNECT_TIMEOUT_MILLIS} ms), as a connection that has spoken once and then idles.
     */
    public void openUpTo(int total, boolean echoOnce) {
        var address = new InetSocketAddress(server.address().host(), server.address().port());
        while (sockets.size() < total) {
            Socket socket = new Socket();
            try {
                socket.connect(address, CONNECT_TIMEOUT_MILLIS);
                if (echoOnce) {
                    echoOneByte(socket, sockets.size());
                }
            } catch (IOException e) {
                closeQuietly(socket);
                throw new HarnessException("connection " + (sockets.size() + 1) + " of " + total + " to "
                        + server.describe() + " failed: " + e.getMessage() + server.details(), e);
            }
            sockets.add(socket);
        }
    }

    private static void echoOneByte(Socket socket, int index) throws IOException {
        socket.setSoTimeout(CONNECT_TIMEOUT_MILLIS);
        int sent = 'a' + index % 26;
        socket.getOutputStream().write(sent);
        socket.getOutputStream().flush();
        int echoed = socket.getInputStream().read();
        if (echoed != sent) {
            throw new IOException("sent byte " + sent + ", the server echoed " + echoed + (echoed < 0
                    ? " (end of stream)" : ""));
        }
    }

    /** Connections this JVM holds open to the server now. */
    public int held() {
        return (int) sockets.stream().filter(s -> s.isConnected() && !s.isClosed()).count();
    }

    /** The server's count of open connections now (its {@code activeConnections} counter). */
    public long serverActive() {
        return server.stats().counters().getOrDefault("activeConnections", -1L);
    }

    public boolean serverAlive() {
        return server.isAlive();
    }

    /** Collects the server's garbage, reads its figures and records them as the next step. */
    public IdleStep measure() {
        IdleStep step = step(baseline);
        steps.add(step);
        return step;
    }

    /** Everything measured so far. */
    public IdleMemory result() {
        return new IdleMemory(model.cliName(), label, baseline, steps, fork.jvmArgs(),
                javaVersion, loadAverage, started.toString());
    }

    private IdleStep step(IdleStep base) {
        server.gc();
        ServerStats stats = server.stats();
        int n = sockets.size();
        long active = stats.counters().getOrDefault("activeConnections", -1L);
        if (base == null || n == 0) {
            return new IdleStep(n, active, stats.liveThreads(), stats.rssBytes(), stats.heapUsedBytes(), 0, 0, 0);
        }
        return new IdleStep(n, active, stats.liveThreads(), stats.rssBytes(), stats.heapUsedBytes(),
                perConnection(stats.rssBytes(), base.rssBytes(), n),
                perConnection(stats.heapUsedBytes(), base.heapUsedBytes(), n),
                (stats.liveThreads() - base.liveThreads()) / (double) n);
    }

    private static double perConnection(long now, long before, int connections) {
        return now < 0 || before < 0 ? -1 : (now - before) / (double) connections;
    }

    /** Closes every connection and stops the server. */
    @Override
    public void close() {
        try {
            sockets.forEach(IdleConnections::closeQuietly);
            sockets.clear();
        } finally {
            server.close();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a client socket of a measurement that is over: nothing to report.
        }
    }
}
