package io.loomarena.testing.perf;

import java.util.function.Supplier;

import org.opentest4j.TestAbortedException;

import io.loomarena.harness.ModuleClassPath;
import io.loomarena.harness.NothingToDo;

/**
 * Turns the harness's {@link NothingToDo} into a skipped scenario (Cucumber reports a {@link TestAbortedException}
 * as skipped) that shows its one line and nothing else: a suite this run did not measure and that has no summaries
 * in this results folder is skipped, not failed, so that {@code @PerformanceSummary} after measuring one suite ranks
 * that suite and leaves the others. A suite this run measured never gets here: the steps go through
 * {@link io.loomarena.harness.ranking.SuiteLedger}, which turns its "nothing to do" into a failure.
 */
public final class Skipping {

    private Skipping() {
    }

    /** The step's result, or a skipped scenario when the harness found nothing to do. */
    public static <T> T unlessNothingToDo(Supplier<T> step) {
        try {
            return step.get();
        } catch (NothingToDo e) {
            throw new Skipped(e.getMessage());
        }
    }

    /**
     * The step, or a skipped scenario when it needs a framework module that is not built ({@link ModuleClassPath.NotBuilt}:
     * one line naming the row and the command that builds it), as a database scenario is skipped where PostgreSQL is
     * not installed; a framework that is built and fails to start fails its scenario.
     */
    public static void unlessNotBuilt(Runnable step) {
        try {
            step.run();
        } catch (ModuleClassPath.NotBuilt e) {
            throw new Skipped(e.getMessage());
        }
    }

    /** A skip that reads as its line: no class name, no stack trace. */
    public static final class Skipped extends TestAbortedException {

        public Skipped(String line) {
            super(line);
            setStackTrace(new StackTraceElement[0]);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
