package io.loomarena.echo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loomarena.model.ServerModel;

/** Every server model against real loopback sockets: echo, half-close, counters, reset, close. */
class EchoServerTest {

    private static final int READ_TIMEOUT_MILLIS = 5_000;

    private EchoServer server;

    private EchoServer start(ServerModel model) throws IOException {
        server = EchoServer.create(EchoServerConfig.of(model).withPort(0));
        server.start();
        return server;
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.port());
        socket.setSoTimeout(READ_TIMEOUT_MILLIS);
        return socket;
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void echoesEverythingThenEndsTheStreamAfterHalfClose(ServerModel model) throws IOException {
        start(model);
        byte[] sent = "binary \0 \u00ff end".getBytes(StandardCharsets.ISO_8859_1);
        try (Socket socket = connect()) {
            socket.getOutputStream().write(sent);
            socket.shutdownOutput();
            InputStream in = socket.getInputStream();
            assertThat(in.readAllBytes()).isEqualTo(sent);
        }
        assertThat(server.counters().bytesEchoed()).isEqualTo(sent.length);
        assertThat(server.counters().echoWrites()).isBetween(1L, (long) sent.length);
        assertThat(server.counters().asMap()).containsEntry(EchoCounters.ECHO_WRITES, server.counters().echoWrites());
        assertThat(server.counters().acceptedConnections()).isEqualTo(1);
    }

    /**
     * A connection's buffer starts small and grows on full reads: a stream far larger than the largest buffer, sent
     * while the echo is read back concurrently, comes back byte for byte.
     */
    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void aStreamLargerThanTheBufferComesBackUnchanged(ServerModel model) throws Exception {
        start(model);
        byte[] sent = new byte[EchoServerConfig.DEFAULT_BUFFER_BYTES * 40 + 123];
        for (int i = 0; i < sent.length; i++) {
            sent[i] = (byte) (i * 31 + (i >>> 9));
        }
        try (Socket socket = connect()) {
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    socket.getOutputStream().write(sent);
                    socket.shutdownOutput();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertThat(socket.getInputStream().readAllBytes()).isEqualTo(sent);
            assertThat(writer.join(Duration.ofSeconds(5))).as("writer finished").isTrue();
        }
        assertThat(server.counters().bytesEchoed()).isEqualTo(sent.length);
    }

    /**
     * Back-pressure: a client that writes and does not read makes the server stop reading it, so the client's writes
     * stall after what the kernel's buffers and the server's bound hold (megabytes, not the 64 MiB this allows);
     * once the client reads, every byte comes back, in order.
     */
    @ParameterizedTest
    @EnumSource(value = ServerModel.class, names = {"EVENT_LOOP", "NETTY"})
    void aClientThatDoesNotReadStallsItsOwnWritesAndLosesNothing(ServerModel model) throws IOException {
        start(model);
        long limit = 64L * 1024 * 1024;
        byte[] piece = new byte[64 * 1024];
        long sent = 0;
        try (SocketChannel client = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                server.port()))) {
            try (Selector selector = Selector.open()) {
                client.configureBlocking(false);
                client.register(selector, SelectionKey.OP_WRITE);
                ByteBuffer out = ByteBuffer.allocate(0);
                while (sent < limit) {
                    if (!out.hasRemaining()) {
                        fill(piece, sent);
                        out = ByteBuffer.wrap(piece);
                    }
                    int written = client.write(out);
                    sent += written;
                    if (written == 0 && selector.select(500) == 0) {
                        break; // not writable for half a second: the server no longer reads this client
                    }
                    selector.selectedKeys().clear();
                }
            }
            assertThat(sent).as("bytes sent before the writes stalled").isLessThan(limit);
            client.configureBlocking(true);
            client.socket().setSoTimeout(READ_TIMEOUT_MILLIS);
            client.shutdownOutput();
            InputStream in = client.socket().getInputStream();
            byte[] expected = new byte[piece.length];
            byte[] got = new byte[piece.length];
            for (long at = 0; at < sent; at += piece.length) {
                int n = (int) Math.min(piece.length, sent - at);
                fill(expected, at);
                assertThat(in.readNBytes(got, 0, n)).as("bytes echoed from %d", at).isEqualTo(n);
                assertThat(java.util.Arrays.equals(got, 0, n, expected, 0, n)).as("echo from %d in order", at).isTrue();
            }
            assertThat(in.read()).as("end of stream after the whole echo").isEqualTo(-1);
        }
    }

    /** The bytes of the stream at {@code offset..offset + buffer.length}: a pattern that shows a drop or a reorder. */
    private static void fill(byte[] buffer, long offset) {
        for (int i = 0; i < buffer.length; i++) {
            long at = offset + i;
            buffer[i] = (byte) (at * 31 + (at >>> 11));
        }
    }

    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void aResetConnectionDoesNotStopTheAcceptLoop(ServerModel model) throws IOException {
        start(model);
        try (Socket reset = connect()) {
            reset.getOutputStream().write(new byte[4096]);
            assertThat(reset.getInputStream().read()).isZero();
            reset.setSoLinger(true, 0);
        }
        try (Socket next = connect()) {
            next.getOutputStream().write(42);
            assertThat(next.getInputStream().read()).isEqualTo(42);
        }
    }

    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void closeEndsOpenConnectionsAndTheirThreads(ServerModel model) throws IOException {
        start(model);
        try (Socket socket = connect()) {
            socket.getOutputStream().write(7);
            assertThat(socket.getInputStream().read()).isEqualTo(7);
            Set<Thread> threads = server.connectionThreads();
            assertThat(threads).hasSize(1);
            assertThat(threads.iterator().next().isVirtual()).isEqualTo(model == ServerModel.VIRTUAL);

            server.close();

            assertThat(socket.getInputStream().read()).isEqualTo(-1);
            assertThat(threads).noneMatch(Thread::isAlive);
            assertThat(server.counters().activeConnections()).isZero();
        }
    }

    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void aTakenPortIsReportedByNumber(ServerModel model) throws IOException {
        start(model);
        EchoServer second = EchoServer.create(EchoServerConfig.of(model).withPort(server.port()));
        assertThatThrownBy(second::start).isInstanceOf(PortInUseException.class)
                .hasMessage("port " + server.port() + " on 127.0.0.1 is already in use");
        second.close();
    }

    @ParameterizedTest
    @EnumSource(ServerModel.class)
    void configurationRejectsOutOfRangeValues(ServerModel model) {
        EchoServerConfig config = EchoServerConfig.of(model);
        assertThatThrownBy(() -> config.withPoolSize(0)).hasMessage("pool size must be 1..10000, was 0");
        assertThatThrownBy(() -> config.withPort(65_536)).hasMessage("port must be 0..65535, was 65536");
        assertThat(config.closeGrace()).isEqualTo(Duration.ofSeconds(2));
    }
}
