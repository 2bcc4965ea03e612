package io.loomarena.testing.echo;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.awaitility.Awaitility;

import io.loomarena.echo.EchoMain;
import io.loomarena.model.ClientModel;
import io.loomarena.echo.client.EchoClient;
import io.loomarena.echo.client.EchoClientConfig;
import io.loomarena.echo.server.EchoServer;
import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.model.ServerModel;
import io.loomarena.measure.RunResult;

/**
 * The state of one echo scenario and the plain-Java actions behind its steps: the in-process echo server, the test's
 * raw connections, client runs and what they observed. One instance per scenario, shared by the step classes through
 * constructor injection and closed by {@link EchoHooks}. Used by the scenario's thread only.
 */
public final class EchoScenario implements AutoCloseable {

    /** The client runs of a scenario give up after this long in total. */
    static final Duration CLIENT_OVERALL_TIMEOUT = Duration.ofSeconds(60);

    private String host = EchoServerConfig.DEFAULT_HOST;
    private Duration readTimeout = Duration.ofSeconds(5);
    private EchoServer server;
    private final Map<String, RawEchoConnection> connections = new LinkedHashMap<>();
    private final List<RawEchoConnection> held = new ArrayList<>();
    private NonReadingEchoConnection nonReading;
    private RunResult clientResult;
    private final List<byte[]> sent = new ArrayList<>();
    private final List<byte[]> received = new ArrayList<>();
    private RawEchoConnection.Transfer transfer;
    private long notedActiveConnections;
    private Set<Thread> threadsAtStop = Set.of();
    private Duration stopTook;
    private CommandRun commandRun;

    /** What an in-process run of the echo command line printed and returned. */
    public record CommandRun(int exitCode, String out, String err) {
    }

    /** Where servers listen and how long any read of the test's own connections may block. */
    public void listenOnAndReadWithin(String newHost, Duration newReadTimeout) {
        host = newHost;
        readTimeout = newReadTimeout;
    }

    // ---- the server ----

    public void startServer(ServerModel model) throws IOException {
        startServer(new EchoServerConfig(model, host, 0, ServerModel.DEFAULT_POOL_SIZE,
                EchoServerConfig.DEFAULT_BACKLOG, EchoServerConfig.DEFAULT_BUFFER_BYTES,
                EchoServerConfig.DEFAULT_CLOSE_GRACE));
    }

    public void startPoolServer(int threads) throws IOException {
        startServer(new EchoServerConfig(ServerModel.POOL, host, 0, threads, EchoServerConfig.DEFAULT_BACKLOG,
                EchoServerConfig.DEFAULT_BUFFER_BYTES, EchoServerConfig.DEFAULT_CLOSE_GRACE));
    }

    /** A pool server whose queue of accepted connections waiting for a thread (and listen backlog) holds {@code queue}. */
    public void startPoolServer(int threads, int queue) throws IOException {
        startServer(new EchoServerConfig(ServerModel.POOL, host, 0, threads, queue,
                EchoServerConfig.DEFAULT_BUFFER_BYTES, EchoServerConfig.DEFAULT_CLOSE_GRACE));
    }

    private void startServer(EchoServerConfig config) throws IOException {
        server = EchoServer.create(config);
        server.start();
    }

    public EchoServer server() {
        if (server == null) {
            throw new IllegalStateException("no echo server was started in this scenario");
        }
        return server;
    }

    public void noteActiveConnections() {
        notedActiveConnections = server().counters().activeConnections();
    }

    public long notedActiveConnections() {
        return notedActiveConnections;
    }

    /** Stops the server, remembering its threads (connection threads and named platform threads) and the time. */
    public void stopServer() {
        Set<Thread> threads = new HashSet<>(server().connectionThreads());
        threads.addAll(liveServerPlatformThreads());
        threadsAtStop = threads;
        long start = System.nanoTime();
        server().close();
        stopTook = Duration.ofNanos(System.nanoTime() - start);
    }

    public Set<Thread> threadsAtStop() {
        return threadsAtStop;
    }

    public Duration stopTook() {
        return stopTook;
    }

    /** Live platform threads named after the server's model ({@code echo-pool-3}, {@code echo-pool-acceptor}). */
    public Set<Thread> liveServerPlatformThreads() {
        String prefix = server().model().threadPrefix(EchoServer.THREAD_NAMES) + "-";
        Set<Thread> threads = new HashSet<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(prefix) && thread.isAlive()) {
                threads.add(thread);
            }
        }
        return threads;
    }

    // ---- raw connections ----

    /** The connection of this role, opened on first use ("main", "other"). */
    public RawEchoConnection connection(String role) throws IOException {
        RawEchoConnection connection = connections.get(role);
        if (connection == null) {
            connection = RawEchoConnection.open(host, server().port(), readTimeout);
            connections.put(role, connection);
        }
        return connection;
    }

    /** Sends each text on one connection, reading its echo before sending the next. */
    public void exchange(String role, List<byte[]> messages) throws IOException {
        RawEchoConnection connection = connection(role);
        for (byte[] message : messages) {
            connection.send(message);
            sent.add(message);
            received.add(connection.receive(message.length));
        }
    }

    public List<byte[]> sent() {
        return sent;
    }

    public List<byte[]> received() {
        return received;
    }

    public void stream(String role, byte[] data, long pieceSeed, int maxPiece, boolean halfClose) throws IOException {
        transfer = connection(role).stream(data, pieceSeed, maxPiece, halfClose);
    }

    public RawEchoConnection.Transfer transfer() {
        return transfer;
    }

    /** Sends {@code bytes}, waits for the first echoed byte (the server is mid-stream), then resets. */
    public void sendAndResetMidStream(String role, byte[] bytes) throws IOException {
        RawEchoConnection connection = connection(role);
        connection.send(bytes);
        connection.receive(1);
        connection.reset();
        connections.remove(role);
    }

    public void openHeld(int count) throws IOException {
        for (int i = 0; i < count; i++) {
            held.add(RawEchoConnection.open(host, server().port(), readTimeout));
        }
    }

    public List<RawEchoConnection> held() {
        return held;
    }

    /** Sends a distinct message of {@code size} bytes on every held connection, then reads all the echoes. */
    public void exchangeOnEveryHeld(int size) throws IOException {
        for (int i = 0; i < held.size(); i++) {
            byte[] message = EchoPayloads.randomBinary(size, i);
            held.get(i).send(message);
            sent.add(message);
        }
        for (int i = 0; i < held.size(); i++) {
            received.add(held.get(i).receive(size));
        }
    }

    /** How each held connection ends, each waited for at most {@code within} (they end concurrently). */
    public List<RawEchoConnection.Ending> endingsOfHeld(Duration within) throws IOException {
        List<RawEchoConnection.Ending> endings = new ArrayList<>(held.size());
        for (RawEchoConnection connection : held) {
            endings.add(connection.awaitEnding(within));
        }
        return endings;
    }

    /** Starts a client that writes and never reads, and waits (bounded) until its writes have stalled. */
    public void startNonReadingUntilStalled() throws IOException {
        nonReading = NonReadingEchoConnection.open(host, server().port(), readTimeout);
        Awaitility.await("the non-reading echo client's writes stall").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100)).until(() -> nonReading.stalledFor(Duration.ofMillis(500)));
    }

    /** Opens {@code count} connections ("client-1", ...) and exchanges one message on each. */
    public void connectEachEchoed(int count) throws IOException {
        for (int i = 1; i <= count; i++) {
            exchange("client-" + i, List.of(EchoPayloads.numbered(i)));
        }
    }

    /** Every raw connection of the scenario: by role and held. */
    public List<RawEchoConnection> allConnections() {
        List<RawEchoConnection> all = new ArrayList<>(connections.values());
        all.addAll(held);
        return all;
    }

    public void closeNonReading() throws IOException {
        nonReading.close();
    }

    // ---- echo client runs ----

    public void runClient(ClientModel model, int clients, int messages, int size) {
        clientResult = new EchoClient(clientConfig(model, clients, messages, size)).run();
    }

    public RunResult clientResult() {
        return clientResult;
    }

    private EchoClientConfig clientConfig(ClientModel model, int clients, int messages, int size) {
        return EchoClientConfig.of(model, host, server().port(), clients, messages, size)
                .withTimeouts(EchoClientConfig.DEFAULT_READ_TIMEOUT, CLIENT_OVERALL_TIMEOUT);
    }

    // ---- the command line ----

    /** Runs {@code echo.jar}'s command line in-process on a separate thread, bounded by the read timeout. */
    public void runCommandLine(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exitCode = CompletableFuture.supplyAsync(
                        () -> EchoMain.execute(new PrintWriter(out, true), new PrintWriter(err, true), args),
                        r -> Thread.ofVirtual().start(r))
                .get(readTimeout.toMillis(), TimeUnit.MILLISECONDS);
        commandRun = new CommandRun(exitCode, out.toString(), err.toString());
    }

    public CommandRun commandRun() {
        return commandRun;
    }

    /** Closes every connection and the server; the first failure is rethrown (as IOException: not interruptible). */
    @Override
    public void close() throws IOException {
        List<AutoCloseable> resources = new ArrayList<>(connections.values());
        resources.addAll(held);
        resources.add(nonReading);
        resources.add(server);
        Exception first = null;
        for (AutoCloseable resource : resources) {
            try {
                if (resource != null) {
                    resource.close();
                }
            } catch (Exception e) {
                first = first == null ? e : first;
            }
        }
        if (first instanceof IOException io) {
            throw io;
        }
        if (first != null) {
            throw new IOException("closing the echo scenario failed: " + first, first);
        }
    }
}
