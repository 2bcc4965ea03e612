package io.loomarena.testing.perf;

import io.cucumber.java.After;

import io.loomarena.harness.options.RunOptions;
import io.loomarena.harness.report.HtmlReport;

/**
 * Rewrites {@code target-results/report.html} after every ranking and A/B gate scenario, whatever its suite and
 * outcome, from every suite folder (and the A/B gate's verdicts) found under the results folder.
 */
public final class ReportHooks {

    @After(value = "@PerformanceSummary or @Gate", order = 100)
    public void writeTheHtmlReport() {
        HtmlReport.writeQuietly(RunOptions.ofThisJvm().harness().resultsDir());
    }
}
