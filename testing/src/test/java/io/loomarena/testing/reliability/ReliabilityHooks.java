package io.loomarena.testing.reliability;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

import io.cucumber.java.After;
import io.cucumber.java.AfterAll;
import io.cucumber.java.Scenario;

import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.reliability.ReliabilityCase;
import io.loomarena.harness.reliability.ReliabilityReport;
import io.loomarena.testing.RowTags;

/**
 * Persists the outcome of every {@code @Reliability} scenario and, after the run, rewrites
 * {@code target-results/reliability.md} when at least one such scenario ran.
 */
public final class ReliabilityHooks {

    private static volatile boolean anyRan;

    private final ReliabilityRecord record;

    public ReliabilityHooks(ReliabilityRecord record) {
        this.record = record;
    }

    @After(value = "@Reliability", order = 5000)
    public void persist(Scenario scenario) {
        String uri = scenario.getUri().toString();
        String feature = uri.substring(uri.lastIndexOf('/') + 1);
        report().record(new ReliabilityCase(feature, scenario.getName(), scenario.getStatus().name(),
                List.copyOf(RowTags.effective(scenario.getSourceTagNames(), scenario.getUri(), scenario.getLine())),
                record.figures(), Instant.now().toString()));
        anyRan = true;
    }

    @AfterAll
    public static void writeReport() {
        if (anyRan) {
            report().write();
        }
    }

    private static ReliabilityReport report() {
        Path results = RunOptions.ofThisJvm().harness().resultsDir();
        return new ReliabilityReport(results);
    }
}
