package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The in-process part of the lifeline: who sees the end of stdin, and when. The exits are in StdinLifelineProcessTest. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class StdinLifelineTest {

    @Test
    void theEndOfStdinIsSeenWhileAnIterationRuns() throws Exception {
        PipedWriter harness = new PipedWriter();
        BufferedReader stdin = new BufferedReader(new PipedReader(harness));
        CountDownLatch ended = new CountDownLatch(1);
        CountDownLatch timedWorkStarted = new CountDownLatch(1);
        CountDownLatch iterationMayEnd = new CountDownLatch(1);
        IterationLoop.IterationPacer pacer = IterationLoop.stdioPacer(StdinLifeline.watch(stdin, ended::countDown),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        AtomicReference<RunResult> result = new AtomicReference<>();
        Thread client = Thread.ofPlatform().start(() -> result.set(IterationLoop.run(IterationLoop.Plan.single(), pacer,
                start -> {
                    start.run();
                    timedWorkStarted.countDown();
                    await(iterationMayEnd);
                    return RunResult.ofIterations(java.util.List.of(emptyIteration()));
                })));
        harness.write("go\n");
        harness.flush();
        assertThat(timedWorkStarted.await(10, TimeUnit.SECONDS)).isTrue();

        harness.close(); // the harness is gone while the iteration runs

        assertThat(ended.await(10, TimeUnit.SECONDS)).as("the end of stdin seen during the iteration").isTrue();
        assertThat(client.isAlive()).isTrue();
        iterationMayEnd.countDown();
        client.join(10_000);
        assertThat(result.get().operations()).isZero();
    }

    @Test
    void linesReadByTheLifelineReachThePacerInOrderThenTheEnd() throws IOException {
        CountDownLatch ended = new CountDownLatch(1);
        StdinLifeline.Lines lines = StdinLifeline.watch(new BufferedReader(new StringReader("go\nstop\n")),
                ended::countDown);

        assertThat(lines.next()).isEqualTo("go");
        assertThat(lines.next()).isEqualTo("stop");
        assertThat(lines.next()).isNull();
        assertThat(ended.getCount()).isZero();
    }

    @Test
    void aServerAnswersUntilStdinEndsThenStops() throws InterruptedException {
        CountDownLatch stopped = new CountDownLatch(1);
        ByteArrayOutputStream answers = new ByteArrayOutputStream();
        StatsOnStdin.start(Map::of, new BufferedReader(new StringReader("reset-peaks\n")),
                new PrintStream(answers, true, StandardCharsets.UTF_8), stopped::countDown);

        assertThat(stopped.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(answers.toString(StandardCharsets.UTF_8)).isEqualTo("reset-peaks ok" + System.lineSeparator());
    }

    @Test
    void offUnlessTheProperty() {
        assertThat(StdinLifeline.PROPERTY).isEqualTo("loomarena.stdinLifeline");
        assertThat(StdinLifeline.enabled()).isEqualTo(Boolean.getBoolean("loomarena.stdinLifeline")).isFalse();
    }

    private static RunResult emptyIteration() {
        return new RunResult("echo-client", "virtual", Map.of(), 1, "2026-11-24T00:00:00Z", 1, 0, 0, Map.of(),
                LatencyStats.of(LatencyHistograms.newHistogram()), "");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
