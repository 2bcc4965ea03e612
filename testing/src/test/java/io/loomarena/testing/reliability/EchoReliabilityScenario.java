package io.loomarena.testing.reliability;

import java.io.IOException;
import java.time.Duration;

import org.awaitility.Awaitility;

import io.loomarena.testing.echo.EchoScenario;
import io.loomarena.testing.echo.NonReadingEchoConnection;

/**
 * The state of one echo reliability scenario beyond {@link EchoScenario}'s: the clients that keep sending while the
 * server stops, and the client that resets during a server write. Shared by the steps through PicoContainer, closed
 * after the scenario. Used by the scenario's thread only.
 */
public final class EchoReliabilityScenario implements AutoCloseable {

    private EchoStopFlood stopFlood;
    private NonReadingEchoConnection resetting;
    private boolean stopFloodEnded;
    private CapturedWarnings serverWarnings;

    /** From now on, the echo server's rare warnings are kept for the scenario instead of printed. */
    public void captureServerWarnings() {
        // the logger of the echo server's RareWarning (package-private there, so named here)
        serverWarnings = CapturedWarnings.of("io.loomarena.echo.server.RareWarning");
    }

    /** The warnings captured since {@link #captureServerWarnings()}. */
    public java.util.List<String> serverWarnings() {
        return serverWarnings == null ? java.util.List.of() : serverWarnings.messages();
    }

    /** Starts {@code clients} echo clients that keep sending, and stops the server once {@code echoed} came back. */
    public void floodAndStop(EchoScenario echo, int clients, long echoed) {
        stopFlood = EchoStopFlood.start("127.0.0.1", echo.server().port(), clients);
        Awaitility.await(echoed + " messages echoed").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(20)).until(() -> stopFlood.acknowledged() >= echoed);
        echo.stopServer();
    }

    public boolean awaitStopFloodEnd(Duration within) throws InterruptedException {
        stopFloodEnded = stopFlood.awaitEnd(within);
        return stopFloodEnded;
    }

    public EchoStopFlood.Tally stopFloodTally() {
        return stopFlood.tally();
    }

    /** Opens a client that writes without reading until its writes stall (the server's write to it blocks). */
    public void writeUntilServerWriteBlocks(String host, int port) throws IOException {
        resetting = NonReadingEchoConnection.open(host, port, Duration.ofSeconds(5));
        Awaitility.await("the server's write to the non-reading client blocks").atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100)).until(() -> resetting.stalledFor(Duration.ofMillis(500)));
    }

    public long resettingClientWrote() {
        return resetting.written();
    }

    public void resetTheWritingClient() throws IOException {
        resetting.reset();
    }

    @Override
    public void close() throws IOException {
        if (serverWarnings != null) {
            serverWarnings.close();
        }
        if (stopFlood != null) {
            stopFlood.close();
        }
        if (resetting != null) {
            resetting.close();
        }
    }
}
