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

import io.loomarena.echo.server.EchoServer;
import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.echo.server.ServerModel;
import io.loomarena.measure.RunResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The echo client against a real echo server, against nothing, and against servers that misbehave. */
class EchoClientTest {

    private static final String HOST = "127.0.0.1";

    @ParameterizedTest
    @EnumSource(ClientModel.class)
    void verifiesEveryMessageAndRecordsTheWorkloadInOrder(ClientModel model) throws IOException {
        try (EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0))) {
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
            // The client can read its last echo before the server thread counts it; close() joins that thread.
            server.close();
            assertThat(server.counters().bytesEchoed()).isEqualTo(100 * 100);
        }
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
            Thread.ofVirtual().start(() -> serveOnce(listener, true));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(ClientModel.PLATFORM, HOST, listener.getLocalPort(), 1, 5, 16)).run();
            assertThat(result.errors()).containsEntry("mismatch", 1L);
        }
    }

    @Test
    void aServerThatClosesEarlyIsAnEndOfStream() throws IOException {
        try (ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread.ofVirtual().start(() -> serveOnce(listener, false));
            RunResult result = new EchoClient(
                    EchoClientConfig.of(ClientModel.VIRTUAL, HOST, listener.getLocalPort(), 1, 5, 16)).run();
            assertThat(result.errors()).containsEntry("eof", 1L);
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

    /** Accepts one connection; echoes with the first byte's lowest bit flipped, or closes after 3 bytes. */
    private static void serveOnce(ServerSocket listener, boolean flipBit) {
        try (Socket socket = listener.accept()) {
            socket.setSoTimeout(5_000);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] message = in.readNBytes(16);
            if (flipBit) {
                message[0] ^= 1;
                out.write(message);
            } else {
                out.write(message, 0, 3);
            }
            out.flush();
        } catch (IOException e) {
            // The client hung up first: nothing to check here; the test asserts on the client's result.
        }
    }

    private static java.util.Map.Entry<String, Object> entry(String key, Object value) {
        return java.util.Map.entry(key, value);
    }
}
