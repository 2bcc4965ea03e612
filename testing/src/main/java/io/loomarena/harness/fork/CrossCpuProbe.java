package io.loomarena.harness.fork;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import io.loomarena.harness.HarnessJvm;
import io.loomarena.harness.JvmLaunch;

/**
 * How far apart the server's CPU and the client's CPU are right now: the round trip of one cache line between a
 * process pinned to the server's CPU and one pinned to the client's, in nanoseconds. Taken between measured
 * iterations (never during one), it labels each iteration with the placement it was measured in.
 * <p>
 * Why: on a virtual machine the host decides where the guest's two CPUs run, and moves them. On the 2-CPU machines of
 * this project the round trip reads about 50-80 ns for minutes and then about 340 ns for tens of seconds, and back
 * (the host put the two vCPUs on cores that share a cache, then on cores that do not). Loopback TCP crosses between
 * the two CPUs on every message, so in the far placement the kernel spends about 2 µs more per message in the server
 * and in the client alike, and throughput drops by about 20%, whatever the model: the difference between "fast" and
 * "slow" forks that docs/methodology.md ("Why forks differ") traces to it. A probe that reads it lets the A/B gate
 * compare like with like ({@code io.loomarena.harness.gate.Placements}).
 * <p>
 * The probe is a pair of small JVMs (16 MiB heap, the serial collector, C1 only, no perf-data sampling) started with
 * the harness's own class path, so a baseline build's jars need not contain it; each runs {@link CrossCpuProbeChild},
 * whose Javadoc gives the protocol. The pair starts with the first {@link #measure()} and stays: between readings both
 * JVMs block on reading their stdin and take no CPU, so that a reading costs tens of milliseconds instead of two JVM
 * starts. For reading {@code N} the harness sends {@code probe N} to both and waits for the leader's
 * {@code cross-cpu-round-trip-ns N NANOS}. Every wait of the harness is bounded, as is every spin of the pair: a
 * reading that fails or is late gives no reading (empty), never a guess, and ends the pair; the next reading starts a
 * fresh one. Closing the probe ends the pair; a harness that dies without closing it ends its input, and the JVMs then
 * exit on their own. A new pair's first reading is taken and thrown away: it sometimes reads up to twice what the
 * next ones do. Used by one thread at a time.
 */
public final class CrossCpuProbe implements AutoCloseable {

    /** The limit of a later reading, whose JVMs are already running. */
    static final Duration READING_LIMIT = Duration.ofSeconds(2);
    private static final List<String> JVM_FLAGS = List.of("-Xms16m", "-Xmx16m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData");
    /** How long closing waits for the pair's JVMs to exit on end of input before it kills them. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(1);

    private final JvmFork fork;
    /** The running pair, or null before the first reading and after a failed one. */
    private Pair pair;

    private CrossCpuProbe(JvmFork fork) {
        this.fork = fork;
    }

    /**
     * A probe between the CPUs of {@code pinning}, run with {@code harness}'s binary and class path; empty when the
     * server and client are not pinned to two CPUs of this machine (then there is no one placement to read). Nothing
     * starts before the first {@link #measure()}.
     */
    public static Optional<CrossCpuProbe> of(CpuPinning pinning, HarnessJvm harness, Launcher launcher) {
        if (!pinning.applied() || launcher.remote()) {
            return Optional.empty();
        }
        return Optional.of(new CrossCpuProbe(new JvmFork(harness.javaBinary(), harness.classPath(), JVM_FLAGS,
                pinning)));
    }

    /**
     * The round trip in nanoseconds now, or empty when the reading failed or ran late (then the pair is ended, and the
     * next reading starts a fresh one).
     */
    public OptionalDouble measure() {
        boolean fresh = pair == null;
        OptionalDouble nanos = OptionalDouble.empty();
        try {
            if (fresh) {
                pair = Pair.start(fork);
                // A new pair's first reading sometimes reads up to twice the next ones (80-128 ns against 51-70,
                // whatever its warmup): it is thrown away, so that it cannot pass for the other placement.
                if (pair.read(CrossCpuProbeChild.LIMIT).isEmpty()) {
                    end(Duration.ZERO);
                    return OptionalDouble.empty();
                }
            }
            nanos = pair.read(READING_LIMIT);
        } catch (RuntimeException | IOException e) {
            // A pair that cannot start (no /tmp space, a JVM that would not run) or whose stdin broke labels nothing;
            // the run goes on.
        }
        if (nanos.isEmpty()) {
            end(Duration.ZERO); // a pair that failed once is not trusted with the next reading
        }
        return nanos;
    }

    /** Ends the pair's JVMs, if they run, and deletes their shared file; the next {@link #measure()} starts afresh. */
    @Override
    public void close() {
        end(CLOSE_GRACE);
    }

    private void end(Duration grace) {
        if (pair != null) {
            pair.end(grace);
            pair = null;
        }
    }

    /** The two running JVMs, the file they share, and the leader's reading lines as they come. */
    private static final class Pair {

        /** Put in the queue when either JVM exits, so that a wait for a reading ends at once. */
        private static final String EXITED = "exited";

        private final Path file;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private ChildProcess answerer;
        private ChildProcess leader;
        private long readings;

        private Pair(Path file) {
            this.file = file;
        }

        static Pair start(JvmFork fork) throws IOException {
            Pair pair = new Pair(sharedFile());
            try {
                String child = CrossCpuProbeChild.class.getName();
                pair.answerer = fork.start("cross-CPU probe (answerer)", JvmLaunch.of(child, "answer",
                        pair.file.toString()), CpuPinning.Role.CLIENT, line -> { });
                pair.leader = fork.start("cross-CPU probe (leader)", JvmLaunch.of(child, "lead",
                        pair.file.toString()), CpuPinning.Role.SERVER, line -> {
                            if (line.startsWith(CrossCpuProbeChild.READING)) {
                                pair.lines.add(line.substring(CrossCpuProbeChild.READING.length()));
                            }
                        });
                pair.answerer.onExit().thenRun(() -> pair.lines.add(EXITED));
                pair.leader.onExit().thenRun(() -> pair.lines.add(EXITED));
                return pair;
            } catch (RuntimeException e) {
                pair.end(Duration.ZERO);
                throw e;
            }
        }

        /** The next reading, waited for at most {@code limit}; empty when a JVM exited, was late or printed nonsense. */
        OptionalDouble read(Duration limit) {
            long deadline = System.nanoTime() + limit.toNanos();
            long n = ++readings;
            answerer.sendLine(CrossCpuProbeChild.PROBE + n);
            leader.sendLine(CrossCpuProbeChild.PROBE + n);
            String line;
            try {
                line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return OptionalDouble.empty();
            }
            String[] words = line == null ? new String[0] : line.strip().split(" ");
            if (words.length != 2 || !words[0].equals(Long.toString(n))) {
                return OptionalDouble.empty();
            }
            try {
                double nanos = Double.parseDouble(words[1]);
                return nanos > 0 && Double.isFinite(nanos) ? OptionalDouble.of(nanos) : OptionalDouble.empty();
            } catch (NumberFormatException e) {
                return OptionalDouble.empty();
            }
        }

        /**
         * Ends both JVMs, their end of input first and a kill for those not gone within {@code grace}, and deletes the
         * shared file.
         */
        void end(Duration grace) {
            for (ChildProcess child : new ChildProcess[] {answerer, leader}) {
                if (child != null) {
                    child.closeStdin();
                }
            }
            for (ChildProcess child : new ChildProcess[] {answerer, leader}) {
                if (child != null) {
                    child.awaitExit(grace); // ChildProcess.close kills what is still running
                    child.close();
                }
            }
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a 256-byte file left in /dev/shm or /tmp: harmless, and the readings are still right
            }
        }
    }

    private static Path sharedFile() throws IOException {
        Path shm = Path.of("/dev/shm");
        // Memory-backed where Linux offers it, so the mapped page is never written back to a disk; else the JDK's
        // temporary folder.
        Path file = Files.isDirectory(shm) && Files.isWritable(shm)
                ? Files.createTempFile(shm, "loomarena-cross-cpu-", ".bin")
                : Files.createTempFile("loomarena-cross-cpu-", ".bin");
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(CrossCpuProbeChild.FILE_BYTES);
        }
        return file;
    }
}
