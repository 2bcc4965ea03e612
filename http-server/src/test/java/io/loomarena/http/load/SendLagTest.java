package io.loomarena.http.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.http.HttpMain;
import io.loomarena.measure.RunResult;
import io.loomarena.measure.SendLag;
import picocli.CommandLine;

/**
 * The open model's send lag: how late each request left against its due time, the client's own part of it, and the
 * rate it actually sent in the window, end to end against a loopback {@link TinyHttpServer}.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SendLagTest {

    @TempDir
    Path dir;

    private String load(String... args) {
        StringWriter out = new StringWriter();
        CommandLine command = HttpMain.commandLine();
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(new StringWriter()));
        List<String> all = new ArrayList<>(List.of("load", "--json", dir.resolve("run.json").toString()));
        all.addAll(List.of(args));
        command.execute(all.toArray(String[]::new));
        return out.toString();
    }

    private RunResult json() {
        return RunResult.readJson(dir.resolve("run.json"));
    }

    @Test
    void aClientThatKeepsItsScheduleSendsEveryDueRequestAndSaysHowLate() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            String text = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--rate", "100/s", "--duration", "300ms");

            RunResult result = json();
            SendLag lag = result.iterations().get(0).sendLag();
            assertThat(lag).isNotNull();
            // 30 requests are due in 300 ms at 100/s: each left (or, far behind, counts as unsent)
            assertThat(lag.sent() + result.errors().getOrDefault("unsent", 0L)).isEqualTo(30);
            assertThat(lag.sentInWindow()).isLessThanOrEqualTo(lag.sent());
            assertThat(lag.sentRate()).isEqualTo(lag.sent() / 0.3, org.assertj.core.data.Offset.offset(1e-6));
            assertThat(lag.p50Micros()).isLessThanOrEqualTo(lag.p99Micros());
            assertThat(lag.p99Micros()).isLessThanOrEqualTo(lag.maxMicros());
            assertThat(lag.ownP99Micros()).isLessThanOrEqualTo(lag.p99Micros());
            assertThat(text).contains("send lag (us, behind the due time): p50 ").contains(" in the window): ");
        }
    }

    @Test
    void aConnectionBusyWithASlowAnswerSendsLateButThatPartIsNotTheClientsOwn() throws IOException {
        // One connection at 100/s: a request is due every 10 ms, but each answer takes 100 ms, so request k cannot
        // leave before 100k ms although it was due at 10k ms.
        TinyHttpServer.Behaviour slow = (n, head) -> {
            try {
                Thread.sleep(100); // the server's service time, not a wait for a condition
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return TinyHttpServer.response(200, "pong", false);
        };
        try (TinyHttpServer server = new TinyHttpServer(slow)) {
            load("--client", "platform", "--url", server.url("/ping"), "--connections", "1", "--rate", "100/s",
                    "--duration", "300ms", "--tolerate-errors");

            RunResult result = json();
            SendLag lag = result.iterations().get(0).sendLag();
            // at most 3 requests (at 0, 100 and 200 ms) left in the 300 ms window, of the 30 due
            assertThat(lag.sentInWindow()).isBetween(1L, 3L);
            assertThat(lag.sentRate()).isEqualTo(lag.sent() / 0.3, org.assertj.core.data.Offset.offset(1e-6));
            // whatever could not leave one more window after the window's end is not sent, and is an error
            assertThat(result.errors().get("unsent")).isEqualTo(30 - lag.sent());
            assertThat(lag.sent()).isLessThanOrEqualTo(6); // at 0, 100, ..., 500 ms: a sent rate of 20 of 100 req/s
            // the fourth request (due at 30 ms) left at 300 ms or later
            assertThat(lag.maxMicros()).isGreaterThanOrEqualTo(270_000);
            // the wait for the busy connection is the server's part: the client's own lag leaves it out
            assertThat(lag.ownMaxMicros()).isLessThan(lag.maxMicros() - 200_000);
        }
    }

    @Test
    void theClosedModelHasNoSchedule() throws IOException {
        try (TinyHttpServer server = new TinyHttpServer(TinyHttpServer.PONG)) {
            String text = load("--client", "virtual", "--url", server.url("/ping"), "--connections", "2",
                    "--requests", "10");

            assertThat(json().iterations().get(0).sendLag()).isNull();
            assertThat(text).doesNotContain("send lag");
        }
    }
}
