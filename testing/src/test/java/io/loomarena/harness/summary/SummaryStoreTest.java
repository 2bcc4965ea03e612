package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.BenchmarkSuite;
import io.loomarena.harness.ranking.MarkdownRanking;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.ranking.RankingTable;

class SummaryStoreTest {

    @TempDir
    Path results;

    @Test
    void writesPrettyJsonPerCombinationAndReadsItBack() throws Exception {
        SummaryStore store = new SummaryStore(results);
        BenchmarkSummary summary = SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 100, 110, 120);

        Path file = store.write(summary);

        assertThat(file).isEqualTo(results.resolve("echo/VIRTUAL_SERVER+VIRTUAL_CLIENT.json"));
        String json = Files.readString(file);
        assertThat(json).contains("\n  \"suite\" : \"echo\"", "\"clientPid\"", "\"serverPid\"", "\"histogram\"",
                "\"elapsedCi95Nanos\"", "\"pinningApplied\" : true", "\"gitCommit\"", "\"p999\"", "\"metrics\"",
                "\"serverPeakRssBytes\"");
        assertThat(SummaryStore.toJson(SummaryStore.read(file))).isEqualTo(SummaryStore.toJson(summary));
        assertThat(store.readSuite("echo")).extracting(BenchmarkSummary::combination)
                .containsExactly("VIRTUAL_SERVER+VIRTUAL_CLIENT");
        assertThat(store.readSuite("http-ping")).isEmpty();
    }

    @Test
    void aSummarySetAsideLeavesWhatARankingReadsAndIsKeptInEarlier() {
        SummaryStore store = new SummaryStore(results);
        store.write(SummaryFixtures.summary("echo", "msg", "SINGLE_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 100, 110));
        store.write(SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 100, 110));

        assertThat(store.setAside("echo", "SINGLE_SERVER+VIRTUAL_CLIENT"))
                .contains(results.resolve("echo/earlier/SINGLE_SERVER+VIRTUAL_CLIENT.json"));

        assertThat(store.readSuite("echo")).extracting(BenchmarkSummary::combination)
                .containsExactly("VIRTUAL_SERVER+VIRTUAL_CLIENT");
        assertThat(SummaryStore.read(results.resolve("echo/earlier/SINGLE_SERVER+VIRTUAL_CLIENT.json")).combination())
                .isEqualTo("SINGLE_SERVER+VIRTUAL_CLIENT");
        assertThat(store.setAside("echo", "SINGLE_SERVER+VIRTUAL_CLIENT")).isEmpty();
    }

    @Test
    void keepsTheServerCountersOfEachRunBeforeAndAfterItsTimedWork() throws Exception {
        SummaryStore store = new SummaryStore(results);
        BenchmarkSummary summary = SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                SummaryFixtures.workload(20), 100, 110);

        BenchmarkSummary read = SummaryStore.read(store.write(summary));

        // The fixture's server accepted 20 (i + 2) connections before run i + 1 and 20 (i + 3) after it.
        assertThat(read.runs().measured()).extracting(run -> run.serverCounters().get("accepted"))
                .containsExactly(new MeasuredRun.CounterSpan(40, 60), new MeasuredRun.CounterSpan(60, 80));
        assertThat(Files.readString(results.resolve("echo/VIRTUAL_SERVER+VIRTUAL_CLIENT.json")))
                .contains("\"serverCounters\"", "\"before\" : 40");
    }

    @Test
    void readsASummaryWrittenBeforeMetricsHadLabelsWithTheSameFigures() throws Exception {
        Path file = Path.of(SummaryStoreTest.class.getResource("/summaries/echo-summary-before-metrics.json").toURI());
        BenchmarkSummary old = SummaryStore.read(file);
        BenchmarkSummary now = SummaryFixtures.summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT",
                SummaryFixtures.workload(20), 150, 170, 160);

        // The old file held the fixture's figures as fixed fields: converted, they are the same metrics, except the
        // context switches, which it did not know: absent, never 0.
        String switches = "serverContextSwitchesPerOperation";
        assertThat(old.runs().measured()).extracting(MeasuredRun::metrics).allSatisfy(m -> assertThat(m)
                .doesNotContainKey(switches)).isEqualTo(now.runs().measured().stream().map(run -> without(
                        run.metrics(), switches)).toList());
        assertThat(old.aggregate().metrics()).isEqualTo(without(now.aggregate().metrics(), switches));
        assertThat(now.aggregate().metrics()).containsKey(switches);
        Ranking both = Ranking.of("echo", List.of(old, SummaryFixtures.summary("echo", "msg", "VIRTUAL_SERVER",
                "VIRTUAL_CLIENT", SummaryFixtures.workload(20), 110, 120, 130)), List.of(), "test");
        assertThat(MarkdownRanking.render(RankingTable.of(both, BenchmarkSuite.Ranked.FASTEST_FIRST)))
                .contains("| server context switches/msg |")
                .containsPattern("PLATFORM_SERVER\\+PLATFORM_CLIENT \\|.* n/a \\|\n");
        assertThat(old.aggregate().pinnedTopStack()).isEqualTo("2 x com.example.Pins.park:12");
        // The old file did not know the server's allocations (-1): the metric is absent, not 0.
        assertThat(old.aggregate().metrics()).doesNotContainKey("serverAllocatedBytesPerOperation");
        // Its counters were totals since the server started, with no figure before the run: not read.
        assertThat(old.runs().measured()).allSatisfy(run -> assertThat(run.serverCounters()).isEmpty());
    }

    private static <V> java.util.Map<String, V> without(java.util.Map<String, V> map, String key) {
        java.util.Map<String, V> copy = new java.util.LinkedHashMap<>(map);
        copy.remove(key);
        return copy;
    }

    @Test
    void aSummaryJudgedOnSomeIterationsCountsTheOthersAndNeverWritesTheCount() {
        BenchmarkSummary summary = SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT",
                new double[] {100, 101, 99}, new double[] {130, 131, 129});

        BenchmarkSummary judged = summary.judgedOn(run -> run.fork() == 1);

        assertThat(judged.runs().measured()).extracting(MeasuredRun::fork).containsExactly(1, 1, 1);
        assertThat(judged.runs().setAside()).isEqualTo(3);
        assertThat(judged.aggregate().averageElapsedNanos()).isEqualTo(100e6);
        assertThat(SummaryStore.toJson(summary)).doesNotContain("setAside");
        assertThat(SummaryStore.toJson(judged)).contains("\"setAside\" : 3");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> summary.judgedOn(run -> false))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("6 set aside");
    }

    @Test
    void aggregatesTheMeasuredRuns() {
        Aggregate aggregate = SummaryFixtures.summary("echo", "msg", "A_SERVER", "B_CLIENT",
                SummaryFixtures.workload(20), 100, 130, 110).aggregate();

        assertThat(aggregate.averageElapsedNanos()).isEqualTo(113_333_333.33333333);
        assertThat(aggregate.medianElapsedNanos()).isEqualTo(110_000_000);
        assertThat(aggregate.minElapsedNanos()).isEqualTo(100_000_000);
        assertThat(aggregate.maxElapsedNanos()).isEqualTo(130_000_000);
        assertThat(aggregate.throughput()).isCloseTo(35_294.1176, org.assertj.core.api.Assertions.within(1e-3));
        assertThat(aggregate.elapsedCi95Nanos().low()).isLessThan(aggregate.averageElapsedNanos());
        assertThat(aggregate.latency().count()).isEqualTo(300);
        assertThat(aggregate.metric(HarnessMetrics.byKey("serverPeakThreads").orElseThrow()).value()).isEqualTo(32);
        assertThat(aggregate.metric(HarnessMetrics.byKey("serverGcCount").orElseThrow()).value()).isEqualTo(3);
    }
}
