package io.loomarena.harness.session;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

import io.loomarena.harness.BenchmarkPlan;
import io.loomarena.harness.summary.HarnessMetrics;
import io.loomarena.measure.IterationProtocol;
import io.loomarena.measure.RunResult;

/**
 * The progress lines of a session, one per iteration as it ends, never inside a timed loop:
 * {@code [PERF] VIRTUAL_SERVER+VIRTUAL_CLIENT fork 1/2 iteration 3/3: 1.214 s, 82,371 msg/s}, warmups marked as such,
 * an adaptive fork as {@code fork 3 (adaptive)}.
 *
 * @param out   where they go
 * @param plan  the combination measured
 * @param forks how many forks the session runs
 * @param build the build measured as the A/B gate names it ({@code baseline main}); empty outside the gate
 */
record ForkProgress(PrintStream out, BenchmarkPlan plan, int forks, String build) {

    /**
     * The line of one iteration that every client of fork {@code forkNumber} finished: with several clients, their
     * operations and errors added over the longest client's time.
     */
    void iterationDone(int forkNumber, List<IterationProtocol.Done> done, OptionalDouble neighbours) {
        IterationProtocol.Done first = done.get(0);
        long elapsed = 0;
        long operations = 0;
        long errors = 0;
        for (IterationProtocol.Done line : done) {
            elapsed = Math.max(elapsed, line.elapsedNanos());
            operations += line.operations();
            errors += line.errors();
        }
        out.println(String.format(Locale.ROOT, "[PERF] %s%s fork %s %s: %.3f s, %,.0f %s/s%s%s", buildPrefix(),
                plan.combination(), forkNumber <= forks ? forkNumber + "/" + forks : forkNumber + " (adaptive)",
                first.step(), elapsed / 1e9,
                RunResult.throughput(operations, elapsed), plan.unit(), errors == 0 ? "" : ", " + errors + " errors",
                done.size() > 1 ? ", " + done.size() + " clients" : "")
                + (neighbours.isPresent() && neighbours.getAsDouble() >= HarnessMetrics.DISTURBED
                        ? String.format(Locale.ROOT, ", disturbed: other work took %.0f%% of a pinned CPU",
                                neighbours.getAsDouble() * 100) : ""));
        out.flush();
    }

    /** {@code fork 2 of 3}; {@code adaptive fork 4} beyond the planned forks ({@link AdaptiveForks}). */
    static String label(int forkNumber, int forks) {
        return forkNumber <= forks ? "fork " + forkNumber + " of " + forks : "adaptive fork " + forkNumber;
    }

    /** {@code "baseline main: "} in an A/B run, so each progress line says which build it measured. */
    private String buildPrefix() {
        return build.isEmpty() ? "" : build + ": ";
    }
}
