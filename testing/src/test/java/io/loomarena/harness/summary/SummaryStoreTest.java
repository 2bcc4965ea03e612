package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
    void readsASummaryWrittenBeforeMetricsHadLabelsWithTheSameFigures() throws Exception {
        Path file = Path.of(SummaryStoreTest.class.getResource("/summaries/echo-summary-before-metrics.json").toURI());
        BenchmarkSummary old = SummaryStore.read(file);
        BenchmarkSummary now = SummaryFixtures.summary("echo", "msg", "PLATFORM_SERVER", "PLATFORM_CLIENT",
                SummaryFixtures.workload(20), 150, 170, 160);

        // The old file held the fixture's figures as fixed fields: converted, they are the same metrics.
        assertThat(old.runs().measured()).extracting(MeasuredRun::metrics)
                .isEqualTo(now.runs().measured().stream().map(MeasuredRun::metrics).toList());
        assertThat(old.aggregate().metrics()).isEqualTo(now.aggregate().metrics());
        assertThat(old.aggregate().pinnedTopStack()).isEqualTo("2 x com.example.Pins.park:12");
        // The old file did not know the server's allocations (-1): the metric is absent, not 0.
        assertThat(old.aggregate().metrics()).doesNotContainKey("serverAllocatedBytesPerOperation");
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
        assertThat(aggregate.metric(ServerMetrics.byKey("serverPeakThreads").orElseThrow()).value()).isEqualTo(32);
        assertThat(aggregate.metric(ServerMetrics.byKey("serverGcCount").orElseThrow()).value()).isEqualTo(3);
    }
}
