package io.loomarena.harness.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.loomarena.echo.server.EchoCounters;
import io.loomarena.harness.fork.CpuNeighbours;
import io.loomarena.measure.ServerStats;

/**
 * The registry of metrics: what a server reports and what the harness reads around an iteration reach the summary by
 * key; a metric is built by name with every required step; and the results folder's README lists every key.
 */
class HarnessMetricsTest {

    private static ServerStats withCounters(Map<String, Long> counters) {
        return new ServerStats(1, 10, 10, 1, 1, 1, 1_000, 0, 0, counters);
    }

    @Test
    void theNettyTransportIsRecordedAndAbsentForOtherModels() {
        ServerStats epoll = withCounters(Map.of(EchoCounters.NETTY_EPOLL, 1L));
        ServerStats nio = withCounters(Map.of(EchoCounters.NETTY_EPOLL, 0L));
        ServerStats blocking = withCounters(Map.of(EchoCounters.ACTIVE_CONNECTIONS, 3L));

        assertThat(HarnessMetrics.read(epoll, epoll, 10)).containsEntry("serverNettyEpoll", 1.0);
        assertThat(HarnessMetrics.read(nio, nio, 10)).containsEntry("serverNettyEpoll", 0.0);
        assertThat(HarnessMetrics.read(blocking, blocking, 10)).doesNotContainKey("serverNettyEpoll");
    }

    @Test
    void theHarnessReadingsAroundAnIterationBecomeItsMetrics() {
        ServerStats stats = withCounters(Map.of());
        // 300 ticks of each pinned CPU; the server ran 100 user + 50 system ticks, the client 150 + 150.
        CpuNeighbours.Snapshot before = new CpuNeighbours.Snapshot(new CpuNeighbours.CpuTicks(0, 0),
                new CpuNeighbours.CpuTicks(0, 0), 0, 0, 0, new CpuNeighbours.ProcessTicks(0, 0),
                new CpuNeighbours.ProcessTicks(0, 0));
        CpuNeighbours.Snapshot after = new CpuNeighbours.Snapshot(new CpuNeighbours.CpuTicks(130, 300),
                new CpuNeighbours.CpuTicks(150, 300), 100, 150, 0, new CpuNeighbours.ProcessTicks(100, 50),
                new CpuNeighbours.ProcessTicks(150, 150));
        IterationReadings around = IterationReadings.between(stats, stats, true)
                .withCpus(Optional.of(before), Optional.of(after))
                .withCrossCpu(OptionalDouble.of(120), OptionalDouble.of(130));

        Map<String, Double> values = HarnessMetrics.read(new Metric.Sample(around, 10, OptionalDouble.of(0.5)));

        assertThat(values).containsEntry("serverKernelShare", 50 / 150.0).containsEntry("clientKernelShare", 0.5)
                .containsEntry("neighbourCpuShare", 0.1).containsEntry("crossCpuRoundTripNanosBefore", 120.0)
                .containsEntry("crossCpuRoundTripNanosAfter", 130.0).containsEntry("clientCpuLoad", 0.5);
        assertThat(HarnessMetrics.read(stats, stats, 10)).doesNotContainKeys("serverKernelShare",
                "neighbourCpuShare", "clientCpuLoad");
    }

    @Test
    void aMetricIsBuiltByNameWithEveryRequiredStep() {
        Metric shown = Metric.named("serverWidgets").lowerIsBetter("widgets")
                .read(Metric.Reading.atEnd(ServerStats::liveThreads)).aggregated(Aggregator.MAX)
                .column("widgets", 1, "%d").build();

        assertThat(shown.table()).isPresent();
        assertThat(shown.csv()).hasValueSatisfying(csv -> assertThat(csv.name()).isEqualTo("server_widgets"));
        assertThatThrownBy(() -> Metric.named("x").lowerIsBetter("u").aggregated(Aggregator.MAX)
                .column("x", 1, "%d").build()).hasMessageContaining("x needs a unit, a reading and an aggregator");
        assertThatThrownBy(() -> Metric.named("x").lowerIsBetter("u").read(Metric.Reading.byClient())
                .aggregated(Aggregator.MAX).build()).hasMessageContaining("either a column or noColumn(why)");
        assertThatThrownBy(() -> Metric.named("x").lowerIsBetter("u").read(Metric.Reading.byClient())
                .aggregated(Aggregator.MAX).noColumn("why").inVerdictTable().build())
                .hasMessageContaining("no column for the verdict table");
    }

    @Test
    void everyKeyIsInTheResultsReadmeAndTheReadmeNamesNoOther() throws IOException {
        Path readme = Path.of("..", "target-results", "README.md");
        Set<String> listed = new LinkedHashSet<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(readme)) {
            if (line.startsWith("| key | unit | what |")) {
                inTable = true;
            } else if (inTable && !line.startsWith("|")) {
                break;
            } else if (inTable) {
                String keys = line.split("\\|")[1];
                Matcher key = Pattern.compile("`([A-Za-z]+)`").matcher(keys);
                while (key.find()) {
                    listed.add(key.group(1));
                }
            }
        }
        List<String> defined = HarnessMetrics.ALL.stream().map(Metric::key).toList();

        assertThat(listed).as("the metric keys listed in " + readme).containsExactlyInAnyOrderElementsOf(defined);
    }
}
