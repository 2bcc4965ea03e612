package io.loomarena.harness.flood;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.loomarena.echo.server.EchoServer;
import io.loomarena.echo.server.EchoServerConfig;
import io.loomarena.model.ServerModel;

class FloodClientTest {

    @Test
    void holdKeepsEveryConnectionOpenWhileTheActionRuns() throws Exception {
        try (EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.VIRTUAL).withPort(0))) {
            server.start();
            AtomicLong openWhileHeld = new AtomicLong();

            FloodOutcome outcome = new FloodClient("127.0.0.1", server.port()).run(FloodPlan.of(50,
                    FloodPlan.Mode.HOLD), new EchoFloodProtocol(),
                    () -> openWhileHeld.set(server.counters().activeConnections()));

            assertThat(outcome.served()).isEqualTo(50);
            assertThat(outcome.failed()).isZero();
            assertThat(openWhileHeld.get()).isEqualTo(50);
        }
    }

    @Test
    void closeWhenServedLetsTheSingleServerServeEveryConnection() throws Exception {
        try (EchoServer server = EchoServer.create(EchoServerConfig.of(ServerModel.SINGLE).withPort(0))) {
            server.start();

            FloodOutcome outcome = new FloodClient("127.0.0.1", server.port()).run(FloodPlan.of(30,
                    FloodPlan.Mode.CLOSE_WHEN_SERVED), new EchoFloodProtocol(), () -> { });

            assertThat(outcome.served()).isEqualTo(30);
        }
    }

    @Test
    void aServerThatNeverAnswersCostsTimeoutsNotAHang() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            FloodPlan plan = new FloodPlan(5, FloodPlan.Mode.CLOSE_WHEN_SERVED, 5, Duration.ofSeconds(2),
                    Duration.ofMillis(200), Duration.ofSeconds(10));

            FloodOutcome outcome = new FloodClient("127.0.0.1", silent.getLocalPort()).run(plan,
                    new EchoFloodProtocol(), () -> { });

            assertThat(outcome.served()).isZero();
            assertThat(outcome.failures()).containsEntry("timeout", 5);
            assertThat(outcome.firstFailure()).startsWith("timeout");
        }
    }

    @Test
    void pingReplyIsCheckedForStatusFramingAndBody() throws Exception {
        HttpPingFloodProtocol ping = new HttpPingFloodProtocol(true);
        ping.readReply(stream("HTTP/1.1 200 OK\r\nContent-Length: 4\r\nContent-Type: text/plain\r\n\r\npong"), 0);

        assertThatThrownBy(() -> ping.readReply(stream("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n"), 0))
                .isInstanceOf(FloodProtocol.FloodReplyException.class).hasMessageContaining("503");
        assertThatThrownBy(() -> ping.readReply(stream("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\npo"), 0))
                .isInstanceOf(EOFException.class);
        assertThatThrownBy(() -> ping.readReply(stream("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nping"), 0))
                .isInstanceOf(FloodProtocol.FloodReplyException.class).hasMessageContaining("ping");
        assertThat(new String(new HttpPingFloodProtocol(false).request(0), StandardCharsets.US_ASCII))
                .contains("Connection: close\r\n");
    }

    @Test
    void planRejectsValuesOutsideItsRanges() {
        assertThatThrownBy(() -> FloodPlan.of(0, FloodPlan.Mode.HOLD)).hasMessageContaining("connections must be");
        assertThatThrownBy(() -> FloodPlan.of(FloodPlan.MAX_CONNECTIONS + 1, FloodPlan.Mode.HOLD))
                .hasMessageContaining("connections must be");
        assertThatThrownBy(() -> FloodTarget.echo("turbo")).hasMessageContaining("expected one of: single, platform");
        assertThatThrownBy(() -> FloodTarget.http("fast")).hasMessageContaining("allowed: " + ServerModel.allowed());
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void openFilesLimitIsReadFromProcLimits() {
        assertThat(OpenFilesLimit.parse("Max open files            20000                20000                files"))
                .isEqualTo(20_000);
        assertThat(OpenFilesLimit.parse("Max open files            unlimited            unlimited            files"))
                .isEqualTo(Long.MAX_VALUE);
        if (java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/limits"))) {
            assertThat(OpenFilesLimit.of(ProcessHandle.current().pid())).isPositive();
        }
    }
}
