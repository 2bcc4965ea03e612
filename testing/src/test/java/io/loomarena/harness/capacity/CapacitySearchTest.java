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

import io.loomarena.measure.SendLag;

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
                p99Millis * 500, p99Millis * 2e3, new CapacityStep.Client(clientCpu, null, 1000), 0.5, OBJECTIVE,
                SETTINGS);
    }

    /**
     * A step at {@code rate} over {@code connections} whose client sent {@code sentShare} of the rate,
     * {@code lagMillis} late at p99 behind the due times, {@code ownLagMillis} of it its own, at 30% CPU.
     */
    private static CapacityStep lagged(double rate, int connections, double p99Millis, double sentShare,
                                       double lagMillis, double ownLagMillis) {
        long sent = (long) (rate * 2 * sentShare);
        SendLag lag = new SendLag(sent, sent, rate * sentShare, (long) (lagMillis * 300), (long) (lagMillis * 1e3),
                (long) (lagMillis * 2e3), (long) (ownLagMillis * 1e3), (long) (ownLagMillis * 2e3));
        return CapacityStep.judge(1, rate, rate * sentShare, sent, Map.of(), p99Millis * 1e3, p99Millis * 500,
                p99Millis * 2e3, new CapacityStep.Client(0.3, lag, connections), 0.5, OBJECTIVE, SETTINGS);
    }

    @Test
    void aClientThatSentLateByItselfIsTheLimitNotTheServer() {
        // starved: its own p99 send lag (once due and its connection free) is above the objective's 50 ms
        CapacityStep starved = lagged(1000, 1000, 400, 1.0, 300, 300);
        assertThat(starved.verdict()).isEqualTo(CapacityStep.Verdict.CLIENT_LIMITED);
        assertThat(starved.why()).startsWith("the client sent late by itself (its own p99 send lag above 100% of the"
                + " objective's 50 ms)").contains("send lag p99 300.00 ms (own 300.00 ms)");
        // late, but within the tolerance: the objective judges
        assertThat(lagged(1000, 1000, 30, 1.0, 20, 20).verdict()).isEqualTo(CapacityStep.Verdict.KEPT);
        assertThat(lagged(1000, 1000, 400, 1.0, 40, 40).verdict()).isEqualTo(CapacityStep.Verdict.BROKEN);
    }

    @Test
    void connectionsHeldByLateAnswersAreTheServersDoingWhenTheyCouldCarryTheRate() {
        // 1000 connections at 1000 req/s: each sends every second, far above 50 ms; answers of 2 s held them, so
        // requests left late (lag 1.5 s) and the client sent 60% of the rate, but its own lag was 1 ms: broken
        CapacityStep backlog = lagged(1000, 1000, 2000, 0.6, 1500, 1);
        assertThat(backlog.verdict()).isEqualTo(CapacityStep.Verdict.BROKEN);
        assertThat(backlog.why()).startsWith("objective broken: ").contains("sent 600 req/s");
    }

    @Test
    void aShortfallOverConnectionsThatCannotCarryTheRateIsTheClients() {
        // 10 connections at a million req/s: each must send every 10 µs, far below the 50 ms an answer may take
        CapacityStep tooFew = lagged(1_000_000, 10, 9000, 0.08, 8000, 0.01);
        assertThat(tooFew.verdict()).isEqualTo(CapacityStep.Verdict.CLIENT_LIMITED);
        assertThat(tooFew.why()).startsWith("its 10 connections cannot carry the rate: each must send every 0.01 ms,"
                + " less than the objective's 50 ms, and the client fell behind");
        // behind by its send lag alone (it sent the whole rate, late), or by its sent rate alone
        assertThat(lagged(1_000_000, 10, 9000, 1.0, 8000, 0.01).verdict())
                .isEqualTo(CapacityStep.Verdict.CLIENT_LIMITED);
        assertThat(lagged(1_000_000, 10, 9000, 0.5, 20, 0.01).verdict())
                .isEqualTo(CapacityStep.Verdict.CLIENT_LIMITED);
        // the same connections keeping 96% of the rate with a send lag inside the objective: the objective judges
        assertThat(lagged(1_000_000, 10, 9000, 0.96, 20, 0.01).verdict()).isEqualTo(CapacityStep.Verdict.BROKEN);
        assertThat(lagged(1_000_000, 10, 30, 0.96, 20, 0.01).verdict()).isEqualTo(CapacityStep.Verdict.KEPT);
        // answers on time, yet the client sent short: the client's
        assertThat(lagged(1000, 1000, 12, 0.8, 5, 5).why()).contains("short of the rate while answers were on time");
    }

    @Test
    void aStartRateTheConnectionsCannotCarryStopsTheSearchInOneLineTheStepKept() {
        SearchSettings high = SearchSettings.of(1_000_000, 2, 0.05, 2_000_000, Duration.ofMinutes(1));
        CapacityOutcome outcome = new CapacitySearch(high, (number, rate) -> lagged(rate, 10, 9000, 0.08, 8000, 0.01),
                System::nanoTime).run();

        assertThat(outcome.finding()).isEqualTo(Finding.START_ABOVE_CLIENT_LIMIT);
        assertThat(outcome.message()).startsWith("the start rate 1000000 req/s is above the client's measured limit"
                + " (its 10 connections cannot carry the rate").doesNotContain("\n");
        assertThat(outcome.steps()).hasSize(1);
    }

    @Test
    void aClientThatFallsBehindMidSearchEndsItWithALowerBound() {
        CapacitySearch.StepMeasurer starving = (number, rate) -> rate < 400 ? lagged(rate, 1000, 12, 1.0, 1, 1)
                : lagged(rate, 1000, 400, 1.0, 300, 300);
        CapacityOutcome outcome = new CapacitySearch(SETTINGS, starving, System::nanoTime).run();

        assertThat(outcome.finding()).isEqualTo(Finding.CLIENT_LIMITED);
        assertThat(outcome.sustainedText()).isEqualTo(">= 200 req/s (client-limited)");
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
