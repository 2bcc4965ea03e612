package io.loomarena.echo.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.loomarena.echo.server.EchoServer;
import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.model.ClientModel;
import io.loomarena.model.ServerModel;
import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The echo client against a real echo server, against nothing, and against servers that misbehave. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class EchoClientTest {

    private static final String HOST = "127.0.0.1";
    private static final int MESSAGE = 16;

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void verifiesEveryMessageAndRecordsTheWorkloadInOrder(ClientModel model) throws IOException {
        EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0));
        try (server) {
            server.start();
            RunResult result = new EchoClient(EchoClientConfig.of(model, HOST, server.port(), 5, 20, 100)).run();

            assertThat(result.tool()).isEqualTo("echo-client");
            assertThat(result.clientModel()).isEqualTo(model.cliName());
            assertThat(result.workload()).containsExactly(
                    entry("host", HOST), entry("port", server.port()), entry("clients", 5),
                    entry("messages", 20), entry("size", 100));
            assertThat(result.operations()).isEqualTo(100);
            assertThat(result.totalErrors()).isZero();
            assertThat(result.latency().count()).isEqualTo(100);
        }
        // The client can read its last echo before the server thread counts it; close() joins that thread.
        assertThat(server.counters().bytesEchoed()).isEqualTo(100 * 100);
    }

    @Test
    void nothingListeningCountsOneRefusalPerSession() throws IOException {
        int port;
        try (ServerSocket closedAgain = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = closedAgain.getLocalPort();
        }
        RunResult result = new EchoClient(EchoClientConfig.of(ClientModel.VIRTUAL, HOST, port, 3, 10, 8)).run();
        assertThat(result.errors()).containsEntry("refused", 3L);
        assertThat(result.operations()).isZero();
    }

    @Test
    void aServerThatFlipsABitIsAMismatch() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 0, Misbehaviour.FLIP_FIRST_BIT, null));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(ClientModel.PLATFORM, HOST, listener.getLocalPort(), 1, 5, MESSAGE)).run();
            assertThat(result.errors()).containsEntry("mismatch", 1L);
        }
    }

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void aFlippedLastByteOfALaterMessageIsAMismatchAfterTheGoodOnes(ClientModel model) throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 3, Misbehaviour.FLIP_LAST_BIT, null));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(model, HOST, listener.getLocalPort(), 1, 10, MESSAGE)).run();
            assertThat(result.errors()).containsEntry("mismatch", 1L);
            assertThat(result.totalErrors()).isEqualTo(1);
            assertThat(result.operations()).isEqualTo(3);
        }
    }

    @Test
    void aServerThatClosesEarlyIsAnEndOfStream() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 0, Misbehaviour.CLOSE_AFTER_3_BYTES, null));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(ClientModel.VIRTUAL, HOST, listener.getLocalPort(), 1, 5, MESSAGE)).run();
            assertThat(result.errors()).containsEntry("eof", 1L);
        }
    }

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void aServerThatResetsIsAReset(ClientModel model) throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 2, Misbehaviour.RESET, null));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(model, HOST, listener.getLocalPort(), 1, 5, MESSAGE)).run();
            assertThat(result.errors()).containsEntry("reset", 1L);
            assertThat(result.totalErrors()).isEqualTo(1);
            assertThat(result.operations()).isEqualTo(2);
        }
    }

    /**
     * No SO_TIMEOUT any more: the watchdog closes the channel of a session whose echo is overdue. With a 300 ms
     * timeout the run ends in about that much, far before its overall timeout, and the session counts a timeout.
     */
    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void aServerThatStopsAnsweringIsATimeoutFoundByTheWatchdog(ClientModel model) throws IOException {
        CountDownLatch testDone = new CountDownLatch(1);
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 2, Misbehaviour.STOP_ANSWERING, testDone));
            EchoClientConfig config = EchoClientConfig.of(model, HOST, listener.getLocalPort(), 1, 5, MESSAGE)
                    .withTimeouts(Duration.ofMillis(300), Duration.ofSeconds(50));
            long started = System.nanoTime();
            RunResult result = new EchoClient(config).run();
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

            assertThat(result.errors()).containsEntry("timeout", 1L);
            assertThat(result.totalErrors()).isEqualTo(1);
            assertThat(result.operations()).isEqualTo(2);
            // 300 ms plus one 30 ms tick; generous for a loaded machine, but ten times below the overall timeout.
            assertThat(tookMillis).isBetween(300L, 5_000L);
        } finally {
            testDone.countDown();
        }
    }

    @Test
    void aServerThatNeverAnswersIsATimeout() throws IOException {
        try (ServerSocket neverAccepts = new ServerSocket(0, 10, InetAddress.getLoopbackAddress())) {
            EchoClientConfig config = EchoClientConfig.of(ClientModel.VIRTUAL, HOST, neverAccepts.getLocalPort(), 2, 1, 8)
                    .withTimeouts(Duration.ofMillis(200), Duration.ofSeconds(10));
            RunResult result = new EchoClient(config).run();
            assertThat(result.errors()).containsEntry("timeout", 2L);
        }
    }

    @Test
    void configurationNamesTheBadValue() {
        assertThatThrownBy(() -> EchoClientConfig.of(ClientModel.VIRTUAL, HOST, 7007, 0, 1, 1))
                .hasMessage("clients must be 1..100000, was 0");
        assertThatThrownBy(() -> EchoClientConfig.of(ClientModel.VIRTUAL, HOST, 7007, 1, 1, -1))
                .hasMessage("size must be 1..65536, was -1");
    }

    @Test
    void aConnectThatTakesTooLongIsATimeout() throws IOException {
        // A listener with a full backlog that never accepts: the kernel drops further SYNs, the connect hangs.
        try (ServerSocket neverAccepts = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket first = new Socket(); Socket second = new Socket()) {
            first.connect(neverAccepts.getLocalSocketAddress(), 5_000);
            second.connect(neverAccepts.getLocalSocketAddress(), 5_000);
            EchoClientConfig config = EchoClientConfig.of(ClientModel.VIRTUAL, HOST, neverAccepts.getLocalPort(), 1, 1,
                    8).withTimeouts(Duration.ofMillis(300), Duration.ofSeconds(50));
            long started = System.nanoTime();
            RunResult result = new EchoClient(config).run();

            assertThat(result.errors()).containsEntry("timeout", 1L);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(5_000L);
        }
    }

    @Test
    void theOverallTimeoutEndsSessionsThatStillWait() throws IOException {
        CountDownLatch testDone = new CountDownLatch(1);
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, 0, Misbehaviour.STOP_ANSWERING, testDone));
            EchoClientConfig config = EchoClientConfig.of(ClientModel.PLATFORM, HOST, listener.getLocalPort(), 1, 1, 8)
                    .withTimeouts(Duration.ofSeconds(50), Duration.ofMillis(500));
            long started = System.nanoTime();
            RunResult result = new EchoClient(config).run();

            assertThat(result.errors()).containsEntry("timeout", 1L);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)).isLessThan(10_000L);
        } finally {
            testDone.countDown();
        }
    }

    @Test
    void iterationsEachDoTheWholeWorkAndStartOnlyOnceAllAreConnected() throws IOException {
        EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0));
        try (server) {
            server.start();
            EchoClient client = new EchoClient(
                    EchoClientConfig.of(ClientModel.VIRTUAL, HOST, server.port(), 4, 25, 10));
            List<Long> echoedAtStart = new ArrayList<>();

            RunResult result = IterationLoop.run(new IterationLoop.Plan(1, 3), IterationLoop.IterationPacer.NONE,
                    start -> client.run(() -> {
                        echoedAtStart.add(server.counters().bytesEchoed());
                        start.run();
                    }));

            assertThat(result.iterations()).hasSize(3);
            assertThat(result.iterations()).allSatisfy(iteration -> {
                assertThat(iteration.operations()).isEqualTo(100);
                assertThat(iteration.totalErrors()).isZero();
            });
            assertThat(result.operations()).isEqualTo(300);
            assertThat(result.latency().count()).isEqualTo(300);
            // Nothing is sent before the start of an iteration: the warmup and each iteration echo 1,000 bytes. (The
            // server may count the previous iteration's last echo a moment after the client read it, hence <=.)
            assertThat(echoedAtStart).hasSize(4);
            for (int k = 0; k < 4; k++) {
                assertThat(echoedAtStart.get(k)).as("bytes echoed before iteration %d", k)
                        .isLessThanOrEqualTo(1_000L * k);
            }
        }
        assertThat(server.counters().acceptedConnections()).isEqualTo(16);
        assertThat(server.counters().bytesEchoed()).isEqualTo(4_000);
    }

    @Test
    void aStartThatFailsClosesEverySessionAndIsRethrown() throws IOException {
        EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0));
        try (server) {
            server.start();
            EchoClient client = new EchoClient(EchoClientConfig.of(ClientModel.PLATFORM, HOST, server.port(), 3, 5, 8));
            AtomicInteger starts = new AtomicInteger();

            assertThatThrownBy(() -> client.run(() -> {
                starts.incrementAndGet();
                throw new IllegalStateException("the harness is gone");
            })).isInstanceOf(IllegalStateException.class).hasMessage("the harness is gone");

            assertThat(starts).hasValue(1);
        }
        assertThat(server.counters().bytesEchoed()).isZero();
    }

    @Test
    void hugeTimeoutsDoNotOverflowDeadlines() throws IOException {
        try (EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0))) {
            server.start();
            Duration forever = Duration.ofSeconds(Long.MAX_VALUE);
            EchoClientConfig config = EchoClientConfig.of(ClientModel.PLATFORM, HOST, server.port(), 2, 10, 8)
                    .withTimeouts(forever, forever);
            assertThat(config.readTimeoutNanos()).isEqualTo(Long.MAX_VALUE / 4);

            RunResult result = new EchoClient(config).run();

            assertThat(result.totalErrors()).isZero();
            assertThat(result.operations()).isEqualTo(20);
        }
    }

    /** How {@link #serveOnce} departs from echoing. */
    private enum Misbehaviour {
        /** Echo the first message with its first byte's lowest bit flipped. */
        FLIP_FIRST_BIT,
        /** Echo the message after the good ones with its last byte's lowest bit flipped. */
        FLIP_LAST_BIT,
        /** Echo 3 bytes of the message after the good ones, then close. */
        CLOSE_AFTER_3_BYTES,
        /** Read the message after the good ones, then reset the connection. */
        RESET,
        /** Stop reading and writing after the good ones, keeping the connection open until the test is done. */
        STOP_ANSWERING
    }

    /**
     * Accepts one connection, echoes {@code good} messages of {@value #MESSAGE} bytes correctly, then misbehaves. Every
     * read has a timeout.
     */
    private static void serveOnce(ServerSocket listener, int good, Misbehaviour misbehaviour, CountDownLatch testDone) {
        try (Socket socket = listener.accept()) {
            socket.setSoTimeout(5_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            for (int i = 0; i < good; i++) {
                out.write(in.readNBytes(MESSAGE));
            }
            if (misbehaviour == Misbehaviour.STOP_ANSWERING) {
                testDone.await(30, TimeUnit.SECONDS);
                return;
            }
            byte[] message = in.readNBytes(MESSAGE);
            switch (misbehaviour) {
                case FLIP_FIRST_BIT -> out.write(flip(message, 0));
                case FLIP_LAST_BIT -> out.write(flip(message, MESSAGE - 1));
                case CLOSE_AFTER_3_BYTES -> out.write(message, 0, 3);
                case RESET -> socket.setSoLinger(true, 0);
                default -> throw new IllegalArgumentException(misbehaviour.name());
            }
            out.flush();
        } catch (IOException e) {
            // The client hung up first: nothing to check here; the test asserts on the client's result.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static byte[] flip(byte[] message, int index) {
        message[index] ^= 1;
        return message;
    }

    private static java.util.Map.Entry<String, Object> entry(String key, Object value) {
        return java.util.Map.entry(key, value);
    }
}
