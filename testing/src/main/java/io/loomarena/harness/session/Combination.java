package io.loomarena.harness.session;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.HarnessSettings;
import io.loomarena.harness.SuiteProgress;
import io.loomarena.harness.summary.BenchmarkSummary;
import io.loomarena.harness.summary.SummaryStore;

/**
 * Measures and saves one combination of any suite: deletes its previous summary (so a failed run leaves none that
 * could be ranked), runs a {@link BenchmarkSession}, writes the new summary and prints the suite's progress. The one
 * way every suite's steps measure. Stateless.
 */
public final class Combination {

    /** What one measured combination left: its summary and where it was saved. */
    public record Measured(BenchmarkSummary summary, Path file) {
    }

    private Combination() {
    }

    /**
     * Measures {@code plan} with {@code settings} where {@code deployment} says (chosen at the edge: this machine or the
     * hosts of the run), saves it in {@code store}; progress goes to standard output.
     */
    public static Measured measureAndSave(BenchmarkPlan plan, HarnessSettings settings, SummaryStore store,
                                          Deployment deployment) {
        return measureAndSave(plan, settings, store, deployment, SuiteProgress.shared(), System.out);
    }

    static Measured measureAndSave(BenchmarkPlan plan, HarnessSettings settings, SummaryStore store,
                                   Deployment deployment, SuiteProgress progress, PrintStream out) {
        long started = System.nanoTime();
        store.delete(plan.suite(), plan.combination());
        BenchmarkSummary summary;
        try (BenchmarkSession session = BenchmarkSession.start(plan, settings, out, deployment)) {
            summary = session.run();
        }
        Path file = store.write(summary);
        out.println(progress.combinationDone(plan.suite(), Duration.ofNanos(System.nanoTime() - started)));
        out.flush();
        return new Measured(summary, file);
    }
}
