package io.loomarena.harness.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReliabilityReportTest {

    @TempDir
    Path results;

    @Test
    void casesAddUpAcrossRunsAndTheReportCountsThem() throws Exception {
        ReliabilityReport report = new ReliabilityReport(results);
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("connections held", "10000");
        figures.put("memory per connection", "3.1 KiB");
        report.record(new ReliabilityCase("echo-reliability.feature", "flood | virtual", "PASSED",
                List.of("@Reliability"), figures, "2026-11-21T03:00:00Z"));
        new ReliabilityReport(results).record(new ReliabilityCase("http-reliability.feature", "smuggling", "FAILED",
                List.of("@Reliability"), Map.of(), "2026-11-21T03:01:00Z"));

        String md = Files.readString(new ReliabilityReport(results).write());

        assertThat(md).contains("Cases tried: 2, passed: 1, not passed: 1.")
                .contains("| echo-reliability.feature | flood \\| virtual | PASSED | connections held: 10000; "
                        + "memory per connection: 3.1 KiB |")
                .contains("| http-reliability.feature | smuggling | FAILED |");
        assertThat(report.cases()).extracting(ReliabilityCase::name).containsExactly("flood | virtual", "smuggling");
    }

    @Test
    void aCaseRecordedAgainReplacesTheOldOne() {
        ReliabilityReport report = new ReliabilityReport(results);
        report.record(new ReliabilityCase("f.feature", "c", "FAILED", List.of(), Map.of(), "t1"));
        report.record(new ReliabilityCase("f.feature", "c", "PASSED", List.of(), Map.of(), "t2"));

        assertThat(report.cases()).singleElement().satisfies(c -> assertThat(c.passed()).isTrue());
    }

    @Test
    void longNamesThatShareTheirStartKeepTheirOwnFiles() {
        ReliabilityReport report = new ReliabilityReport(results);
        String start = "x".repeat(130);
        report.record(new ReliabilityCase("f.feature", start + " one", "PASSED", List.of(), Map.of(), "t1"));
        report.record(new ReliabilityCase("f.feature", start + " two", "PASSED", List.of(), Map.of(), "t2"));

        assertThat(report.cases()).hasSize(2);
    }
}
