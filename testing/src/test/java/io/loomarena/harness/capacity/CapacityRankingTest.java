package io.loomarena.harness.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loomarena.harness.http.HttpServerSetup;
import io.loomarena.harness.report.HtmlReport;
import io.loomarena.model.ClientModel;

/** The ranking and the report of capacity summaries written to a results folder: order, intervals, ties, bad input. */
class CapacityRankingTest {

    private static final LatencyObjective OBJECTIVE = LatencyObjective.parse("p99 <= 300 ms and no errors over a 3 s window");
    private static final SearchSettings SEARCH = SearchSettings.of(20, 2, 0.1, 320, Duration.ofMinutes(3));

    @TempDir
    Path results;

    private CapacitySummary search(String server, CapacitySearch.StepMeasurer measurer) {
        CapacityPlan plan = new CapacityPlan("/io?ms=100", 200, false, HttpServerSetup.parse(server),
                ClientModel.VIRTUAL, OBJECTIVE, SEARCH);
        CapacitySummary summary = CapacitySummary.of(plan, new CapacitySearch(SEARCH, measurer, System::nanoTime).run(),
                Map.of("cpus", 2));
        summary.write(results);
        return summary;
    }

    /** A server whose p99 is 120 ms up to {@code ceiling} req/s and 900 ms above. */
    private static CapacitySearch.StepMeasurer server(double ceiling) {
        return (number, rate) -> CapacityStep.judge(number, rate, rate, (long) rate * 3, Map.of(),
                rate <= ceiling ? 120_000 : 900_000, 100_000, 950_000, new CapacityStep.Client(0.2, null, 200), 0.1,
                OBJECTIVE, SEARCH);
    }

    @Test
    void rankedByTheirSustainedRateWithIntervalsTiesAndTheUnrankedAfter() {
        search("pool --pool-size 4", server(40));
        search("pool --pool-size 10", server(41));
        search("virtual", server(10_000));
        search("single", server(10));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        List<String> lines = CapacityRanking.rankAndWrite(results, new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(lines).hasSize(5);
        assertThat(lines.get(0)).startsWith("[PERF] capacity of /io?ms=100 over 200 connections (keep-alive false)"
                + " under \"p99 <= 300 ms and no errors over a 3 s window\"");
        assertThat(lines.get(1)).isEqualTo("[PERF][CAPACITY] 1) VIRTUAL_SERVER+VIRTUAL_CLIENT+IO_MS_100 sustained:"
                + " >= 320 req/s (search ceiling), p99=120.00 ms at 320 req/s, steps=5, tied-with=none");
        assertThat(lines.get(2)).startsWith("[PERF][CAPACITY] 2) POOL_10_SERVER+VIRTUAL_CLIENT+IO_MS_100 sustained: 40 req/s"
                + " [40, 42)").endsWith("tied-with=3");
        assertThat(lines.get(3)).startsWith("[PERF][CAPACITY] 3) POOL_4_SERVER+VIRTUAL_CLIENT+IO_MS_100 sustained: 40 req/s"
                + " [40, 42)").endsWith("tied-with=2");
        assertThat(lines.get(4)).startsWith("[PERF][CAPACITY] not ranked: SINGLE_SERVER+VIRTUAL_CLIENT+IO_MS_100: the start"
                + " rate 20 req/s already breaks the objective").endsWith("(1 steps kept)");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains(lines.get(1));
        assertThat(results.resolve("http-capacity/capacity.md")).content()
                .contains("| 1 | VIRTUAL_SERVER+VIRTUAL_CLIENT+IO_MS_100 | >= 320 req/s (search ceiling) |")
                .contains("Not ranked: SINGLE_SERVER+VIRTUAL_CLIENT+IO_MS_100");
    }

    @Test
    void everyStepIsKeptInTheSummaryAndReadBack() {
        CapacitySummary written = search("pool --pool-size 4", server(40));
        assertThat(CapacitySummary.readAll(results)).singleElement().satisfies(read -> {
            assertThat(read.steps()).isEqualTo(written.steps()).hasSize(7);
            assertThat(read.finding()).isEqualTo(Finding.KNEE);
            assertThat(read.kneeBelow()).isEqualTo(42);
        });
    }

    @Test
    void theReportDrawsTheHockeyStickWithTheObjectiveAndEachKnee() throws Exception {
        search("pool --pool-size 4", server(40));
        search("virtual", server(10_000));
        String html = Files.readString(HtmlReport.write(results));
        assertThat(html).contains("<section id=\"capacity\">", "p99 against offered rate: /io?ms=100",
                "objective: p99 &lt;= 300 ms", "knee: 40 req/s [40, 42)", "knee: &gt;= 320 req/s (search ceiling)");
        assertThat(Files.readString(results.resolve(HtmlReport.CSV))).contains("POOL_4_SERVER+VIRTUAL_CLIENT+IO_MS_100,42 req/s,900");
    }
}
