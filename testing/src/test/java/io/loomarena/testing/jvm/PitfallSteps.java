package io.loomarena.testing.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiFunction;

import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import io.loomarena.harness.fork.JavaRuntime;
import io.loomarena.harness.jvm.CpuStarvation;
import io.loomarena.harness.jvm.FanoutCeiling;
import io.loomarena.harness.jvm.FileReadCompensation;
import io.loomarena.harness.jvm.PitfallResult;
import io.loomarena.harness.jvm.PollerModeEcho;
import io.loomarena.harness.jvm.SynchronizedPinning;
import io.loomarena.harness.jvm.ThreadLocalBuffering;
import io.loomarena.harness.options.RunOptions;
import io.loomarena.testing.perf.Skipping;

/**
 * Thin steps over the pitfall harness ({@code io.loomarena.harness.jvm}): which workload, which JDK, which verdict.
 * A JDK that is not installed skips its half of a scenario with the harness's one line.
 */
public final class PitfallSteps {

    private static final Map<String, String> FILE_APIS = Map.of("FileInputStream", "stream", "FileChannel", "channel");

    /** A ThreadLocal, or the shared pool of {@value #BUFFER_POOL_SIZE}. */
    private static final Map<String, Boolean> BUFFER_SOURCES = Map.of("ThreadLocal", true, "a-pool-of-16", false);
    private static final int BUFFER_POOL_SIZE = 16;

    private final RunOptions options = RunOptions.ofThisJvm();
    private final Path folder = options.harness().resultsDir().resolve("jvm");
    /** The workload of the Given step, run by the When step on a JDK with a parallelism. */
    private BiFunction<JavaRuntime, Integer, PitfallResult> workload;
    private PitfallResult result;
    private FanoutCeiling fanout;
    private ThreadLocalBuffering bufferPitfall;
    /** The echo of the Given step, run by the When step on a JDK with a poller mode. */
    private BiFunction<JavaRuntime, Integer, PitfallResult> echo;

    @Given("{int} virtual threads that each block for {int} ms inside their own synchronized method")
    public void threadsBlockInsideSynchronized(int threads, int blockMillis) {
        workload = (jdk, parallelism) -> new SynchronizedPinning(threads, blockMillis, parallelism)
                .runOn(jdk, options.harness(), folder);
    }

    @Given("{int} virtual threads that each block reading their own named pipe through {word}")
    public void threadsBlockReadingAPipe(int threads, String api) {
        assertThat(FILE_APIS).as("file APIs a scenario may name").containsKey(api);
        workload = (jdk, parallelism) -> new FileReadCompensation(threads, FILE_APIS.get(api), parallelism)
                .runOn(jdk, options.harness(), folder);
    }

    @Given("{int} requests that each make {int} blocking downstream calls of {int} ms in a row")
    public void requestsFanOut(int requests, int calls, int callMillis) {
        fanout = new FanoutCeiling(requests, calls, callMillis, FanoutCeiling.SEED_POOL_SIZE);
    }

    @When("they run on JDK {word}, once on the fixed pool of 100 platform threads and once on a virtual thread each")
    public void theyRunOnThePoolAndOnVirtualThreads(String jdkLabel) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        result = fanout.runOn(jdk, options.harness(), folder);
        System.out.println(result.line());
    }

    @Then("the pool does not beat its ceiling of 100 threads \\/ 30 ms and the virtual threads go past it")
    public void thePoolStaysUnderItsCeiling() {
        assertThat(result.departures()).as(result.line()).isEmpty();
    }

    @Given("{int} CPU-bound loops of {int} ms on {word} threads while {int} short requests arrive one every {int} µs on virtual threads")
    public void cpuBoundLoops(int loops, int cpuMillis, String cpuOn, int requests, int intervalMicros) {
        assertThat(cpuOn).as("where the CPU-bound loops run").isIn("virtual", "platform");
        workload = (jdk, parallelism) -> new CpuStarvation(loops, cpuMillis, requests, intervalMicros,
                cpuOn.equals("virtual"), parallelism).runOn(jdk, options.harness(), folder);
    }

    @Then("the first short request waits at least what is left of a CPU-bound loop, and the waits are printed")
    public void shortRequestsWaitForTheLoops() {
        assertThat(((CpuStarvation.Result) result).loopsHoldEveryCarrier()).as(result.line()).isTrue();
        assertThat(result.departures()).as(result.line()).isEmpty();
    }

    @Then("the waits are printed")
    public void theWaitsArePrinted() {
        assertThat(result.departures()).as(result.line()).isEmpty();
    }

    @Given("{int} virtual threads that each fill a buffer of {int} bytes from {word} and then wait")
    public void threadsFillBuffers(int threads, int bufferBytes, String source) {
        assertThat(BUFFER_SOURCES).as("where buffers come from").containsKey(source);
        bufferPitfall = new ThreadLocalBuffering(threads, bufferBytes, BUFFER_POOL_SIZE, BUFFER_SOURCES.get(source));
    }

    @When("they run on JDK {word}")
    public void theyRunOnJdk(String jdkLabel) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        result = bufferPitfall.runOn(jdk, options.harness(), folder);
        System.out.println(result.line());
    }

    @Then("the buffers they keep match the arithmetic of {word}")
    public void buffersMatchTheArithmetic(String source) {
        assertThat(BUFFER_SOURCES.get(source)).as("the source the Given step named")
                .isEqualTo(bufferPitfall.threadLocal());
        assertThat(result.departures()).as(result.line()).isEmpty();
    }

    @Given("{int} connections that each make {int} echo round trips of {int} bytes, server and clients on virtual threads")
    public void connectionsEcho(int connections, int roundTrips, int payload) {
        echo = (jdk, mode) -> new PollerModeEcho(connections, roundTrips, payload, mode)
                .runOn(jdk, options.harness(), folder);
    }

    @When("they run on JDK {word} with jdk.pollerMode set to {int}")
    public void theyRunWithPollerMode(String jdkLabel, int mode) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        result = echo.apply(jdk, mode);
        System.out.println(result.line());
    }

    @Then("every byte comes back, or the JDK's refusal names the mode")
    public void everyByteComesBack() {
        assertThat(result.departures()).as(result.line()).isEmpty();
    }

    @When("they run on JDK {word} with the virtual-thread scheduler's parallelism set to {int}")
    public void theyRunOn(String jdkLabel, int parallelism) {
        JavaRuntime jdk = Skipping.unlessNothingToDo(() -> options.jdks().jdk(jdkLabel));
        result = workload.apply(jdk, parallelism);
        System.out.println(result.line());
    }

    @Then("JFR and the elapsed time show that blocking inside synchronized pins the carrier")
    public void blockingPins() {
        assertVerdict(SynchronizedPinning.pinsOn(result.jdk()), true);
    }

    @Then("JFR and the elapsed time show that blocking inside synchronized does not pin the carrier")
    public void blockingDoesNotPin() {
        assertVerdict(SynchronizedPinning.pinsOn(result.jdk()), false);
    }

    @Then("the platform threads and JFR show that the scheduler compensates with a carrier per blocked reader")
    public void schedulerCompensates() {
        assertVerdict(FileReadCompensation.compensatesOn(result.jdk()), true);
    }

    @Then("the platform threads and JFR show that the scheduler does not compensate: the blocked readers hold every carrier")
    public void schedulerDoesNotCompensate() {
        assertVerdict(FileReadCompensation.compensatesOn(result.jdk()), false);
    }

    /** The scenario's verdict is the JDK's, and the run shows it. */
    private void assertVerdict(boolean jdkVerdict, boolean scenarioVerdict) {
        assertThat(jdkVerdict).as("the verdict this scenario expects for %s", result.jdk().describe())
                .isEqualTo(scenarioVerdict);
        assertThat(result.departures()).as(result.line()).isEmpty();
    }
}
