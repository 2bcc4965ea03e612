package io.loomarena.harness.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessException;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.fake.FakePlans;
import io.loomarena.harness.fork.CpuPinning;
import io.loomarena.harness.fork.JvmFork;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.harness.summary.SummaryStore;

/** The interleaved order of forks, and a run of it with the fake server and client in real forked JVMs. */
class InterleavedForksTest {

    @TempDir
    Path results;

    @Test
    void everyRoundHoldsEveryCombinationOnce() {
        List<List<Integer>> rounds = InterleavedForks.order(10, 5, 42);

        assertThat(rounds).hasSize(5);
        for (List<Integer> round : rounds) {
            assertThat(round).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        }
    }

    @Test
    void theSameSeedGivesTheSameOrderAndOtherSeedsOtherOrders() {
        assertThat(InterleavedForks.order(10, 5, 42)).isEqualTo(InterleavedForks.order(10, 5, 42));
        Set<List<List<Integer>>> orders = new HashSet<>();
        for (long seed = 0; seed < 20; seed++) {
            orders.add(InterleavedForks.order(10, 5, seed));
        }
        // 10! orders per round: twenty seeds giving fewer than twenty orders would mean the seed is not used.
        assertThat(orders).hasSize(20);
    }

    @Test
    void theOrderIsShuffledPerRound() {
        List<List<Integer>> rounds = InterleavedForks.order(10, 5, 7);

        assertThat(new HashSet<>(rounds)).as("rounds of one run in different orders").hasSizeGreaterThan(1);
    }

    @Test
    void forkKOfEveryCombinationRunsBeforeForkKPlusOneOfAnyAndEachSummaryKeepsTheSeed() {
        SummaryStore store = new SummaryStore(results);
        HarnessSettings settings = FakePlans.settings(results).withIterations(2, 1, 1);
        List<BenchmarkPlan> plans = threeFakeServers(20);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(plans, settings, store,
                Deployment.local(JvmFork.local(settings)), 1234, new PrintStream(printed, true, StandardCharsets.UTF_8));

        String log = printed.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("from seed 1234 (-Dloomarena.seed=1234 repeats it)");
        List<String> measuredForks = new ArrayList<>();
        Matcher line = Pattern.compile("\\[PERF] (FAKE_\\w_SERVER)\\+FAKE_CLIENT fork (\\d)/2 iteration 1/1").matcher(log);
        while (line.find()) {
            measuredForks.add(line.group(2) + " " + line.group(1));
        }
        List<List<Integer>> order = InterleavedForks.order(3, 2, 1234);
        List<String> expected = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (int index : order.get(round)) {
                expected.add((round + 1) + " " + plans.get(index).serverLabel());
            }
        }
        assertThat(measuredForks).containsExactlyElementsOf(expected);
        for (BenchmarkPlan plan : plans) {
            BenchmarkSummary summary = outcomes.get(plan.combination()).orThrow().summary();
            assertThat(SummaryStore.read(store.path("fake", plan.combination()))).isEqualTo(summary);
            assertThat(summary.runs().interleavingSeed()).isEqualTo(1234L);
            assertThat(summary.runs().measured()).hasSize(2);
        }
    }

    @Test
    void everyMeasuredIterationCarriesThePlacementAndNoProbeJvmOutlivesTheRun() {
        assumeTrue(CpuPinning.detect(true).applied(), "needs taskset and two CPUs");
        SummaryStore store = new SummaryStore(results);
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 0, 2);
        List<BenchmarkPlan> plans = threeFakeServers(10);

        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(plans, settings, store,
                Deployment.local(JvmFork.local(settings)), 3,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        for (BenchmarkPlan plan : plans) {
            assertThat(outcomes.get(plan.combination()).orThrow().summary().runs().measured()).hasSize(2)
                    .allSatisfy(run -> {
                        assertThat(run.metrics().get(HarnessMetrics.CROSS_CPU_BEFORE.key())).isPositive();
                        assertThat(run.metrics().get(HarnessMetrics.CROSS_CPU_AFTER.key())).isPositive();
                    });
        }
        // The combinations shared one probe, and the run closed it: its two JVMs are gone with the forks' own.
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive)).isEmpty();
    }

    @Test
    void aFailingCombinationKeepsItsFailureAndTheOthersGoOn() {
        SummaryStore store = new SummaryStore(results);
        HarnessSettings settings = FakePlans.settings(results).withIterations(2, 0, 1);
        BenchmarkPlan failing = labelled(FakePlans.plan("normal", "fail", 10), "FAKE_F_SERVER");
        BenchmarkPlan fine = labelled(FakePlans.plan("normal", "ok", 10), "FAKE_A_SERVER");

        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(List.of(failing, fine),
                settings, store, Deployment.local(JvmFork.local(settings)), 5,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertThatThrownBy(() -> outcomes.get(failing.combination()).orThrow()).isInstanceOf(HarnessException.class);
        assertThat(store.path("fake", failing.combination())).doesNotExist();
        assertThat(outcomes.get(fine.combination()).orThrow().summary().runs().measured()).hasSize(2);
    }

    @Test
    void adaptiveForksAfterThePlannedRoundsGoToTheUndecidedCombinationsEachNumberedAfterItsOwnForks() {
        SummaryStore store = new SummaryStore(results);
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 0, 1);
        List<BenchmarkPlan> plans = threeFakeServers(10);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        // The rule finds A and B tied whatever they measure, and C never: one extra round of A and B, then the limit.
        AdaptiveForks.Undecided aAndB = summaries -> summaries.stream().map(BenchmarkSummary::combination)
                .filter(name -> !name.startsWith("FAKE_C")).collect(Collectors.toSet());

        Map<String, InterleavedForks.Outcome> outcomes = InterleavedForks.measureAndSave(plans, settings, store,
                Deployment.local(JvmFork.local(settings)), 9, new AdaptiveForks.Limits(1, Duration.ofMinutes(10)),
                aAndB, new PrintStream(printed, true, StandardCharsets.UTF_8));

        String log = printed.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("FAKE_A_SERVER+FAKE_CLIENT fork 2 (adaptive) iteration 1/1",
                        "FAKE_B_SERVER+FAKE_CLIENT fork 2 (adaptive) iteration 1/1",
                        "the limit of 1 extra fork per combination is reached")
                .doesNotContain("FAKE_C_SERVER+FAKE_CLIENT fork 2");
        for (BenchmarkPlan plan : plans) {
            BenchmarkSummary summary = outcomes.get(plan.combination()).orThrow().summary();
            int extra = plan.serverLabel().equals("FAKE_C_SERVER") ? 0 : 1;
            assertThat(summary.runs().forks()).as(plan.combination()).isEqualTo(1 + extra);
            assertThat(summary.runs().adaptiveForks()).as(plan.combination()).isEqualTo(extra);
            assertThat(SummaryStore.read(store.path("fake", plan.combination()))).isEqualTo(summary);
        }
    }

    @Test
    void adaptiveForksAcrossCellsOfTheJvmAxesAreRefusedBeforeAnyFork() {
        HarnessSettings settings = FakePlans.settings(results).withIterations(1, 0, 1);
        Deployment here = Deployment.local(JvmFork.local(settings));
        BenchmarkPlan plan = FakePlans.plan("normal", "ok", 10);
        List<InterleavedForks.Measurement> twoCells = List.of(
                new InterleavedForks.Measurement(plan, results.resolve("a"), here, "jdk21/default"),
                new InterleavedForks.Measurement(plan, results.resolve("b"), here, "jdk25/default"));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        assertThatThrownBy(() -> InterleavedForks.measureAll(twoCells, settings, 9,
                new AdaptiveForks.Limits(1, Duration.ofMinutes(1)), summaries -> Set.of(), summaries -> Set.of(),
                summaries -> Set.of(), new PrintStream(printed, true, StandardCharsets.UTF_8)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("across cells");
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    /** Three combinations of the fake server, told apart by their labels A, B and C, each doing {@code work}. */
    private static List<BenchmarkPlan> threeFakeServers(int work) {
        return List.of(labelled(FakePlans.plan("normal", "ok", work), "FAKE_A_SERVER"),
                labelled(FakePlans.plan("normal", "ok", work), "FAKE_B_SERVER"),
                labelled(FakePlans.plan("normal", "ok", work), "FAKE_C_SERVER"));
    }

    private static BenchmarkPlan labelled(BenchmarkPlan plan, String serverLabel) {
        return new BenchmarkPlan(plan.suite(), plan.unit(), plan.serverModel(), plan.clientModel(), serverLabel,
                plan.clientLabel(), plan.workload(), plan.expectedOperations(), plan.server(), plan.client(),
                plan.variant(), plan.downstream(), plan.clientTimeByDesign());
    }
}
