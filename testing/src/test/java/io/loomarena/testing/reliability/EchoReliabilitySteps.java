package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.EOFException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.flood.ServerSnapshot;
import io.loomarena.testing.echo.EchoScenario;
import io.loomarena.testing.echo.RawEchoConnection;

/**
 * Steps of {@code echo-reliability.feature} that {@code echo.feature}'s steps do not cover. Thin: the in-process server
 * and raw connections are {@link EchoScenario}'s, the forked server is {@link FloodScenario}'s, the misbehaving
 * clients are {@link EchoReliabilityScenario}'s.
 */
public final class EchoReliabilitySteps {

    private final EchoScenario echo;
    private final EchoReliabilityScenario scenario;
    private final FloodScenario forked;
    private final ReliabilityRecord record;

    public EchoReliabilitySteps(EchoScenario echo, EchoReliabilityScenario scenario, FloodScenario forked,
                                ReliabilityRecord record) {
        this.echo = echo;
        this.scenario = scenario;
        this.forked = forked;
        this.record = record;
    }

    @When("one echo client sends every byte value from 0 to 255, {int} times over, and reads the echo")
    public void oneEchoClientSendsEveryByteValue(int times) throws Exception {
        byte[] bytes = new byte[256 * times];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        echo.exchange("main", List.of(bytes));
        record.figure("every byte value, bytes echoed", bytes.length);
    }

    @Then("every silent echo client is still connected and has received nothing")
    public void everySilentEchoClientIsStillConnected() throws Exception {
        for (RawEchoConnection silent : echo.held()) {
            assertThat(silent.silentFor(Duration.ofMillis(20))).as("no byte and no end of stream on a silent client")
                    .isTrue();
        }
        record.figure("silent connections held open by the server", echo.held().size());
    }

    @When("every silent echo client half-closes")
    public void everySilentEchoClientHalfCloses() throws Exception {
        for (RawEchoConnection silent : echo.held()) {
            silent.halfClose();
        }
    }

    @Then("every silent echo client sees end of stream within {int} seconds")
    public void everySilentEchoClientSeesEndOfStream(int seconds) throws Exception {
        for (RawEchoConnection silent : echo.held()) {
            assertThat(silent.awaitEnding(Duration.ofSeconds(seconds))).as("how a silent connection ended")
                    .isEqualTo(RawEchoConnection.Ending.END_OF_STREAM);
        }
    }

    @When("one silent echo client leaves")
    public void oneSilentEchoClientLeaves() throws Exception {
        echo.held().getFirst().close();
    }

    @Given("a pool echo server with {int} threads and a queue of {int} connections")
    public void aPoolEchoServerWithAQueue(int threads, int queue) throws Exception {
        scenario.captureServerWarnings();
        echo.startPoolServer(threads, queue);
    }

    @Then("the echo server logged one warning that it closed a connection at once")
    public void theEchoServerLoggedOneWarning() {
        // The server closes the connection first and logs right after, on its accept thread: the client may see the
        // end of stream before the line is written.
        await("the server's warning").atMost(Duration.ofSeconds(5))
                .until(() -> !scenario.serverWarnings().isEmpty());
        assertThat(scenario.serverWarnings()).singleElement().asString().contains("connection closed at once");
    }

    @When("one more echo client connects")
    public void oneMoreEchoClientConnects() throws Exception {
        echo.connection("one more");
    }

    @Then("that echo client sees end of stream within {int} seconds")
    public void thatEchoClientSeesEndOfStream(int seconds) throws Exception {
        assertThat(echo.connection("one more").awaitEnding(Duration.ofSeconds(seconds)))
                .as("how the connection beyond the queue ended").isEqualTo(RawEchoConnection.Ending.END_OF_STREAM);
    }

    @When("{int} echo clients connect and half-close at once without sending anything")
    public void echoClientsConnectAndHalfClose(int count) throws Exception {
        echo.openHeld(count);
        for (RawEchoConnection connection : echo.held()) {
            connection.halfClose();
        }
        record.figure("clients that half-closed at once", count);
    }

    @Then("every one of them sees end of stream, with no byte, within {int} seconds")
    public void everyOneOfThemSeesEndOfStream(int seconds) {
        for (RawEchoConnection connection : echo.held()) {
            assertThatThrownBy(() -> connection.receive(1)).as("the first read after an immediate half-close")
                    .isInstanceOf(EOFException.class).hasMessageContaining("after 0 of 1 bytes");
        }
    }

    @When("an echo client writes without reading until the server's write to it blocks, and then resets the connection")
    public void anEchoClientWritesThenResets() throws Exception {
        scenario.writeUntilServerWriteBlocks(forked.flood().host(), forked.flood().port());
        ServerSnapshot during = forked.flood().now();
        record.figure("bytes written before the reset", scenario.resettingClientWrote());
        record.figure("server connections open while its write was blocked", during.activeConnections());
        scenario.resetTheWritingClient();
    }

    @Then("the echo server's open connections return to 0 and its threads to their baseline within {int} seconds")
    public void theOpenConnectionsReturnToZero(int seconds) {
        int baselineThreads = forked.flood().baseline().liveThreads();
        await("the reset connection's handler ends").atMost(Duration.ofSeconds(seconds)).untilAsserted(() -> {
            ServerSnapshot now = forked.flood().now();
            assertThat(now.activeConnections()).as("open connections").isZero();
            assertThat(now.liveThreads()).as("threads (baseline %d)", baselineThreads)
                    .isLessThanOrEqualTo(baselineThreads);
        });
        record.figure("threads before / after", baselineThreads + " / " + forked.flood().now().liveThreads());
    }

    @Then("a new echo client gets {string} echoed by the server JVM")
    public void aNewEchoClientGetsEchoedByTheServerJvm(String text) throws Exception {
        byte[] expected = text.getBytes(StandardCharsets.UTF_8);
        try (RawEchoConnection connection = RawEchoConnection.open(forked.flood().host(), forked.flood().port(),
                Duration.ofSeconds(5))) {
            connection.send(expected);
            assertThat(connection.receive(expected.length)).isEqualTo(expected);
        }
    }

    @When("{int} echo clients keep sending messages, and the echo server is stopped once {int} messages were echoed")
    public void echoClientsKeepSendingAndTheServerIsStopped(int clients, int messages) {
        scenario.floodAndStop(echo, clients, messages);
    }

    @Then("every echo client has ended within {int} seconds")
    public void everyEchoClientHasEnded(int seconds) throws Exception {
        assertThat(scenario.awaitStopFloodEnd(Duration.ofSeconds(seconds))).as("all echo clients ended").isTrue();
        EchoStopFlood.Tally tally = scenario.stopFloodTally();
        record.figure("clients", tally.clients());
        record.figure("messages acknowledged (whole echo received)", tally.acknowledged());
        record.figure("messages sent and not (wholly) echoed", tally.unacknowledged());
        record.figure("bytes sent / echoed / lost", tally.bytesSent() + " / " + tally.bytesEchoed() + " / "
                + tally.bytesLost());
        record.figure("how the clients ended", tally.endings());
        record.figure("server stop took", echo.stopTook().toMillis() + " ms");
    }

    @Then("every byte the echo clients received matches what they sent")
    public void everyByteTheEchoClientsReceivedMatches() {
        EchoStopFlood.Tally tally = scenario.stopFloodTally();
        record.figure("mismatched bytes", tally.mismatchedBytes());
        assertThat(tally.mismatchedBytes()).as("echoed bytes that differ from the bytes sent").isZero();
        assertThat(tally.bytesEchoed()).as("bytes echoed").isLessThanOrEqualTo(tally.bytesSent());
        assertThat(tally.endings()).as("how the clients ended").doesNotContainKeys("time limit", "message limit");
    }

    @After(value = "@Reliability", order = 6000)
    public void closeEchoReliability() throws Exception {
        scenario.close();
    }
}
