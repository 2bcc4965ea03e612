package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IterationLoopTest {

    private static RunResult iteration(long elapsedNanos, long operations, long errors, long latencyMicros) {
        Histogram histogram = LatencyHistograms.newHistogram();
        for (int i = 0; i < operations; i++) {
            histogram.recordValue(latencyMicros);
        }
        return new RunResult("echo-client", "virtual", Map.of("clients", 2), 7, "2026-11-24T00:00:00Z", elapsedNanos,
                operations, RunResult.throughput(operations, elapsedNanos), Map.of("timeout", errors),
                LatencyStats.of(histogram), LatencyHistograms.encode(histogram));
    }

    @Test
    void warmupsRunFirstAndOnlyMeasuredIterationsAreKept() {
        List<String> events = new ArrayList<>();
        long[] elapsed = {100, 200, 1_000, 3_000};
        int[] call = {0};
        IterationLoop.IterationPacer pacer = new IterationLoop.IterationPacer() {
            @Override
            public void ready(IterationLoop.Step step) {
                events.add("ready " + step);
            }

            @Override
            public void done(IterationLoop.Step step, RunResult result) {
                events.add("done " + step + " " + result.elapsedNanos());
            }
        };

        RunResult result = IterationLoop.run(new IterationLoop.Plan(2, 2), pacer, start -> {
            events.add("connect");
            start.run();
            return iteration(elapsed[call[0]++], 10, 0, 5);
        });

        assertThat(events).containsExactly("connect", "ready warmup 1/2", "done warmup 1/2 100",
                "connect", "ready warmup 2/2", "done warmup 2/2 200",
                "connect", "ready iteration 1/2", "done iteration 1/2 1000",
                "connect", "ready iteration 2/2", "done iteration 2/2 3000");
        assertThat(result.iterations()).extracting(RunResult.Iteration::elapsedNanos).containsExactly(1_000L, 3_000L);
        assertThat(result.iterations()).extracting(RunResult.Iteration::index).containsExactly(1, 2);
        assertThat(result.elapsedNanos()).isEqualTo(4_000);
        assertThat(result.operations()).isEqualTo(20);
        assertThat(result.latency().count()).isEqualTo(20);
    }

    @Test
    void anIterationWithErrorsEndsTheRunAndIsReported() {
        int[] calls = {0};
        RunResult result = IterationLoop.run(new IterationLoop.Plan(1, 5), IterationLoop.IterationPacer.NONE,
                start -> {
                    start.run();
                    calls[0]++;
                    return iteration(1_000, 10, calls[0] == 2 ? 3 : 0, 5);
                });

        assertThat(calls[0]).isEqualTo(2);
        assertThat(result.iterations()).hasSize(1);
        assertThat(result.errors()).containsEntry("timeout", 3L);
    }

    @Test
    void aWarmupWithErrorsIsReportedAsSuchAndNothingIsMeasured() {
        RunResult result = IterationLoop.run(new IterationLoop.Plan(2, 3), IterationLoop.IterationPacer.NONE,
                start -> {
                    start.run();
                    return iteration(1_000, 10, 1, 5);
                });

        assertThat(result.iterations()).extracting(RunResult.Iteration::index).containsExactly(0);
        assertThat(result.totalErrors()).isEqualTo(1);
    }

    @Test
    void toleratedErrorsDoNotStopTheIterations() {
        int[] calls = {0};
        RunResult result = IterationLoop.run(new IterationLoop.Plan(1, 3), IterationLoop.IterationPacer.NONE,
                start -> {
                    start.run();
                    calls[0]++;
                    return iteration(1_000, 10, 2, 5);
                }, true);

        assertThat(calls[0]).isEqualTo(4);
        assertThat(result.iterations()).extracting(RunResult.Iteration::index).containsExactly(1, 2, 3);
        assertThat(result.errors()).containsEntry("timeout", 6L);
    }

    @Test
    void theStdioPacerWaitsForGoAndReportsEachIteration() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        IterationLoop.IterationPacer pacer = IterationLoop.IterationPacer.onStdio(
                new BufferedReader(new StringReader("go\ngo\n")), out);

        IterationLoop.run(new IterationLoop.Plan(1, 1), pacer, start -> {
            start.run();
            return iteration(1_500, 4, 0, 5);
        });

        assertThat(bytes.toString(StandardCharsets.UTF_8).lines().toList()).containsExactly(
                "[ITERATION] ready warmup 1/1",
                "[ITERATION] done warmup 1/1 elapsedNanos=1500 operations=4 errors=0",
                "[ITERATION] ready iteration 1/1",
                "[ITERATION] done iteration 1/1 elapsedNanos=1500 operations=4 errors=0");
    }

    @Test
    void theStdioPacerStopsWhenTheHarnessIsGone() {
        IterationLoop.IterationPacer pacer = IterationLoop.IterationPacer.onStdio(
                new BufferedReader(new StringReader("")), new PrintStream(new ByteArrayOutputStream()));

        assertThatThrownBy(() -> IterationLoop.run(IterationLoop.Plan.single(), pacer, start -> {
            start.run();
            return iteration(1, 1, 0, 1);
        })).hasMessageContaining("expected 'go' on stdin before iteration 1/1, got the end of stdin");
    }

    @Test
    void badPlansAreRefusedWithTheirValues() {
        assertThatThrownBy(() -> new IterationLoop.Plan(-1, 3)).hasMessageContaining("got -1 and 3");
        assertThatThrownBy(() -> new IterationLoop.Plan(0, 0)).hasMessageContaining("iterations 1..1000");
    }

    @Test
    void iterationsSurviveTheJsonRoundTrip(@TempDir Path dir) {
        RunResult result = RunResult.ofIterations(List.of(iteration(1_000, 3, 0, 4), iteration(2_000, 3, 0, 8)));
        result.writeJson(dir.resolve("run.json"));

        RunResult read = RunResult.readJson(dir.resolve("run.json"));

        assertThat(read).isEqualTo(result);
        assertThat(read.iterations()).hasSize(2);
        assertThat(read.throughput()).isEqualTo(2e6);
    }

    @Test
    void eachIterationRecordsTheClientCpuLoadOfItsTimedWork(@TempDir Path dir) {
        int cpus = ProcessCpu.cpus();
        java.util.List<Long> walls = new java.util.ArrayList<>();
        RunResult result = IterationLoop.run(new IterationLoop.Plan(1, 2), IterationLoop.IterationPacer.NONE,
                start -> {
                    long begin = System.nanoTime();
                    start.run();
                    busy(100_000_000L); // 100 ms of this thread's CPU inside the window
                    walls.add(System.nanoTime() - begin);
                    return iteration(30_000_000L, 3, 0, 4);
                });

        // The window's wall time is what the body took (on a busy machine far more than 100 ms): the load is at least
        // 100 ms of CPU over that wall time (a little more, for the loop's own bookkeeping) and the CPUs, at most 1.
        // Less 20 ms: the process CPU time may be counted in 10 ms clock ticks (a 30 ms spin read as 0.325 of the
        // 0.379 it was worth in a fresh-clone run).
        assertThat(result.iterations()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            double floor = 80_000_000L / ((walls.get(i + 1) + 5_000_000L) * (double) cpus);
            assertThat(result.iterations().get(i).clientCpuLoad()).as("iteration %d", i + 1)
                    .isBetween(floor, 1.0 + 1e-9);
        }
        result.writeJson(dir.resolve("run.json"));
        assertThat(RunResult.readJson(dir.resolve("run.json"))).isEqualTo(result);
    }

    @Test
    void aLoadTheClientMeasuredItselfIsKept() {
        RunResult result = IterationLoop.run(new IterationLoop.Plan(0, 1), IterationLoop.IterationPacer.NONE,
                start -> {
                    start.run();
                    return iteration(1_000, 3, 0, 4).withClientCpuLoad(0.25);
                });

        assertThat(result.iterations().get(0).clientCpuLoad()).isEqualTo(0.25);
    }

    /** Spins on this thread until it used {@code nanos} of CPU time. */
    private static void busy(long nanos) {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + nanos;
        long sink = 0;
        while (threads.getCurrentThreadCpuTime() < end) {
            sink += System.nanoTime() % 7;
        }
        assertThat(sink).isGreaterThanOrEqualTo(0);
    }
}
