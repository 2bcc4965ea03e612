package io.loomarena.testing.echo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;

import io.cucumber.java.en.Then;
import io.loomarena.measure.RunResult;

/** The checks of the echo scenarios: AssertJ lives here only; waiting is done with Awaitility, never sleeping. */
public final class EchoThenSteps {

    private static final Duration PROMPTLY = Duration.ofSeconds(5);

    private final EchoScenario scenario;

    public EchoThenSteps(EchoScenario scenario) {
        this.scenario = scenario;
    }

    @Then("the echo client received every message unchanged")
    public void theEchoClientReceivedEveryMessageUnchanged() {
        assertThat(scenario.sent()).as("messages sent").isNotEmpty();
        assertThat(scenario.received()).as("echoes received").hasSameSizeAs(scenario.sent());
        for (int i = 0; i < scenario.sent().size(); i++) {
            assertThat(scenario.received().get(i)).as("echo of message %d", i).isEqualTo(scenario.sent().get(i));
        }
    }

    @Then("every held echo client received its own message unchanged")
    public void everyHeldEchoClientReceivedItsOwnMessageUnchanged() {
        assertThat(scenario.received()).as("echoes of held clients").hasSize(scenario.held().size());
        theEchoClientReceivedEveryMessageUnchanged();
    }

    @Then("the echo server serves that connection on a {word} thread")
    public void theEchoServerServesThatConnectionOnAThread(String kind) {
        await("a thread serves the connection").atMost(PROMPTLY)
                .untilAsserted(() -> assertThat(scenario.server().connectionThreads()).isNotEmpty());
        assertThat(scenario.server().connectionThreads()).as("threads serving connections")
                .allSatisfy(thread -> assertThat(thread.isVirtual()).as("%s is virtual", thread)
                        .isEqualTo("virtual".equals(kind)));
    }

    @Then("the echo has the same length and SHA-256 as what was sent")
    public void theEchoHasTheSameLengthAndSha256() {
        RawEchoConnection.Transfer transfer = scenario.transfer();
        assertThat(transfer.failure()).as("failure while streaming").isNull();
        assertThat(transfer.receivedBytes()).as("bytes echoed").isEqualTo(transfer.sentBytes());
        assertThat(transfer.receivedSha256()).as("SHA-256 of the echo").isEqualTo(transfer.sentSha256());
    }

    @Then("the echo client then sees end of stream")
    public void theEchoClientThenSeesEndOfStream() {
        assertThat(scenario.transfer().endOfStream()).as("end of stream after the echo").isTrue();
    }

    @Then("the echo server's active connection count returns to the noted value")
    public void theActiveConnectionCountReturnsToTheNotedValue() {
        await("active connections back to before").atMost(PROMPTLY).untilAsserted(() ->
                assertThat(scenario.server().counters().activeConnections()).isEqualTo(scenario.notedActiveConnections()));
    }

    @Then("the echo server's active connection count reaches {int}")
    public void theActiveConnectionCountReaches(int count) {
        await("active connections reach " + count).atMost(Duration.ofSeconds(20)).untilAsserted(() ->
                assertThat(scenario.server().counters().activeConnections()).isEqualTo(count));
    }

    @Then("the other echo client still gets {string} echoed")
    public void theOtherEchoClientStillGetsEchoed(String text) throws Exception {
        assertEchoed("other", text);
    }

    @Then("another echo client gets {string} echoed")
    public void anotherEchoClientGetsEchoed(String text) throws Exception {
        assertEchoed("another", text);
    }

    @Then("another echo client still gets {string} echoed")
    public void anotherEchoClientStillGetsEchoed(String text) throws Exception {
        assertEchoed("another", text);
    }

    @Then("the waiting echo client gets no echo for {int} second(s)")
    public void theWaitingEchoClientGetsNoEcho(int seconds) throws Exception {
        assertThat(scenario.connection("waiting").silentFor(Duration.ofSeconds(seconds)))
                .as("head-of-line blocking: the single server is busy with the client that never reads").isTrue();
    }

    @Then("the waiting echo client gets {string} echoed")
    public void theWaitingEchoClientGetsEchoed(String text) throws Exception {
        byte[] expected = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(scenario.connection("waiting").receive(expected.length)).isEqualTo(expected);
    }

    @Then("every connected echo client sees end of stream or a reset within {int} seconds")
    public void everyConnectedEchoClientSeesTheEnd(int seconds) throws Exception {
        List<RawEchoConnection> all = scenario.allConnections();
        assertThat(all).as("connected clients").isNotEmpty();
        for (RawEchoConnection connection : all) {
            assertThat(connection.awaitEnding(Duration.ofSeconds(seconds))).as("how the connection ended")
                    .isIn(RawEchoConnection.Ending.END_OF_STREAM, RawEchoConnection.Ending.RESET);
        }
    }

    @Then("the echo server stopped within {int} seconds and left no thread running")
    public void theEchoServerStoppedAndLeftNoThread(int seconds) {
        assertThat(scenario.stopTook()).as("time close() took").isLessThan(Duration.ofSeconds(seconds));
        assertThat(scenario.threadsAtStop()).as("server threads at stop").isNotEmpty();
        await("server threads end").atMost(PROMPTLY).untilAsserted(() -> assertThat(scenario.threadsAtStop())
                .as("server threads still alive").noneMatch(Thread::isAlive));
    }

    @Then("the echo command exits with code {int} and prints one line containing {string}")
    public void theEchoCommandExitsWithCodeAndOneLine(int exitCode, String part) {
        EchoScenario.CommandRun run = scenario.commandRun();
        assertThat(run.exitCode()).as("exit code, stderr: %s", run.err()).isEqualTo(exitCode);
        assertThat(run.err().strip().lines()).as("stderr lines").singleElement().asString().contains(part);
    }

    @Then("the echo client run echoed {int} messages without any error")
    public void theEchoClientRunEchoedMessagesWithoutAnyError(int messages) {
        RunResult result = scenario.clientResult();
        assertThat(result.errors().getOrDefault("mismatch", 0L)).as("mismatches").isZero();
        assertThat(result.totalErrors()).as("errors by kind: %s", result.errors()).isZero();
        assertThat(result.operations()).as("messages echoed").isEqualTo(messages);
    }

    private void assertEchoed(String role, String text) throws Exception {
        byte[] expected = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        RawEchoConnection connection = scenario.connection(role);
        connection.send(expected);
        assertThat(connection.receive(expected.length)).as("echo on the %s connection", role).isEqualTo(expected);
    }
}
