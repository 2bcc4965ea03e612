package io.loomarena.measure;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * The {@code --histogram-log FILE} of both load clients: an HdrHistogram interval log ({@link HistogramLogWriter}) with
 * one interval histogram per measured iteration, tagged {@code iteration-N} (N as in {@link RunResult.Iteration#index()}),
 * spanning that iteration's timed work, values in microseconds as in the run result's histograms; warmups are not
 * logged. The harness merges the logs of clients on several hosts iteration by iteration, and standard HdrHistogram
 * tools read them. Each iteration is written and flushed as soon as it ends, so that a client stopped later (its
 * harness gone) leaves every finished iteration on disk. One writer thread; {@link #close()} once.
 * <pre>
 * try (HistogramLog log = HistogramLog.open(file)) {
 *     IterationLoop.run(plan, log.around(pacer), body);
 * }
 * </pre>
 */
public final class HistogramLog implements AutoCloseable {

    /** Tags are {@code iteration-1}, {@code iteration-2}, ... */
    public static final String TAG_PREFIX = "iteration-";
    /** The log's max-value column in milliseconds, as HdrHistogram tools expect, from our microseconds. */
    private static final double MICROS_PER_MILLI = 1_000.0;

    private final Path file;
    private final PrintStream stream;
    private final HistogramLogWriter writer;
    private final long baseMillis;

    private HistogramLog(Path file, PrintStream stream, long baseMillis) {
        this.file = file;
        this.stream = stream;
        this.writer = stream == null ? null : new HistogramLogWriter(stream);
        this.baseMillis = baseMillis;
    }

    /**
     * Creates {@code file} (and its folder) and writes the log's header; a null {@code file} gives a log that writes
     * nothing, for a client run without {@code --histogram-log}.
     *
     * @throws UncheckedIOException {@code cannot write histogram log FILE: why}
     */
    public static HistogramLog open(Path file) {
        if (file == null) {
            return new HistogramLog(null, null, 0);
        }
        PrintStream stream;
        try {
            ParentFolder.create(file);
            stream = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.US_ASCII);
        } catch (IOException | IllegalArgumentException e) {
            throw new UncheckedIOException(new IOException(cannotWrite(file) + ": " + e.getMessage(), e));
        }
        long now = System.currentTimeMillis();
        HistogramLog log = new HistogramLog(file, stream, now);
        log.writer.outputLogFormatVersion();
        log.writer.outputStartTime(now);
        // Interval timestamps are written relative to this base (seconds since the log began), as HdrHistogram does.
        log.writer.setBaseTime(now);
        log.writer.outputBaseTime(now);
        log.writer.outputLegend();
        log.flush();
        return log;
    }

    /** {@code pacer}, plus a line in this log after each measured iteration (before {@code pacer} hears of it). */
    public IterationLoop.IterationPacer around(IterationLoop.IterationPacer pacer) {
        if (writer == null) {
            return pacer;
        }
        return new IterationLoop.IterationPacer() {
            @Override
            public void ready(IterationLoop.Step step) {
                pacer.ready(step);
            }

            @Override
            public void done(IterationLoop.Step step, RunResult result) {
                if (!step.warmup()) {
                    write(step.index(), result);
                }
                pacer.done(step, result);
            }
        };
    }

    /**
     * Writes measured iteration {@code index} (1-based): {@code result}'s histogram over the span from its
     * {@link RunResult#startedAt()} for {@link RunResult#elapsedNanos()}, an empty histogram when it has none.
     */
    public void write(int index, RunResult result) {
        if (writer == null) {
            return;
        }
        Histogram histogram = result.histogram() == null || result.histogram().isEmpty()
                ? LatencyHistograms.newHistogram() : LatencyHistograms.decode(result.histogram());
        histogram.setTag(TAG_PREFIX + index);
        Instant started = Instant.parse(result.startedAt());
        double startSec = (started.getEpochSecond() * 1_000.0 - baseMillis) / 1_000.0 + started.getNano() / 1e9;
        double endSec = startSec + result.elapsedNanos() / 1e9;
        writer.outputIntervalHistogram(startSec, endSec, histogram, MICROS_PER_MILLI);
        flush();
    }

    private void flush() {
        stream.flush();
        if (stream.checkError()) {
            throw new UncheckedIOException(new IOException(cannotWrite(file) + ": the write failed"));
        }
    }

    @Override
    public void close() {
        if (writer != null) {
            writer.close();
        }
    }

    /**
     * The interval histograms of a log {@link #open} wrote, by iteration index, with their start and end time stamps
     * (milliseconds since the epoch) and tags. Only tags {@code iteration-N} count; other intervals are skipped.
     *
     * @throws IllegalArgumentException {@code cannot read histogram log FILE: why} when the file is missing, is not an
     *                                  interval log, or one of its histograms is not an integer histogram
     */
    public static Map<Integer, Histogram> read(Path file) {
        List<EncodableHistogram> intervals = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file); HistogramLogReader reader = new HistogramLogReader(in)) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                intervals.add(next);
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(cannotRead(file) + ": no such file", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(cannotRead(file) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // HdrHistogram's reader fails with assorted runtime exceptions on text that is not a log.
            throw new IllegalArgumentException(cannotRead(file) + ": not an HdrHistogram interval log (" + e + ")", e);
        }
        Map<Integer, Histogram> byIndex = new TreeMap<>();
        for (EncodableHistogram interval : intervals) {
            String tag = interval.getTag();
            if (tag == null || !tag.startsWith(TAG_PREFIX)) {
                continue;
            }
            if (!(interval instanceof Histogram histogram)) {
                throw new IllegalArgumentException(cannotRead(file) + ": " + tag + " is not an integer histogram");
            }
            int index;
            try {
                index = Integer.parseInt(tag.substring(TAG_PREFIX.length()));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(cannotRead(file) + ": bad tag " + tag, e);
            }
            if (byIndex.put(index, histogram) != null) {
                throw new IllegalArgumentException(cannotRead(file) + ": " + tag + " appears twice");
            }
        }
        return byIndex;
    }

    private static String cannotWrite(Path file) {
        return "cannot write histogram log " + file;
    }

    private static String cannotRead(Path file) {
        return "cannot read histogram log " + file;
    }
}
