package io.loomarena.measure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * JMH's shape inside one load-client JVM: {@code warmupIterations} iterations whose figures are discarded, then
 * {@code iterations} measured ones, each the same fixed amount of work against the same server, so that the measured
 * iterations run warm code (JIT-compiled client and server). Every iteration goes through an {@link IterationPacer}
 * just before its timed work starts and just after it ends; the harness uses the paced form to read the server's CPU
 * and GC figures over exactly the measured iterations. Stateless; runs on the calling thread.
 * <pre>
 * RunResult result = IterationLoop.run(new IterationLoop.Plan(2, 3), pacer, start -&gt; client.run(start));
 * </pre>
 */
public final class IterationLoop {

    /**
     * How many iterations one client JVM runs. Immutable.
     *
     * @param warmupIterations iterations run first and not measured, {@code >= 0}
     * @param iterations       measured iterations, {@code >= 1}
     */
    public record Plan(int warmupIterations, int iterations) {

        /** The most iterations of either kind: enough for any benchmark, small enough to bound a run. */
        public static final int MAX = 1_000;

        public Plan {
            if (warmupIterations < 0 || warmupIterations > MAX || iterations < 1 || iterations > MAX) {
                throw new IllegalArgumentException("warmup iterations must be 0.." + MAX + " and iterations 1.." + MAX
                        + ", got " + warmupIterations + " and " + iterations);
            }
        }

        /** One measured iteration and no warmup: a plain run. */
        public static Plan single() {
            return new Plan(0, 1);
        }
    }

    /** Which iteration is running, for messages and the pacing protocol: {@code warmup 1/2}, {@code iteration 3/5}. */
    public record Step(boolean warmup, int index, int count) {

        @Override
        public String toString() {
            return (warmup ? "warmup " : "iteration ") + index + "/" + count;
        }
    }

    /**
     * One iteration's work: it prepares (connects), calls {@code start.run()} right before its timed work, and
     * returns what the timed work measured as a single-iteration result.
     */
    @FunctionalInterface
    public interface Body {
        RunResult run(Runnable start);
    }

    /**
     * What happens around the timed work of each iteration. {@link #NONE} runs the iterations back to back;
     * {@link #onStdio} lets the process that started this client (the harness) act before and after each one.
     */
    public interface IterationPacer {

        /** Called right before the timed work of {@code step}; returns when it may start. */
        void ready(Step step);

        /** Called right after the timed work of {@code step} ended, with what it measured. */
        void done(Step step, RunResult result);

        IterationPacer NONE = new IterationPacer() {
            @Override
            public void ready(Step step) {
            }

            @Override
            public void done(Step step, RunResult result) {
            }
        };

        /**
         * The harness's protocol ({@link IterationProtocol}), one line each way: before each iteration the client
         * prints {@code [ITERATION] ready warmup 1/2} (or {@code iteration 1/3}) and waits for a line {@code go} on
         * {@code in}; after it, the client prints {@code [ITERATION] done iteration 1/3 elapsedNanos=N operations=N
         * errors=N}. Anything but {@code go}, or the end of {@code in}, stops the client (the harness is gone).
         * With {@link StdinLifeline#PROPERTY} set, one thread reads {@code in} from now on, and its end stops this JVM
         * at once, also in the middle of an iteration ({@link StdinLifeline}).
         */
        static IterationPacer onStdio(BufferedReader in, PrintStream out) {
            return stdioPacer(StdinLifeline.enabled() ? StdinLifeline.watch(in, StdinLifeline::stopClient)
                    : in::readLine, out);
        }
    }

    private IterationLoop() {
    }

    /** {@link IterationPacer#onStdio} reading its {@code go} lines from {@code in}. */
    static IterationPacer stdioPacer(StdinLifeline.Lines in, PrintStream out) {
        return new IterationPacer() {
            @Override
            public void ready(Step step) {
                out.println(new IterationProtocol.Ready(step).format());
                out.flush();
                String line;
                try {
                    line = in.next();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read 'go' for " + step + " from stdin", e);
                }
                if (!IterationProtocol.GO.equals(line == null ? null : line.strip())) {
                    throw new IllegalStateException("expected 'go' on stdin before " + step + ", got "
                            + (line == null ? "the end of stdin" : "'" + line + "'"));
                }
            }

            @Override
            public void done(Step step, RunResult result) {
                out.println(IterationProtocol.Done.of(step, result).format());
                out.flush();
            }
        };
    }

    /**
     * Runs the warmups, then the measured iterations, and returns the measured ones together
     * ({@link RunResult#ofIterations}). Stops after the first iteration, warmup or measured, that had errors: its
     * figures are then returned (a failed warmup as the only iteration, numbered 0), so that the errors are reported,
     * not hidden.
     */
    public static RunResult run(Plan plan, IterationPacer pacer, Body body) {
        return run(plan, pacer, body, false);
    }

    /**
     * Like {@link #run(Plan, IterationPacer, Body)}; with {@code tolerateErrors} (a workload that counts failed
     * operations rather than failing on them) every iteration runs whatever errors the earlier ones had.
     */
    public static RunResult run(Plan plan, IterationPacer pacer, Body body, boolean tolerateErrors) {
        for (int i = 1; i <= plan.warmupIterations(); i++) {
            RunResult warmup = once(new Step(true, i, plan.warmupIterations()), pacer, body);
            if (warmup.totalErrors() > 0 && !tolerateErrors) {
                return RunResult.ofIterations(List.of(warmup)).asFailedWarmup();
            }
        }
        List<RunResult> measured = new ArrayList<>();
        for (int i = 1; i <= plan.iterations(); i++) {
            RunResult result = once(new Step(false, i, plan.iterations()), pacer, body);
            measured.add(result);
            if (result.totalErrors() > 0 && !tolerateErrors) {
                break;
            }
        }
        return RunResult.ofIterations(measured);
    }

    /**
     * One iteration, with the client process's CPU load ({@link RunResult.Iteration#clientCpuLoad}) from the moment its
     * timed work may start (after {@link IterationPacer#ready}) to the moment the body returned, unless the body
     * measured it itself: whether the client was the bottleneck.
     */
    private static RunResult once(Step step, IterationPacer pacer, Body body) {
        long[] atStart = {-1, 0};
        RunResult result = body.run(() -> {
            pacer.ready(step);
            atStart[0] = ProcessCpu.nanos();
            atStart[1] = System.nanoTime();
        });
        long wall = System.nanoTime() - atStart[1];
        long cpuAtEnd = ProcessCpu.nanos();
        if (atStart[0] >= 0 && cpuAtEnd >= atStart[0] && wall > 0 && result.iterations().size() == 1
                && result.iterations().get(0).clientCpuLoad() == null) {
            result = result.withClientCpuLoad((cpuAtEnd - atStart[0]) / ((double) wall * ProcessCpu.cpus()));
        }
        pacer.done(step, result);
        return result;
    }
}
