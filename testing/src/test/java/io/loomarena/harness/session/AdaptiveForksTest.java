package io.loomarena.harness.session;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.ranking.Separation;
import io.loomarena.harness.summary.BenchmarkSummary;

/**
 * Adaptive forks with fake fork results (no JVM): each combination's forks so far, and the forks it would measure next,
 * as milliseconds per iteration; the ranking's own rule ({@link Separation#undecidedNeighbours}) decides the ties, and
 * a fake clock the budget.
 */
class AdaptiveForksTest {

    private static final double MINUTE = 60e9;
    /** The fake run: its combinations' forks so far, those to come, the forks run in order, and the clock. */
    private static final class FakeRun {

        final List<String> names = new ArrayList<>();
        final List<List<double[]>> forks = new ArrayList<>();
        final List<Deque<double[]>> next = new ArrayList<>();
        final List<String> ran = new ArrayList<>();
        final AtomicLong clock = new AtomicLong();
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();
        /** What one fork costs on the fake clock. */
        long forkNanos = (long) MINUTE;

        FakeRun combination(String server, List<double[]> measured, double[]... later) {
            names.add(server + "+X_CLIENT");
            forks.add(new ArrayList<>(measured));
            next.add(new ArrayDeque<>(List.of(later)));
            return this;
        }

        BenchmarkSummary current(int index) {
            return forked(names.get(index).split("\\+")[0], "X_CLIENT", forks.get(index).toArray(double[][]::new));
        }

        void fork(int index, int number) {
            forks.get(index).add(next.get(index).removeFirst()); // a fork nobody planned fails the test here
            ran.add(number + " " + names.get(index));
            clock.addAndGet(forkNanos);
        }

        AdaptiveForks.Report extend(int maxExtraForks, Duration budget) {
            return AdaptiveForks.extend(new ExtraForkRun(names, this::current, this::fork, 2, 42, clock::get,
                    new PrintStream(printed, true, StandardCharsets.UTF_8)), forkNanos,
                    new AdaptiveForks.Limits(maxExtraForks, budget), Separation::undecidedNeighbours);
        }

        String log() {
            return printed.toString(StandardCharsets.UTF_8);
        }
    }

    private static double[] fork(double... millis) {
        return millis;
    }

    /**
     * A and B, whose planned forks (100 and 104 ms against 106 and 102) leave their order undecided, each with the
     * forks it would measure next.
     */
    private static FakeRun tiedPair(List<double[]> laterOfA, List<double[]> laterOfB) {
        return new FakeRun()
                .combination("A_SERVER", List.of(fork(100, 101, 99), fork(104, 105, 103)),
                        laterOfA.toArray(double[][]::new))
                .combination("B_SERVER", List.of(fork(106, 107, 105), fork(102, 103, 101)),
                        laterOfB.toArray(double[][]::new));
    }

    @Test
    void aTieDecidedByOneExtraRoundGetsOneForkOnEachSideAndNoOtherCombinationDoes() {
        FakeRun run = tiedPair(List.of(fork(95, 96, 94)), List.of(fork(118, 117, 119)))
                .combination("C_SERVER", List.of(fork(200, 201, 199), fork(202, 201, 203)));
        assertThat(Separation.undecidedNeighbours(List.of(run.current(0), run.current(1), run.current(2))))
                .as("tied after the planned forks").containsExactlyInAnyOrder("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT");

        AdaptiveForks.Report report = run.extend(3, Duration.ofMinutes(10));

        assertThat(report.ending()).isEqualTo(AdaptiveForks.Ending.DECIDED);
        assertThat(report.rounds()).isEqualTo(1);
        assertThat(report.undecided()).isEmpty();
        assertThat(run.ran).containsExactlyInAnyOrder("3 A_SERVER+X_CLIENT", "3 B_SERVER+X_CLIENT");
        assertThat(run.log()).contains("[PERF] adaptive forks, round 1: one more fork of each of 2 combinations tied"
                + " with a neighbour: A_SERVER+X_CLIENT, B_SERVER+X_CLIENT",
                "every neighbour's order decided after 1 extra round");
    }

    @Test
    void whenTheBudgetEndsTheUndecidedStayTiedAndTheOutputSaysSo() {
        // Every extra fork of A and B lands between the other's: they stay tied. A fork takes a minute, a round two.
        FakeRun run = tiedPair(List.of(fork(103, 103, 103), fork(101, 101, 101)),
                List.of(fork(101, 101, 101), fork(103, 103, 103)));

        AdaptiveForks.Report report = run.extend(5, Duration.ofMinutes(3));

        assertThat(report.ending()).isEqualTo(AdaptiveForks.Ending.BUDGET);
        assertThat(report.rounds()).as("the second round would end after 4 of 3 minutes").isEqualTo(1);
        assertThat(report.undecided()).containsExactly("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT");
        assertThat(run.ran).hasSize(2);
        assertThat(run.log()).contains("[PERF] adaptive forks: the time budget of 3 min ended after 1 extra round"
                + " (120 s spent, the next round would take about 120 s); still undecided, so they stay tied:"
                + " A_SERVER+X_CLIENT, B_SERVER+X_CLIENT");
    }

    @Test
    void whenNothingIsUndecidedNoExtraForkRuns() {
        FakeRun run = new FakeRun()
                .combination("A_SERVER", List.of(fork(100, 101, 99), fork(101, 100, 102)))
                .combination("C_SERVER", List.of(fork(200, 201, 199), fork(202, 201, 203)));

        AdaptiveForks.Report report = run.extend(3, Duration.ofMinutes(10));

        assertThat(report.ending()).isEqualTo(AdaptiveForks.Ending.NOTHING_UNDECIDED);
        assertThat(report.rounds()).isZero();
        assertThat(run.ran).isEmpty();
        assertThat(run.log()).contains("no combination is tied with a neighbour after the 2 planned forks; no extra"
                + " fork");
    }

    @Test
    void theLimitOfExtraForksEndsRoundsThatDecideNothing() {
        FakeRun run = tiedPair(List.of(fork(103, 103, 103)), List.of(fork(101, 101, 101)));

        AdaptiveForks.Report report = run.extend(1, Duration.ofMinutes(10));

        assertThat(report.ending()).isEqualTo(AdaptiveForks.Ending.LIMIT);
        assertThat(report.rounds()).isEqualTo(1);
        assertThat(report.undecided()).containsExactly("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT");
        assertThat(run.log()).contains("the limit of 1 extra fork per combination is reached; still undecided, so"
                + " they stay tied");
    }

    @Test
    void aCombinationWhoseForkFailedIsLeftOut() {
        FakeRun run = tiedPair(List.of(), List.of());

        AdaptiveForks.Report report = AdaptiveForks.extend(new ExtraForkRun(run.names,
                index -> index == 1 ? null : run.current(index), run::fork, 2, 42, run.clock::get,
                new PrintStream(run.printed, true, StandardCharsets.UTF_8)), MINUTE,
                new AdaptiveForks.Limits(3, Duration.ofMinutes(10)), Separation::undecidedNeighbours);

        assertThat(report.ending()).as("one combination left: no neighbour").isEqualTo(
                AdaptiveForks.Ending.NOTHING_UNDECIDED);
        assertThat(run.ran).isEmpty();
    }

    @Test
    void limitsAreValidated() {
        assertThat(AdaptiveForks.Limits.off().on()).isFalse();
        assertThatThrownBy(() -> new AdaptiveForks.Limits(-1, Duration.ofMinutes(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("extra forks must be 0..100");
        assertThatThrownBy(() -> new AdaptiveForks.Limits(1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("the fork budget must be positive");
        assertThat(Map.of("90 s", Duration.ofSeconds(90), "4 min", Duration.ofMinutes(4), "500 ms",
                Duration.ofMillis(500))).allSatisfy((text, duration) ->
                assertThat(AdaptiveForks.text(duration)).isEqualTo(text));
    }
}
