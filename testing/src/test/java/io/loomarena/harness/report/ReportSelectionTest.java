package io.loomarena.harness.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.ranking.RankedCombination;
import io.loomarena.harness.ranking.Ranking;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryFixtures;
import io.loomarena.harness.summary.SummaryStore;

/**
 * One page, one figure per thing: where the verdict judges the iterations of one CPU placement, the charts under it
 * show the same iterations, not every iteration, and their captions say which.
 */
class ReportSelectionTest {

    private static final double[] NEAR = {1000, 1004, 996};
    private static final double[] FAR = {1250, 1255, 1245};
    private static final double[] NEAR_NS = {60, 58, 61};
    private static final double[] FAR_NS = {340, 345, 338};

    @TempDir
    Path results;

    /** One fork near, one far apart (25% slower): over every iteration, its throughput is well below the near one's. */
    private static BenchmarkSummary nearThenFar(String server, double slower) {
        double[] near = Arrays.stream(NEAR).map(ms -> ms * slower).toArray();
        double[] far = Arrays.stream(FAR).map(ms -> ms * slower).toArray();
        return SummaryFixtures.withCrossCpu(SummaryFixtures.forked(server, "VIRTUAL_CLIENT", near, far),
                60, 58, 61, 340, 345, 338);
    }

    @Test
    void theThroughputChartShowsTheIterationsTheVerdictJudgedAndSaysSo() throws IOException {
        List<BenchmarkSummary> summaries = List.of(nearThenFar("VIRTUAL_SERVER", 1), nearThenFar("POOL_SERVER", 1.05));
        SummaryStore store = new SummaryStore(results);
        summaries.forEach(store::write);
        Ranking verdict = Ranking.of("echo", summaries, List.of(), "test");

        Path html = HtmlReport.write(results);

        List<String> csv = Files.readAllLines(results.resolve(HtmlReport.CSV));
        for (RankedCombination entry : verdict.entries()) {
            BenchmarkSummary judged = entry.summary();
            BenchmarkSummary all = summaries.stream().filter(s -> s.combination().equals(entry.combination()))
                    .findFirst().orElseThrow();
            double charted = csv.stream().filter(line -> line.startsWith("echo/throughput,VIRTUAL_CLIENT,"
                    + judged.serverLabel() + ",")).mapToDouble(line -> Double.parseDouble(line.split(",")[3]))
                    .findFirst().orElseThrow();
            assertThat(judged.runs().measured()).hasSize(3);
            assertThat(charted).isCloseTo(judged.aggregate().throughput(), within(0.001));
            assertThat(Math.abs(charted - all.aggregate().throughput())).isGreaterThan(5);
        }
        assertThat(Files.readString(html)).contains("Figures from the iterations the verdict table judged"
                + " (placement: judged on the iterations measured with the server's");
    }

    @Test
    void withoutPlacementReadingsTheChartsSayTheyShowEveryIteration() throws IOException {
        SummaryStore store = new SummaryStore(results);
        store.write(SummaryFixtures.forked("VIRTUAL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR));
        store.write(SummaryFixtures.forked("POOL_SERVER", "VIRTUAL_CLIENT", NEAR, FAR));

        String page = Files.readString(HtmlReport.write(results));

        assertThat(page).contains("Figures from every measured iteration, as the verdict table.")
                .doesNotContain("Figures from the iterations the verdict table judged");
    }
}
