package io.loomarena.testing.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.jvm.SynchronizedPinning;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.testing.perf.Skipping;

/**
 * Thin steps over the pitfall harness ({@code io.loomarena.harness.jvm}): which JDK, which workload, which verdict.
 * A JDK that is not installed skips its half of a scenario with the harness's one line.
 */
public final class PitfallSteps {

    private final RunOptions options = RunOptions.ofThisJvm();
    private final Path folder = options.harness().resultsDir().resolve("jvm");
    private SynchronizedPinning pinning;
    private SynchronizedPinning.Result pinningResult;

    @Given("{int} virtual threads that each block for {int} ms inside their own synchronized method")
    public void sessionsBlockInsideSynchronized(int sessions, int blockMillis) {
        pinning = new SynchronizedPinning(sessions, blockMillis, 1);
    }

    @When("they run on JDK {word} with the virtual-thread scheduler's parallelism set to {int}")
    public void theyRunOn(String jdkLabel, int parallelism) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        pinning = new SynchronizedPinning(pinning.sessions(), pinning.blockMillis(), parallelism);
        pinningResult = pinning.runOn(jdk, options.harness(), folder);
        System.out.println(pinningResult.line());
    }

    @Then("JFR and the elapsed time show that blocking inside synchronized pins the carrier")
    public void blockingPins() {
        assertVerdict(true);
    }

    @Then("JFR and the elapsed time show that blocking inside synchronized does not pin the carrier")
    public void blockingDoesNotPin() {
        assertVerdict(false);
    }

    private void assertVerdict(boolean pins) {
        assertThat(SynchronizedPinning.pinsOn(pinningResult.outcome().jdk()))
                .as("the verdict this scenario expects for %s", pinningResult.outcome().jdk().describe())
                .isEqualTo(pins);
        assertThat(pinningResult.departures()).as(pinningResult.line()).isEmpty();
    }
}
