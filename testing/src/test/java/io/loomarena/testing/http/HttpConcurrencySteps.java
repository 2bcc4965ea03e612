package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.ConcurrentClients;
import io.loomarena.testing.http.support.RawResponse;
import io.loomarena.testing.http.support.ServerUnderTest;
import org.awaitility.Awaitility;

/**
 * Many HTTP clients at once: the staircase, shutdown with requests in flight, a held single server, the
 * virtual-thread gauge following open connections.
 */
public class HttpConcurrencySteps {

    /** How long a second client must go unanswered to count as waiting. */
    private static final Duration WAITING = Duration.ofMillis(500);

    private static final String VIRTUAL_THREADS = "loomarena_http_virtual_threads";

    private final ConcurrentClients clients;
    private final ServerUnderTest server;
    private double notedVirtualThreads;

    public HttpConcurrencySteps(ConcurrentClients clients, ServerUnderTest server) {
        this.clients = clients;
        this.server = server;
    }

    @Given("{int} HTTP requests to {string} are in progress")
    public void httpRequestsAreInProgress(int count, String path) {
        clients.inProgress(count, path);
    }

    @Then("all {int} in-flight HTTP requests were answered {int} with {string}")
    public void allInFlightHttpRequestsWereAnswered(int count, int status, String field) {
        assertThat(clients.crowdResponses()).hasSize(count)
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(status)).allMatch(response -> response.says(field), field);
    }

    @When("{int} HTTP clients connect and then send {string} together")
    public void httpClientsSendTogether(int count, String path) {
        clients.connectThenSendTogether(count, path);
    }

    @Then("all {int} HTTP clients are answered {int}")
    public void allHttpClientsAreAnswered(int count, int status) {
        assertThat(clients.crowdResponses()).hasSize(count).extracting(RawResponse::status).containsOnly(status);
    }

    @Then("the HTTP server had at most {int} requests in progress at once, and at some moment exactly {int}")
    public void theHttpServerPeakInProgress(int most, int exactly) {
        assertThat(server.server().metrics().peakInProgress()).isLessThanOrEqualTo(most).isEqualTo(exactly);
    }

    @Given("a first HTTP client holds a kept-alive connection after one request")
    public void aFirstHttpClientHoldsItsConnection() {
        clients.firstClientHolds();
    }

    @When("a second HTTP client requests {string}")
    public void aSecondHttpClientRequests(String target) {
        clients.secondClientSends(io.loomarena.testing.http.support.RequestText.get(target));
    }

    @Then("the second HTTP client gets no response while the first one holds its connection")
    public void theSecondHttpClientWaits() {
        assertThat(clients.secondAnsweredWithin(WAITING)).isFalse();
    }

    @Then("the second HTTP client is answered while the first one holds its connection")
    public void theSecondHttpClientIsAnsweredMeanwhile() {
        assertThat(clients.secondAnsweredWithin(ConcurrentClients.CROWD_TIMEOUT)).isTrue();
    }

    @Then("the second HTTP client is answered {int} once the first HTTP client closes")
    public void theSecondHttpClientIsAnsweredAfterTheFirstCloses(int status) {
        clients.firstClientCloses();
        assertThat(clients.secondResponse().status()).isEqualTo(status);
    }

    @Given("the HTTP server's virtual-thread gauge is noted from {string}")
    public void theVirtualThreadGaugeIsNoted(String path) {
        notedVirtualThreads = server.scrape(path).get(VIRTUAL_THREADS);
    }

    @When("{int} HTTP clients each get {string} and keep their connections open")
    public void httpClientsEachGetAndStay(int count, String path) {
        clients.eachGetAndStay(count, path);
    }

    @When("those HTTP clients close their connections")
    public void thoseHttpClientsClose() {
        clients.closeAll();
    }

    @Then("the virtual-thread gauge in {string} reads {int} more than noted")
    public void theVirtualThreadGaugeReadsMore(String path, int more) {
        assertThat(server.scrape(path).get(VIRTUAL_THREADS)).isEqualTo(notedVirtualThreads + more);
    }

    @Then("the virtual-thread gauge in {string} returns to the noted value within {int} s")
    public void theVirtualThreadGaugeReturns(String path, int seconds) {
        // One scrape per check: a second one right after could count the first one's thread, still ending.
        Awaitility.await().atMost(Duration.ofSeconds(seconds)).pollInterval(Duration.ofMillis(20)).untilAsserted(
                () -> assertThat(server.scrape(path).get(VIRTUAL_THREADS)).isEqualTo(notedVirtualThreads));
    }
}
