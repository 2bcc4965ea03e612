package io.loomarena.harness.session;

import static io.loomarena.harness.summary.SummaryFixtures.forked;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntToDoubleFunction;

import org.junit.jupiter.api.Test;

import io.loomarena.harness.ranking.RankingPlacement;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryFixtures;

/**
 * The placement fill with fake rows (no JVM): each row's forks as milliseconds per iteration with the cross-CPU round
 * trips read around them; the ranking's own rules ({@link RankingPlacement#thin}, {@link RankingPlacement#wide})
 * choose the rows, and a fake clock the budget.
 */
class PlacementFillTest {

    /** The placement fill's default budget, 90 s. */
    private static final Duration FILL = PlacementFill.DEFAULT_BUDGET;

    /**
     * A placement fill over fixed rows: each fork is recorded as "number name", takes {@code forkSeconds} on the fake
     * clock and, when {@code landsNear}, leaves its row well filled (both forks near); else the row stays as it was.
     */
    private static final class FillRun {

        final List<BenchmarkSummary> summaries;
        final List<String> names;
        final List<String> ran = new ArrayList<>();
        final AtomicLong clock = new AtomicLong();
        final ByteArrayOutputStream printed = new ByteArrayOutputStream();

        FillRun(BenchmarkSummary... rows) {
            summaries = new ArrayList<>(List.of(rows));
            names = summaries.stream().map(BenchmarkSummary::combination).toList();
        }

        FillRun fill(long forkSeconds, boolean landsNear, IntToDoubleFunction forkNanosOf, Duration budget) {
            PlacementFill.fill(new ExtraForkRun(names, summaries::get, (index, number) -> {
                ran.add(number + " " + names.get(index));
                clock.addAndGet(forkSeconds * 1_000_000_000L);
                if (landsNear) {
                    summaries.set(index, wellFilledRow(names.get(index).split("\\+")[0]));
                }
            }, 2, 42, clock::get, new PrintStream(printed, true, StandardCharsets.UTF_8)), forkNanosOf, budget,
                    new PlacementFill.Rules(RankingPlacement::thin, RankingPlacement::wide));
            return this;
        }

        List<String> lines() {
            return printed.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Test
    void thePlacementFillGivesOneForkMoreToARowMeasuredByOneForkInThePlacementJudgedAndSaysSo() {
        // A: fork 1 near, fork 2 far apart (the host moved the CPUs); its third fork lands near. B: both forks near.
        FillRun run = new FillRun(thinRow("A_SERVER"), wellFilledRow("B_SERVER")).fill(15, true, i -> 15e9, FILL);

        assertThat(run.ran).containsExactly("3 A_SERVER+X_CLIENT");
        assertThat(run.lines()).containsExactly(
                "[PERF] placement fill, round 1: one more fork of each of 1 combination measured by one fork only"
                        + " with the CPUs in the placement the ranking judges (the host moved them during the other):"
                        + " A_SERVER+X_CLIENT");
    }

    @Test
    void thePlacementFillRunsWhatFitsInItsBudgetAndNamesTheRest() {
        // Forks of 40 s: two fit in the 90 s, then none; the rows stay thin (the host keeps moving the CPUs).
        FillRun run = new FillRun(thinRow("A_SERVER"), thinRow("B_SERVER"), thinRow("C_SERVER"))
                .fill(40, false, i -> 40e9, FILL);

        assertThat(run.ran).hasSize(2).allSatisfy(fork -> assertThat(fork).startsWith("3 "));
        List<String> lines = run.lines();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("[PERF] placement fill, round 1: one more fork of each of 2 combinations")
                .contains("; no time left in 90 s for: ");
        assertThat(lines.get(1)).startsWith("[PERF] placement fill, round 2: not run, a fork takes about 40 s and"
                + " 10 s of 90 s are left; judged on the one fork each has in the placement judged: ")
                .contains("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT", "C_SERVER+X_CLIENT");
    }

    @Test
    void thePlacementFillRepeatsWhileARowStaysThinUpToItsRounds() {
        FillRun run = new FillRun(thinRow("A_SERVER"), wellFilledRow("B_SERVER")).fill(15, false, i -> 15e9, FILL);

        assertThat(run.ran).containsExactly("3 A_SERVER+X_CLIENT", "4 A_SERVER+X_CLIENT", "5 A_SERVER+X_CLIENT")
                .hasSize(PlacementFill.ROUNDS);
    }

    @Test
    void thePlacementFillIsNotRunWhenOneForkWouldExceedItsBudgetOrNothingIsThin() {
        List<BenchmarkSummary> summaries = List.of(thinRow("A_SERVER"), wellFilledRow("B_SERVER"));
        List<String> names = List.of("A_SERVER+X_CLIENT", "B_SERVER+X_CLIENT");
        List<String> ran = new ArrayList<>();
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);

        PlacementFill.Rules rules = new PlacementFill.Rules(RankingPlacement::thin, RankingPlacement::wide);
        PlacementFill.fill(new ExtraForkRun(names, summaries::get, (index, number) -> ran.add("over budget"), 2, 42,
                () -> 0L, out), i -> 100e9, FILL, rules);
        PlacementFill.fill(new ExtraForkRun(names, index -> summaries.get(1),
                (index, number) -> ran.add("nothing thin"), 2, 42, () -> 0L, out), i -> 15e9, FILL, rules);

        assertThat(ran).isEmpty();
        assertThat(printed.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
                "[PERF] placement fill: not run, a fork takes about 100 s and 90 s of 90 s are left; judged on the"
                        + " one fork each has in the placement judged: A_SERVER+X_CLIENT");
    }

    @Test
    void aShortForkFurtherDownFitsWhereALongOneDoesNotAndEachRowIsTimedByItsOwnForks() {
        // A: thin, its forks took 100 s. W: wide, its forks took 30 s. Thin rows go first, but A's does not fit in
        // 90 s; W's, further down, does.
        // W's fork took 50 s and W stays wide: round 2 has 40 s left, and W's next is now guessed at 50 s.
        FillRun run = new FillRun(thinRow("A_SERVER"), wideRow("W_SERVER"))
                .fill(50, false, i -> i == 0 ? 100e9 : 30e9, FILL);

        assertThat(run.ran).containsExactly("3 W_SERVER+X_CLIENT");
        assertThat(run.lines()).containsExactly(
                "[PERF] placement fill, round 1: one more fork of each of 1 combination whose interval is wider than"
                        + " a quiet machine gives: W_SERVER+X_CLIENT; no time left in 90 s for: A_SERVER+X_CLIENT",
                "[PERF] placement fill, round 2: not run, a fork takes about 50 s and 40 s of 90 s are left; judged"
                        + " on the one fork each has in the placement judged: A_SERVER+X_CLIENT; judged with the"
                        + " interval measured: W_SERVER+X_CLIENT");
    }

    @Test
    void aLongerFillBudgetRunsTheForkTheDefaultHasNoTimeForAndNamesItselfWhenItEnds() {
        FillRun run = new FillRun(thinRow("A_SERVER"), thinRow("B_SERVER"))
                .fill(100, false, i -> 100e9, Duration.ofMinutes(3));

        // 100 s per fork: 90 s has room for none (the test above), 3 min for one; each stays thin, so round 2 asks
        // for both again and has 80 s left.
        assertThat(run.ran).hasSize(1);
        List<String> lines = run.lines();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("[PERF] placement fill, round 1: one more fork of each of 1 combination")
                .endsWith("; no time left in 3 min for: " + (run.ran.get(0).endsWith("A_SERVER+X_CLIENT")
                        ? "B_SERVER+X_CLIENT" : "A_SERVER+X_CLIENT"));
        assertThat(lines.get(1)).startsWith("[PERF] placement fill, round 2: not run, a fork takes about 100 s and"
                + " 80 s of 3 min are left");
    }

    @Test
    void theFillGivesARowWithAWideIntervalOneForkMoreWithTheTimeTheThinRowsLeave() {
        // A: thin. W: both forks near, but one iteration 15% off the others: its interval is wider than ±5%.
        FillRun run = new FillRun(thinRow("A_SERVER"), wideRow("W_SERVER"), wellFilledRow("B_SERVER"));
        assertThat(RankingPlacement.wide(run.summaries)).containsExactly("W_SERVER+X_CLIENT");

        run.fill(15, true, i -> 15e9, FILL);

        assertThat(run.ran).containsExactly("3 A_SERVER+X_CLIENT", "3 W_SERVER+X_CLIENT");
        assertThat(run.lines()).containsExactly(
                "[PERF] placement fill, round 1: one more fork of each of 1 combination measured by one fork only"
                        + " with the CPUs in the placement the ranking judges (the host moved them during the other):"
                        + " A_SERVER+X_CLIENT; and one more fork of each of 1 combination whose interval is wider than"
                        + " a quiet machine gives: W_SERVER+X_CLIENT");
    }

    @Test
    void aThinRowGoesBeforeAWideOneWhenTheBudgetHoldsOneForkOnly() {
        // Forks of 60 s: one fits in the 90 s.
        FillRun run = new FillRun(wideRow("W_SERVER"), thinRow("A_SERVER")).fill(60, false, i -> 60e9, FILL);

        assertThat(run.ran).containsExactly("3 A_SERVER+X_CLIENT");
        List<String> lines = run.lines();
        assertThat(lines.get(0)).endsWith(": A_SERVER+X_CLIENT; no time left in 90 s for: W_SERVER+X_CLIENT");
        assertThat(lines.get(1)).isEqualTo("[PERF] placement fill, round 2: not run, a fork takes about 60 s and 30 s"
                + " of 90 s are left; judged on the one fork each has in the placement judged: A_SERVER+X_CLIENT;"
                + " judged with the interval measured: W_SERVER+X_CLIENT");
    }

    /** Both forks near, one iteration 15% slower than the other five. */
    private static BenchmarkSummary wideRow(String server) {
        return SummaryFixtures.withCrossCpu(forked(server, "X_CLIENT", fork(110, 111, 127), fork(110, 111, 110)),
                59, 60, 62, 61, 58, 60);
    }

    /** Fork 1 near, fork 2 far apart: the placement judged (near, kept by the other rows) holds one fork of it. */
    private static BenchmarkSummary thinRow(String server) {
        return SummaryFixtures.withCrossCpu(forked(server, "X_CLIENT", fork(100, 101, 99), fork(125, 126, 124)),
                60, 58, 61, 340, 345, 338);
    }

    /** Both forks near. */
    private static BenchmarkSummary wellFilledRow(String server) {
        return SummaryFixtures.withCrossCpu(forked(server, "X_CLIENT", fork(110, 111, 109), fork(112, 111, 110)),
                59, 60, 62, 61, 58, 60);
    }

    private static double[] fork(double... millis) {
        return millis;
    }
}
