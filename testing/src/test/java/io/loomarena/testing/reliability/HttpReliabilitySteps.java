package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import io.cucumber.java.en.Then;
import io.loomarena.testing.http.support.RawExchanges;
import io.loomarena.testing.http.support.ServerUnderTest;

/** Checks of the HTTP reliability scenarios that the functional glue does not make, each recording its figure. */
public class HttpReliabilitySteps {

    private final ServerUnderTest server;
    private final RawExchanges raw;
    private final HttpServerLog log;
    private final ReliabilityRecord record;

    public HttpReliabilitySteps(ServerUnderTest server, RawExchanges raw, HttpServerLog log, ReliabilityRecord record) {
        this.server = server;
        this.raw = raw;
        this.log = log;
        this.record = record;
    }

    @Then("the HTTP server answered each request once, so nothing sent after a rejected request was served")
    public void theHttpServerAnsweredEachRequestOnce() {
        long answered = server.server().metrics().responsesByStatus().values().stream().mapToLong(Long::longValue).sum();
        record.figure("requests sent", raw.responses().size());
        record.figure("responses sent by the server", answered);
        assertThat(answered).as("responses the server sent, by status: %s", server.server().metrics().responsesByStatus())
                .isEqualTo(raw.responses().size());
    }

}
