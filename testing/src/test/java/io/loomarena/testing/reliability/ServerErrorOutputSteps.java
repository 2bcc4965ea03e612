package io.loomarena.testing.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.cucumber.java.en.Then;
import io.loomarena.harness.fork.ChildProcess;
import io.loomarena.testing.http.support.HttpForkedServer;

/**
 * The checks that a server is still running and wrote no exception, stack trace or {@code OutOfMemoryError} to its
 * error output, each in one wording whichever way the scenario ran it: in this JVM ({@link HttpServerLog}), as an HTTP server JVM
 * ({@link HttpForkedServer}) or as a flooded server JVM ({@link FloodScenario}); every one the scenario started is
 * read.
 */
public class ServerErrorOutputSteps {

    private static final Pattern STACK_TRACE_LINE = Pattern.compile("^\\s+at [\\w.$<>/]+\\(|Exception in thread "
            + "|^Caused by: |OutOfMemoryError");

    private final HttpServerLog log;
    private final HttpForkedServer forked;
    private final FloodScenario flood;
    private final ReliabilityRecord record;

    public ServerErrorOutputSteps(HttpServerLog log, HttpForkedServer forked, FloodScenario flood,
                                  ReliabilityRecord record) {
        this.log = log;
        this.forked = forked;
        this.flood = flood;
        this.record = record;
    }

    @Then("the server JVM is still running")
    public void theServerJvmIsStillRunning() {
        assertThat(forked.started() || flood.started()).as("a server JVM started in this scenario").isTrue();
        if (forked.started()) {
            assertThat(forked.isAlive()).as("server alive; %s", forked.describe()).isTrue();
        }
        if (flood.started()) {
            assertThat(flood.flood().serverAlive()).as("server alive; %s", flood.flood().serverDetails()).isTrue();
        }
    }

    @Then("the server wrote no exception or stack trace to its error output")
    public void noExceptionOrStackTrace() {
        List<String> problems = new ArrayList<>();
        int read = 0;
        if (log.started()) {
            read++;
            problems.addAll(log.problems());
        }
        if (forked.started()) {
            read++;
            problems.addAll(forked.stackTraceLines());
        }
        if (flood.started()) {
            read++;
            String stderr = flood.flood().serverStderr();
            record.figure("server stderr", stderr.isBlank() ? "empty" : stderr.lines().count()
                    + " lines (of the last " + ChildProcess.TAIL_LINES + " kept), last: "
                    + stderr.lines().reduce((a, b) -> b).orElse(""));
            stderr.lines().filter(line -> STACK_TRACE_LINE.matcher(line).find()).forEach(problems::add);
        }
        record.figure("server error output problems", problems.size());
        assertThat(read).as("servers whose error output this scenario read").isPositive();
        assertThat(problems).as("exception and stack-trace lines in the server's error output").isEmpty();
    }
}
