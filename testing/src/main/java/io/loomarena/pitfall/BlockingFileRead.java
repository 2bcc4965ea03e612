package io.loomarena.pitfall;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * Virtual threads blocked in file reads: {@code threads} virtual threads each read one byte from its own named pipe
 * (FIFO), through {@code FileInputStream} or {@code FileChannel} ({@code api=stream|channel}), which blocks until the
 * program writes that byte. A file read cannot unmount a virtual thread (the OS gives no readiness signal for files),
 * so it holds its carrier. JDK 21 compensates: the scheduler adds a carrier for each blocked reader (up to its
 * maxPoolSize), so the platform thread count grows with the blocked readers and every reader gets to block. JDK 25
 * compensates only for direct I/O: the blocked readers hold every carrier and the other readers do not even start
 * until the bytes come. The program waits (bounded) until neither the thread count nor the number of readers that
 * reached their read grows any more, records both, then writes every byte and waits for the readers.
 */
final class BlockingFileRead implements Pitfall {

    private static final int MAX_THREADS = 200;
    private static final long SETTLE_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(20);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final int threads;
    private final boolean channel;

    BlockingFileRead(Map<String, String> settings) {
        threads = PitfallMain.number(settings, "threads", 1, MAX_THREADS);
        String api = PitfallMain.require(settings, "api");
        if (!api.equals("stream") && !api.equals("channel")) {
            throw new IllegalArgumentException("api=" + api + " is not stream or channel");
        }
        channel = api.equals("channel");
    }

    @Override
    public List<String> events() {
        return List.of("jdk.ThreadStart");
    }

    @Override
    public Map<String, Object> run() throws Exception {
        Path folder = Files.createTempDirectory("pitfall-fifo");
        List<Path> fifos = new ArrayList<>();
        List<RandomAccessFile> writers = new ArrayList<>();
        try {
            for (int i = 0; i < threads; i++) {
                fifos.add(mkfifo(folder.resolve("fifo-" + i)));
                // Read-write, so that this open does not wait for a reader and the readers' opens do not wait.
                writers.add(new RandomAccessFile(fifos.get(i).toFile(), "rw"));
            }
            PlatformThreads platform = PlatformThreads.resetPeak();
            int before = platform.now();
            AtomicInteger reading = new AtomicInteger();
            AtomicInteger read = new AtomicInteger();
            List<Thread> readers = new ArrayList<>();
            for (Path fifo : fifos) {
                readers.add(Thread.ofVirtual().name("pitfall-reader-" + fifo.getFileName())
                        .start(() -> readOne(fifo, reading, read)));
            }
            int peakWhileBlocked = settledPeak(platform, reading);
            int readingWhileBlocked = reading.get();
            for (RandomAccessFile writer : writers) {
                writer.write('x');
            }
            for (Thread reader : readers) {
                if (!reader.join(Duration.ofNanos(DEADLINE_NANOS))) {
                    throw new IllegalStateException(reader.getName() + " did not get its byte in time");
                }
            }
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("threads", threads);
            result.put("api", channel ? "channel" : "stream");
            result.put("platformThreadsBefore", before);
            result.put("peakPlatformThreads", peakWhileBlocked);
            result.put("readersBlockedAtOnce", readingWhileBlocked);
            result.put("bytesRead", read.get());
            return result;
        } finally {
            for (RandomAccessFile writer : writers) {
                writer.close();
            }
            for (Path fifo : fifos) {
                Files.deleteIfExists(fifo);
            }
            Files.deleteIfExists(folder);
        }
    }

    /**
     * The peak platform thread count once neither it nor the number of readers in their read has grown for a while;
     * bounded by the deadline.
     */
    private static int settledPeak(PlatformThreads platform, AtomicInteger reading) {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        int peak = platform.peak();
        int readers = reading.get();
        long grewAt = System.nanoTime();
        while (System.nanoTime() - grewAt < SETTLE_NANOS && System.nanoTime() < deadline) {
            LockSupport.parkNanos(POLL_NANOS);
            int peakNow = platform.peak();
            int readersNow = reading.get();
            if (peakNow > peak || readersNow > readers) {
                peak = Math.max(peak, peakNow);
                readers = readersNow;
                grewAt = System.nanoTime();
            }
        }
        return peak;
    }

    private void readOne(Path fifo, AtomicInteger reading, AtomicInteger read) {
        try {
            if (channel) {
                try (FileChannel file = FileChannel.open(fifo, StandardOpenOption.READ)) {
                    reading.incrementAndGet();
                    if (file.read(ByteBuffer.allocate(1)) == 1) {
                        read.incrementAndGet();
                    }
                }
            } else {
                try (InputStream file = new FileInputStream(fifo.toFile())) {
                    reading.incrementAndGet();
                    if (file.read() >= 0) {
                        read.incrementAndGet();
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("reading " + fifo + ": " + e.getMessage(), e);
        }
    }

    private static Path mkfifo(Path path) throws IOException, InterruptedException {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        if (!mkfifo.waitFor(10, TimeUnit.SECONDS) || mkfifo.exitValue() != 0) {
            mkfifo.destroyForcibly();
            throw new IOException("mkfifo " + path + " failed (a named pipe is needed: Linux or macOS)");
        }
        return path;
    }
}
