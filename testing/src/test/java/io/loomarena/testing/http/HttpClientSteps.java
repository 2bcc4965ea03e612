package io.loomarena.testing.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.testing.http.support.HttpExchanges;
import io.loomarena.testing.http.support.RawExchanges;

/** Requests through java.net.http.HttpClient, and the checks of their responses. */
public class HttpClientSteps {

    private final HttpExchanges http;
    private final RawExchanges raw;

    public HttpClientSteps(HttpExchanges http, RawExchanges raw) {
        this.http = http;
        this.raw = raw;
    }

    @When("an HTTP client gets each of these paths")
    public void anHttpClientGetsEach(DataTable table) {
        http.getEach(table.asMaps());
    }

    @When("an HTTP client gets {string}")
    public void anHttpClientGets(String path) {
        http.get(path);
    }

    @Then("each HTTP response has its row's status, content type and body")
    public void eachHttpResponseMatchesItsRow() {
        assertThat(http.observedViews()).containsExactlyElementsOf(http.expectedViews());
    }

    @Then("every HTTP response carries Date, Server, Content-Type and a Content-Length equal to its body length")
    public void everyHttpResponseCarriesTheStandardFields() {
        assertThat(http.responsesMissingStandardFields()).isEmpty();
        assertThat(raw.responsesMissingStandardFields()).isEmpty();
    }

    @Then("the HTTP body of {string} is a JSON array of {int} user records")
    public void theHttpBodyIsUserRecords(String path, int count) {
        assertThat(http.jsonRecords(path)).hasSize(count)
                .allSatisfy(user -> assertThat(user).containsKeys("id", "name", "email", "age", "city"));
    }

    @Then("the HTTP body of {string} is the bundled page of about {int} KB")
    public void theHttpBodyIsTheBundledPage(String path, int kilobytes) {
        assertThat(http.body(path)).startsWith("<!DOCTYPE html>").endsWith("</html>\n")
                .hasSizeBetween(kilobytes * 900, kilobytes * 1100);
    }

    @Then("the HTTP response status is {int}")
    public void theHttpResponseStatusIs(int status) {
        assertThat(http.last().statusCode()).as(http.lastBody()).isEqualTo(status);
    }

    @Then("the HTTP response body contains {string}")
    public void theHttpResponseBodyContains(String text) {
        assertThat(http.lastBody()).contains(text);
    }
}
