package io.loomarena.testing.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.BenchmarkSession;
import io.loomarena.harness.summary.MeasuredRun;

/** Runs the chosen plan in fresh JVMs and checks and persists its summary; the same for every suite. */
public class BenchmarkSteps {

    private final BenchmarkContext context;

    public BenchmarkSteps(BenchmarkContext context) {
        this.context = context;
    }

    @When("the benchmark runs {int} warmups and {int} measured runs against one fresh server JVM,"
            + " each run in a fresh client JVM")
    public void theBenchmarkRuns(int warmups, int measuredRuns) {
        context.store.delete(context.plan().suite(), context.plan().combination());
        try (BenchmarkSession session = BenchmarkSession.start(context.plan(),
                context.settings.withRuns(warmups, measuredRuns))) {
            context.summary = session.run();
        }
    }

    @Then("every measured benchmark run completed {int} x {int} operations with no error, nothing lost or corrupted")
    public void everyMeasuredRunCompleted(int clients, int perClient) {
        assertThat(context.summary().runs().measured()).isNotEmpty().allSatisfy(run -> {
            assertThat(run.errors()).as("errors by kind in measured run %d", run.run()).allSatisfy(
                    (kind, count) -> assertThat(count).as(kind).isZero());
            assertThat(run.operations()).as("operations in measured run %d", run.run())
                    .isEqualTo((long) clients * perClient);
        });
    }

    @Then("every measured benchmark run had a server JVM and a client JVM with different PIDs")
    public void everyRunHadSeparateJvms() {
        var runs = context.summary().runs().measured();
        assertThat(runs).allSatisfy(run -> assertThat(run.clientPid()).as("client PID of run %d", run.run())
                .isNotEqualTo(run.serverPid()).isNotEqualTo(ProcessHandle.current().pid()));
        assertThat(runs).extracting(MeasuredRun::clientPid).as("a fresh client JVM per run").doesNotHaveDuplicates();
        assertThat(runs).extracting(MeasuredRun::serverPid).as("one server JVM per combination").containsOnly(
                runs.get(0).serverPid());
    }

    @Then("the benchmark summary is persisted as {string} in the results folder")
    public void theSummaryIsPersisted(String relativePath) {
        Path file = context.store.write(context.summary());

        assertThat(file).isEqualTo(context.settings.resultsDir().resolve(relativePath)).isRegularFile();
    }
}
