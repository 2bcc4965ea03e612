package io.loomarena.testing.echo;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.When;
import io.loomarena.model.ClientModel;

/** Steps that act as echo clients: raw connections and runs of the echo load client. Thin: see {@link EchoScenario}. */
public final class EchoClientSteps {

    private final EchoScenario scenario;

    public EchoClientSteps(EchoScenario scenario) {
        this.scenario = scenario;
    }

    @When("one echo client sends {string} and reads the echo")
    public void oneEchoClientSendsAndReadsTheEcho(String text) throws Exception {
        scenario.exchange("main", List.of(text.getBytes(StandardCharsets.UTF_8)));
    }

    @When("one echo client sends {int} numbered messages on one connection, reading each echo")
    public void oneEchoClientSendsNumberedMessages(int count) throws Exception {
        scenario.exchange("main", IntStream.range(0, count).mapToObj(EchoPayloads::numbered).toList());
    }

    @When("one echo client writes zero bytes and then sends {string}")
    public void oneEchoClientWritesZeroBytesAndThenSends(String text) throws Exception {
        scenario.connection("main").send(new byte[0]);
        scenario.exchange("main", List.of(text.getBytes(StandardCharsets.UTF_8)));
    }

    @When("one echo client sends each of these texts and reads the echo:")
    public void oneEchoClientSendsEachOfTheseTexts(List<String> cells) throws Exception {
        scenario.exchange("main", cells.stream()
                .map(cell -> EchoPayloads.unquote(cell).getBytes(StandardCharsets.UTF_8)).toList());
    }

    @When("one echo client streams {int} KiB of random binary in random pieces of up to {int} KiB")
    public void oneEchoClientStreamsRandomBinary(int kib, int maxPieceKib) throws Exception {
        scenario.stream("main", EchoPayloads.randomBinary(kib * 1024, kib), 862, maxPieceKib * 1024, false);
    }

    @When("one echo client streams {int} KiB of random binary in random pieces of up to {int} KiB and then half-closes")
    public void oneEchoClientStreamsAndHalfCloses(int kib, int maxPieceKib) throws Exception {
        scenario.stream("main", EchoPayloads.randomBinary(kib * 1024, kib), 7, maxPieceKib * 1024, true);
    }

    @Given("another echo client is connected and was echoed {string}")
    public void anotherEchoClientIsConnectedAndWasEchoed(String text) throws Exception {
        scenario.exchange("other", List.of(text.getBytes(StandardCharsets.UTF_8)));
    }

    @When("one echo client sends {int} KiB and resets its connection mid-stream")
    public void oneEchoClientSendsAndResetsMidStream(int kib) throws Exception {
        scenario.sendAndResetMidStream("resetting", EchoPayloads.randomBinary(kib * 1024, 3));
    }

    @When("an echo client writes without ever reading until its writes stall")
    public void anEchoClientWritesWithoutEverReading() throws Exception {
        scenario.startNonReadingUntilStalled();
    }

    @When("another echo client sends {string}")
    public void anotherEchoClientSends(String text) throws Exception {
        scenario.connection("waiting").sendText(text);
    }

    @When("the non-reading echo client disconnects")
    public void theNonReadingEchoClientDisconnects() throws Exception {
        scenario.closeNonReading();
    }

    @Given("{int} echo clients are connected and each was echoed one message")
    public void echoClientsAreConnectedAndEachWasEchoed(int count) throws Exception {
        scenario.connectEachEchoed(count);
    }

    @Given("{int} more echo clients are connected and wait in line")
    public void moreEchoClientsAreConnectedAndWaitInLine(int count) throws Exception {
        scenario.openHeld(count);
    }

    @When("{int} echo clients connect and hold their connections")
    public void echoClientsConnectAndHoldTheirConnections(int count) throws Exception {
        scenario.openHeld(count);
    }

    @When("every held echo client sends its own {int}-byte message")
    public void everyHeldEchoClientSendsItsOwnMessage(int size) throws Exception {
        scenario.exchangeOnEveryHeld(size);
    }

    @When("{int} {word} echo clients each send {int} messages of {int} bytes at once")
    public void echoClientsEachSendMessagesAtOnce(int clients, String model, int messages, int size) {
        scenario.runClient(ClientModel.parse(model), clients, messages, size);
    }
}
