package io.loomarena.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramLogTest {

    private static final Instant T0 = Instant.parse("2026-11-24T07:00:00.250Z");

    /** Iteration n (counting warmups) records n * 10 latencies of n * 100 us, started n seconds after T0. */
    private static RunResult iteration(int n) {
        Histogram histogram = LatencyHistograms.newHistogram();
        for (int i = 0; i < n * 10; i++) {
            histogram.recordValue(n * 100L + i);
        }
        return new RunResult("echo-client", "virtual", Map.of("clients", 1), 1, T0.plusSeconds(n).toString(),
                500_000_000L, n * 10L, 0, Map.of(), LatencyStats.of(histogram), LatencyHistograms.encode(histogram));
    }

    @Test
    void eachMeasuredIterationIsOneTaggedIntervalWithTheRunResultsCounts(@TempDir Path dir) {
        Path file = dir.resolve("logs/client.hlog");
        AtomicInteger calls = new AtomicInteger();
        RunResult result;
        try (HistogramLog log = HistogramLog.open(file)) {
            result = IterationLoop.run(new IterationLoop.Plan(2, 3), log.around(IterationLoop.IterationPacer.NONE),
                    start -> {
                        start.run();
                        return iteration(calls.incrementAndGet());
                    });
        }

        Map<Integer, Histogram> read = HistogramLog.read(file);
        assertThat(read).containsOnlyKeys(1, 2, 3); // the two warmups are not logged
        for (RunResult.Iteration iteration : result.iterations()) {
            Histogram logged = read.get(iteration.index());
            Histogram inResult = LatencyHistograms.decode(iteration.histogram());
            assertThat(logged.getTotalCount()).isEqualTo(inResult.getTotalCount()).isEqualTo(iteration.operations());
            assertThat(logged).isEqualTo(inResult);
            assertThat(logged.getTag()).isEqualTo("iteration-" + iteration.index());
            long startMillis = Instant.parse(iteration.startedAt()).toEpochMilli();
            assertThat(logged.getStartTimeStamp()).isEqualTo(startMillis);
            assertThat(logged.getEndTimeStamp()).isEqualTo(startMillis + 500);
        }
        assertThat(read.get(1).getTotalCount()).isEqualTo(30); // the third call: after two warmups
    }

    @Test
    void eachIterationIsOnDiskBeforeTheLogCloses(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("open.hlog");
        try (HistogramLog log = HistogramLog.open(file)) {
            log.write(1, iteration(1));
            assertThat(HistogramLog.read(file)).containsOnlyKeys(1);
            log.write(2, iteration(2));
            assertThat(HistogramLog.read(file).get(2).getTotalCount()).isEqualTo(20);
        }
        assertThat(Files.readString(file)).contains("#[StartTime: ", "#[BaseTime: ", "Tag=iteration-1,",
                "Tag=iteration-2,");
    }

    @Test
    void anIterationWithoutAHistogramIsLoggedEmpty(@TempDir Path dir) {
        Path file = dir.resolve("empty.hlog");
        RunResult nothing = new RunResult("http-load", "virtual", Map.of(), 1, T0.toString(), 0, 0, 0,
                Map.of("client-failure", 1L), LatencyStats.of(LatencyHistograms.newHistogram()), "");
        try (HistogramLog log = HistogramLog.open(file)) {
            log.write(1, nothing);
        }
        assertThat(HistogramLog.read(file).get(1).getTotalCount()).isZero();
    }

    @Test
    void withoutAFileNothingIsWrittenAndThePacerIsUnchanged() {
        try (HistogramLog log = HistogramLog.open(null)) {
            assertThat(log.around(IterationLoop.IterationPacer.NONE)).isSameAs(IterationLoop.IterationPacer.NONE);
            log.write(1, iteration(1));
        }
    }

    @Test
    void aFileThatCannotBeWrittenOrReadIsNamed(@TempDir Path dir) throws IOException {
        Path folder = Files.createDirectory(dir.resolve("a-folder"));
        assertThatThrownBy(() -> HistogramLog.open(folder)).isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("cannot write histogram log " + folder);
        Path missing = dir.resolve("missing.hlog");
        assertThatThrownBy(() -> HistogramLog.read(missing)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read histogram log " + missing + ": no such file");
        // HdrHistogram's reader skips lines it cannot parse: plain text is a log without iterations.
        Path text = Files.writeString(dir.resolve("text.hlog"), "hello\nworld\n");
        assertThat(HistogramLog.read(text)).isEmpty();
    }
}
