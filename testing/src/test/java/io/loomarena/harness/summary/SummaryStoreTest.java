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
                "\"elapsedCi95Nanos\"", "\"pinningApplied\" : true", "\"gitCommit\"", "\"p999\"", "\"peakRssBytes\"");
        assertThat(SummaryStore.toJson(SummaryStore.read(file))).isEqualTo(SummaryStore.toJson(summary));
        assertThat(store.readSuite("echo")).extracting(BenchmarkSummary::combination)
                .containsExactly("VIRTUAL_SERVER+VIRTUAL_CLIENT");
        assertThat(store.readSuite("http-ping")).isEmpty();
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
        assertThat(aggregate.server().peakThreads()).isEqualTo(32);
        assertThat(aggregate.server().gcCount()).isEqualTo(3);
    }
}
