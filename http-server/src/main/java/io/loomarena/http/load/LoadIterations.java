package io.loomarena.http.load;

import io.loomarena.measure.IterationLoop;
import io.loomarena.measure.RunResult;

/**
 * Runs a configuration's warmup and measured iterations in this JVM through {@link IterationLoop}, each iteration a
 * new run from the {@link LoadCommand.Runner} (by default a new {@link LoadRun}: new threads, connections, tallies
 * and watchdog), so that an iteration measures what a lone run measures and only the code is warm. Without warmups a
 * fresh client JVM measures its own interpreter and JIT compiler along with the server.
 * <p>
 * Never throws for a broken iteration: the runner throwing, the pacer giving up (the harness closed stdin) or an
 * interrupt become that iteration's result, with a {@value LoadReport#CLIENT_FAILURE} error. Like any iteration with
 * errors it ends the loop (unless errors are tolerated: then every iteration runs), and {@link IterationLoop} returns
 * it together with the measured iterations before it, so that the JSON summary still holds everything that was
 * measured (the summary is always written).
 * <p>
 * Runs on the calling thread; one instance per {@code load} command.
 */
final class LoadIterations {

    /**
     * What the iterations measured.
     *
     * @param result  the measured iterations together, each also in {@link RunResult#iterations()}; when a warmup had
     *                errors, that warmup alone (nothing was measured: {@code last} says so)
     * @param last    the last iteration that ran
     * @param failure why the last iteration did not complete (prefixed with its step when the plan has several), or
     *                null; an iteration before it cannot have failed, since a failure ends the loop
     */
    record Report(RunResult result, IterationLoop.Step last, String failure) {

        /** Whether the loop stopped in a warmup, so that {@link #result()} is not a measurement. */
        boolean stoppedInWarmup() {
            return last.warmup();
        }
    }

    private final LoadConfig config;
    private final LoadCommand.Runner runner;
    private int calls;
    private IterationLoop.Step last;
    private String failure;

    LoadIterations(LoadConfig config, LoadCommand.Runner runner) {
        this.config = config;
        this.runner = runner;
    }

    /** Runs every iteration of {@link LoadConfig#plan()} (fewer if one has errors). Call once. */
    Report run(IterationLoop.IterationPacer pacer) {
        RunResult result;
        try {
            result = IterationLoop.run(config.plan(), pacer, this::iteration, config.tolerateErrors());
        } catch (RuntimeException e) {
            // Only the pacer's done() gets here (iteration() does not throw): reported like a broken client.
            if (last == null) {
                last = step(1);
            }
            fail("the client failed: " + e.getMessage());
            result = LoadReport.result(config, LoadRun.Outcome.nothing(failure));
        }
        return new Report(result, last, failure);
    }

    /** One iteration: a new run, whose start hook is the pacer's. */
    private RunResult iteration(Runnable start) {
        last = step(++calls);
        LoadRun.Outcome outcome;
        try {
            outcome = runner.execute(start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            outcome = LoadRun.Outcome.nothing("interrupted before the run ended");
        } catch (RuntimeException e) {
            // The run could not start or broke as a whole: nothing measured, but the summary still says so.
            outcome = LoadRun.Outcome.nothing("the client failed: " + e.getMessage());
        }
        if (outcome.failure() != null) {
            fail(outcome.failure());
        }
        // IterationLoop records the client's CPU load around this body, as for every client.
        return LoadReport.result(config, outcome);
    }

    private void fail(String why) {
        failure = config.plan().equals(IterationLoop.Plan.single()) ? why : last + ": " + why;
    }

    /** The {@code n}-th call of the body: {@link IterationLoop} runs every warmup first, then the measured ones. */
    private IterationLoop.Step step(int n) {
        int warmups = config.plan().warmupIterations();
        return n <= warmups
                ? new IterationLoop.Step(true, n, warmups)
                : new IterationLoop.Step(false, n - warmups, config.plan().iterations());
    }
}
