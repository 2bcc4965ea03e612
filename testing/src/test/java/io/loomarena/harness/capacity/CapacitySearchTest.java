package io.loomarena.harness.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleFunction;

import org.junit.jupiter.api.Test;

/** The search's rule over fake servers whose knee is known: growth, bisection, client limits and bad input. */
class CapacitySearchTest {

    private static final LatencyObjective OBJECTIVE = LatencyObjective.parse("p99 <= 50 ms and no errors over a 2 s window");
    private static final SearchSettings SETTINGS = SearchSettings.of(100, 2, 0.05, 100_000, Duration.ofMinutes(10));

    /** A pool of {@code threads} each holding a request {@code millis}: p99 10 ms below its ceiling, 500 ms above. */
    private static DoubleFunction<CapacityStep.Verdict> pool(int threads, double millis) {
        return rate -> rate <= threads * 1000 / millis ? CapacityStep.Verdict.KEPT : CapacityStep.Verdict.BROKEN;
    }

    private static CapacityStep step(int number, double rate, double achieved, double p99Millis, Double clientCpu) {
        return CapacityStep.judge(number, rate, achieved, (long) achieved * 2, Map.of(), p99Millis * 1e3,
                p99Millis * 500, p99Millis * 2e3, clientCpu, 0.5, OBJECTIVE, SETTINGS);
    }

    /** Measures with {@code server}, the client at 30% CPU, recording the rates offered. */
    private static CapacitySearch.StepMeasurer fake(DoubleFunction<CapacityStep.Verdict> server, List<Double> rates) {
        return (number, rate) -> {
            rates.add(rate);
            return server.apply(rate) == CapacityStep.Verdict.KEPT ? step(number, rate, rate, 12, 0.3)
                    : step(number, rate, rate * 0.9, 500, 0.3);
        };
    }

    @Test
    void aPoolOf100ThreadsOf10MillisecondsHasItsKneeAt10000RequestsPerSecondWithinTheResolution() {
        List<Double> rates = new ArrayList<>();
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, fake(pool(100, 10), rates), System::nanoTime).run();

        assertThat(outcome.finding()).isEqualTo(Finding.KNEE);
        assertThat(outcome.low()).isBetween(10_000 / 1.05, 10_000.0);
        assertThat(outcome.high()).isGreaterThan(10_000).isLessThanOrEqualTo(outcome.low() * 1.05);
        assertThat(rates.subList(0, 8)).containsExactly(100.0, 200.0, 400.0, 800.0, 1600.0, 3200.0, 6400.0, 12800.0);
        assertThat(outcome.steps()).hasSize(rates.size());
        assertThat(outcome.sustainedStep()).get().extracting(CapacityStep::offeredRate).isEqualTo(outcome.low());
    }

    @Test
    void aClientLimitedStepEndsTheSearchWithALowerBoundInsteadOfAKnee() {
        CapacitySearch.StepMeasurer clientBound = (number, rate) -> rate < 1000 ? step(number, rate, rate, 12, 0.4)
                : step(number, rate, rate * 0.7, 80, 0.97);
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, clientBound, System::nanoTime).run();

        assertThat(outcome.finding()).isEqualTo(Finding.CLIENT_LIMITED);
        assertThat(outcome.low()).isEqualTo(800);
        assertThat(outcome.high()).isInfinite();
        assertThat(outcome.sustainedText()).isEqualTo(">= 800 req/s (client-limited)");
        assertThat(outcome.steps().getLast().why()).startsWith("the client had no CPU to spare (at least 70%)");
    }

    @Test
    void aRateShortfallWithAnswersOnTimeIsTheClientsNotTheServers() {
        CapacityStep shortfall = step(1, 1000, 800, 12, 0.5);
        assertThat(shortfall.verdict()).isEqualTo(CapacityStep.Verdict.CLIENT_LIMITED);
        assertThat(shortfall.why()).contains("short of the rate while answers were on time");
        assertThat(step(1, 1000, 800, 500, 0.5).verdict()).isEqualTo(CapacityStep.Verdict.BROKEN);
        assertThat(step(1, 1000, 990, 12, 0.5).verdict()).isEqualTo(CapacityStep.Verdict.KEPT);
        assertThat(step(1, 1000, 990, 12, null).verdict()).isEqualTo(CapacityStep.Verdict.KEPT);
    }

    @Test
    void theCeilingBoundsAQuickSearch() {
        SearchSettings quick = SearchSettings.of(200, 2, 0.1, 1600, Duration.ofMinutes(1));
        List<Double> rates = new ArrayList<>();
        CapacityOutcome outcome = new CapacitySearch(quick, fake(pool(100, 10), rates), System::nanoTime).run();

        assertThat(rates).containsExactly(200.0, 400.0, 800.0, 1600.0);
        assertThat(outcome.finding()).isEqualTo(Finding.CEILING);
        assertThat(outcome.sustainedText()).isEqualTo(">= 1600 req/s (search ceiling)");
    }

    @Test
    void aStartAboveTheClientsLimitIsOneLineWithTheStepKept() {
        CapacitySearch.StepMeasurer saturated = (number, rate) -> step(number, rate, rate / 3, 900, 1.0);
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, saturated, System::nanoTime).run();

        assertThat(outcome.finding()).isEqualTo(Finding.START_ABOVE_CLIENT_LIMIT);
        assertThat(outcome.finding().badInput()).isTrue();
        assertThat(outcome.message()).startsWith("the start rate 100 req/s is above the client's measured limit")
                .doesNotContain("\n");
        assertThat(outcome.steps()).hasSize(1);
        assertThat(outcome.sustainedText()).isEqualTo("none");
    }

    @Test
    void aStartThatBreaksTheObjectiveBracketsNothing() {
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, fake(pool(1, 20), new ArrayList<>()),
                System::nanoTime).run();
        assertThat(outcome.finding()).isEqualTo(Finding.START_BREAKS_OBJECTIVE);
        assertThat(outcome.message()).contains("already breaks the objective");
    }

    @Test
    void noKneeWithinTheTimeBoundKeepsTheStepsMeasured() {
        AtomicLong clock = new AtomicLong();
        CapacitySearch.StepMeasurer slow = (number, rate) -> {
            clock.addAndGet(Duration.ofSeconds(40).toNanos());
            return step(number, rate, rate, 12, 0.3);
        };
        SearchSettings bounded = SearchSettings.of(100, 2, 0.05, 100_000, Duration.ofMinutes(2));
        CapacityOutcome outcome = new CapacitySearch(bounded, slow, clock::get).run();

        assertThat(outcome.finding()).isEqualTo(Finding.NO_KNEE_IN_TIME);
        assertThat(outcome.steps()).hasSize(3);
        assertThat(outcome.message()).isEqualTo("no knee within the time bound (PT2M): every step up to 400 req/s"
                + " kept the objective");
    }

    @Test
    void aStepThatCannotBeMeasuredStopsTheSearchKeepingTheOthers() {
        CapacitySearch.StepMeasurer dies = (number, rate) -> {
            if (rate > 300) {
                throw new IllegalStateException("server JVM exited 137");
            }
            return step(number, rate, rate, 12, 0.3);
        };
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, dies, System::nanoTime).run();
        assertThat(outcome.finding()).isEqualTo(Finding.STEP_FAILED);
        assertThat(outcome.steps()).hasSize(2);
        assertThat(outcome.message()).isEqualTo("the step at 400 req/s could not be measured: server JVM exited 137");
    }

    @Test
    void objectivesAreParsedOrRefusedInOneLine() {
        LatencyObjective objective = LatencyObjective.parse("p99.9 ≤ 2.5 ms and no errors over a 500 ms window");
        assertThat(objective.percentile()).isEqualTo(99.9);
        assertThat(objective.limitMicros()).isEqualTo(2500);
        assertThat(objective.window()).isEqualTo(Duration.ofMillis(500));
        assertThat(OBJECTIVE).hasToString("p99 <= 50 ms and no errors over a 2 s window");
        assertThat(LatencyObjective.parse(OBJECTIVE.toString())).isEqualTo(OBJECTIVE);
        assertThatThrownBy(() -> LatencyObjective.parse("p99 under 10ms"))
                .hasMessage("the latency objective 'p99 under 10ms' cannot be parsed: write it as 'p99 <= 10 ms and no"
                        + " errors over a 10 s window' (a percentile pNN, <= a latency in ms, us or s, no errors, a"
                        + " window in ms or s)");
        assertThatThrownBy(() -> LatencyObjective.parse("p100 <= 10 ms and no errors over a 10 s window"))
                .hasMessageContaining("percentile must be between 0 and 100");
    }
}
