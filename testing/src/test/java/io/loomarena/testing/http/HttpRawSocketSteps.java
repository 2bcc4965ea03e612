package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;


import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.RawExchanges;
import io.loomarena.testing.http.support.RawHttpConnection.PeerState;
import io.loomarena.testing.http.support.RawResponse;
import io.loomarena.testing.http.support.RequestText;
import io.loomarena.testing.http.support.ServerUnderTest;

/** Requests written on raw sockets: keep-alive, pipelining, HEAD, persistence, errors, traversal. */
public class HttpRawSocketSteps {

    private final RawExchanges raw;

    public HttpRawSocketSteps(RawExchanges raw) {
        this.raw = raw;
    }

    @Given("an HTTP connection is open")
    public void anHttpConnectionIsOpen() {
        raw.openKept();
    }

    @When("the HTTP connection requests {string} and reads the response")
    public void theHttpConnectionRequestsAndReads(String target) {
        raw.send(RequestText.get(target));
        raw.read(1);
    }

    /** {@code "/io?ms=50, /ping"}: one GET per target, all in one write, then the half-close. */
    @When("the HTTP connection pipelines GET requests of {string} in one write and half-closes")
    public void theHttpConnectionPipelinesAndHalfCloses(String targets) {
        StringBuilder requests = new StringBuilder();
        for (String target : targets.split(",\\s*")) {
            requests.append(RequestText.get(target.strip()));
        }
        raw.sendAndHalfClose(requests.toString());
    }

    @When("the HTTP connection sends these requests in one write, each line ended by CRLF:")
    public void theHttpConnectionSendsInOneWrite(String requests) {
        raw.send(RequestText.crlfRequests(requests));
    }

    @When("the HTTP connection reads {int} response(s)")
    public void theHttpConnectionReads(int count) {
        raw.read(count);
    }

    @Then("the HTTP connection got {int} responses with statuses {string} and bodies {string}")
    public void theHttpConnectionGot(int count, String statuses, String bodies) {
        assertThat(raw.statuses()).hasSize(count).map(String::valueOf).containsExactly(statuses.split(","));
        assertThat(raw.bodies()).containsExactly(RequestText.expand(bodies).split("\\|"));
    }

    @Then("no HTTP response on the connection said {string}")
    public void noHttpResponseSaid(String field) {
        assertThat(raw.responses()).isNotEmpty().noneMatch(response -> response.says(field));
    }

    @Then("the HTTP connection is closed by the server")
    public void theHttpConnectionIsClosedByTheServer() {
        assertThat(raw.connection().peerState(RawExchanges.CLOSE_WITHIN)).isEqualTo(PeerState.CLOSED);
    }

    @Then("the HTTP connection is closed by the server with no second response")
    public void theHttpConnectionIsClosedWithNoSecondResponse() {
        assertThat(raw.connection().peerState(RawExchanges.CLOSE_WITHIN)).isEqualTo(PeerState.CLOSED);
    }

    @Then("the HTTP response on the connection has status {int} and Connection {string}")
    public void theHttpResponseOnTheConnectionHas(int status, String connection) {
        RawResponse response = raw.responses().get(raw.responses().size() - 1);
        assertThat(response.status()).isEqualTo(status);
        assertThat(response.header("connection")).isEqualTo(connection);
    }

    @When("HEAD and GET requests for each of these paths are pipelined on one HTTP connection")
    public void headAndGetArePipelined(DataTable paths) {
        raw.headAndGetPipelined(paths.asMaps().stream().map(row -> row.get("path")).toList());
    }

    @Then("each HTTP HEAD response has the status, Content-Type and Content-Length of its GET and no body")
    public void eachHeadMatchesItsGet() {
        assertThat(raw.heads()).isNotEmpty().containsExactlyElementsOf(raw.gets());
    }

    @When("each of these requests is sent on its own HTTP connection")
    public void eachRequestOnItsOwnConnection(DataTable table) {
        raw.eachOnItsOwnConnection(table.asMaps());
    }

    @When("each of these requests is sent on its own HTTP connection and the response read")
    public void eachRequestOnItsOwnConnectionAndRead(DataTable table) {
        raw.eachOnItsOwnConnection(table.asMaps());
    }

    @When("each of these HEAD requests is sent on its own HTTP connection, and {string} is requested on each"
            + " connection kept open")
    public void eachHeadRequestThenAFollowUp(String path, DataTable table) {
        raw.eachOnItsOwnConnection(table.asMaps(), path);
    }

    @Then("every response to HEAD has a Content-Length field and no content")
    public void everyHeadResponseHasNoContent() {
        assertThat(raw.responses()).isNotEmpty().allSatisfy(r -> {
            assertThat(r.header("content-length")).as("Content-Length of a %d answering HEAD", r.status()).isNotNull();
            assertThat(r.body()).as("content of a %d answering HEAD", r.status()).isEmpty();
        });
    }

    @Then("every HTTP connection kept open then answered {string} with {int}")
    public void everyKeptConnectionAnsweredTheFollowUp(String body, int status) {
        assertThat(raw.followUps()).isNotEmpty().allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(status);
            assertThat(r.bodyText()).contains(body);
        });
    }

    @Then("each HTTP connection was answered 200 with its row's Connection field and then closed or kept open as its row says")
    public void eachHttpConnectionFollowedItsRow() {
        assertThat(raw.observedRows()).containsExactlyElementsOf(raw.expectedRows());
    }

    @Then("each HTTP response has its row's status, body and connection handling")
    public void eachHttpResponseHasItsRowsHandling() {
        assertThat(raw.observedRows()).containsExactlyElementsOf(raw.expectedRows());
    }

    @Then("every 405 HTTP response names the allowed methods in an Allow field")
    public void every405NamesTheAllowedMethods() {
        assertThat(raw.responses()).filteredOn(r -> r.status() == 405).isNotEmpty()
                .allSatisfy(r -> assertThat(r.header("allow")).isEqualTo("GET, HEAD, OPTIONS"));
    }

    @Then("every 304 and 206 HTTP response carries ETag and Last-Modified, and every 206 and 416 a Content-Range")
    public void validatorsAndContentRanges() {
        assertThat(raw.responses()).filteredOn(r -> r.status() == 304 || r.status() == 206).isNotEmpty()
                .allSatisfy(r -> {
                    assertThat(r.header("etag")).as("ETag of a %d", r.status()).matches("\"[^\"]+\"");
                    assertThat(r.header("last-modified")).as("Last-Modified of a %d", r.status()).endsWith(" GMT");
                });
        assertThat(raw.responses()).filteredOn(r -> r.status() == 206).isNotEmpty()
                .allSatisfy(r -> assertThat(r.header("content-range")).matches("bytes 0-8/\\d+"));
        assertThat(raw.responses()).filteredOn(r -> r.status() == 416).isNotEmpty()
                .allSatisfy(r -> assertThat(r.header("content-range")).matches("bytes \\*/\\d+"));
    }

    @When("each of these paths is requested on its own HTTP connection")
    public void eachPathOnItsOwnConnection(DataTable paths) {
        raw.getEachOnItsOwnConnection(paths.asMaps().stream().map(row -> row.get("path")).toList());
    }

    @Then("every HTTP response to them is 400 or 404 and none contains the secret")
    public void everyResponseIs400Or404WithoutTheSecret() {
        assertThat(raw.responses()).isNotEmpty().extracting(RawResponse::status).allMatch(s -> s == 400 || s == 404);
        assertThat(raw.responses()).extracting(RawResponse::bodyText).noneMatch(b -> b.contains(ServerUnderTest.SECRET));
    }

}
