package io.loomarena.harness.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 * the harness's own class path, so a baseline build's jars need not contain it. The pair starts with the first
 * {@link #measure()} and stays: between readings both JVMs block on reading their stdin and take no CPU, so that a
 * reading costs tens of milliseconds instead of two JVM starts. They share one mapped file. For reading {@code N} the
 * harness sends {@code probe N} to both; the answerer, on the client's CPU, announces {@code N} and answers every
 * positive odd ball with the next number until it sees {@code -N}, the stop of reading {@code N} alone (what the last
 * reading left behind cannot stop this one). The leader, on the server's CPU, waits for the answerer's {@code N},
 * throws the ball for {@link #WARMUP} on the pair's first reading (so both loops are compiled) and {@link #REWARM}
 * after it, times {@link #BURSTS} bursts of {@link #ROUND_TRIPS} round trips, writes the stop and prints
 * {@code cross-cpu-round-trip-ns N NANOS}, the fastest burst's nanoseconds per round trip. Every spin is bounded by a
 * deadline, and so is every wait of the harness: a reading that fails or is late gives no reading (empty), never a
 * guess, and ends the pair; the next reading starts a fresh one. Closing the probe ends the pair; a harness that dies
 * without closing it ends its input, and the JVMs then exit on their own. A new pair's first reading is taken and
 * thrown away: it sometimes reads up to twice what the next ones do. Used by one thread at a time.
 */
public final class CrossCpuProbe implements AutoCloseable {

    /** How long the leader spins on the pair's first reading before it times: long enough for both loops to compile. */
    static final Duration WARMUP = Duration.ofMillis(150);
    /** How long the leader spins before it times on a later reading: brings both idle CPUs back into the loop. */
    static final Duration REWARM = Duration.ofMillis(15);
    /**
     * Timed bursts; the reading is the fastest. Short and many, because the placement is what the fastest burst
     * shows: a thread that takes one of the two CPUs for a moment (a JVM's compiler or collector finishing its work
     * after an iteration, a neighbour) only slows the bursts it overlaps. With 5 bursts of 5,000 round trips and their
     * median, readings of 1,100-1,300 ns turned up between iterations of a quiet run whose two placements read about
     * 60 and 340 ns.
     */
    static final int BURSTS = 15;
    /** Round trips per timed burst: about 60-350 µs each, shorter than a scheduler's time slice. */
    static final int ROUND_TRIPS = 1_000;
    /** The limit of the pair's first reading, the two JVM starts included, and of any spin in the pair's JVMs. */
    static final Duration LIMIT = Duration.ofSeconds(10);
    /** The limit of a later reading, whose JVMs are already running. */
    static final Duration READING_LIMIT = Duration.ofSeconds(2);
    /** What the leader's line for each reading starts with, before the reading's number and its nanoseconds. */
    static final String READING = "cross-cpu-round-trip-ns ";
    /** What the harness sends both JVMs for each reading, before the reading's number. */
    static final String PROBE = "probe ";
    private static final List<String> JVM_FLAGS = List.of("-Xms16m", "-Xmx16m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData");
    /** How long closing waits for the pair's JVMs to exit on end of input before it kills them. */
    private static final Duration CLOSE_GRACE = Duration.ofSeconds(1);
    private static final int READY_INDEX = 0;
    /** A cache line away from the ready flag (offsets in longs). */
    private static final int BALL_INDEX = 16;
    private static final int FILE_BYTES = 256;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

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
                if (pair.read(LIMIT).isEmpty()) {
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
                pair.answerer = fork.start("cross-CPU probe (answerer)", JvmLaunch.of(CrossCpuProbe.class.getName(),
                        "answer", pair.file.toString()), CpuPinning.Role.CLIENT, line -> { });
                pair.leader = fork.start("cross-CPU probe (leader)", JvmLaunch.of(CrossCpuProbe.class.getName(),
                        "lead", pair.file.toString()), CpuPinning.Role.SERVER, line -> {
                            if (line.startsWith(READING)) {
                                pair.lines.add(line.substring(READING.length()));
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
            answerer.sendLine(PROBE + n);
            leader.sendLine(PROBE + n);
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
            raf.setLength(FILE_BYTES);
        }
        return file;
    }

    /**
     * One side of the probe, in its own JVM: {@code lead FILE} or {@code answer FILE}. Each {@code probe N} line on
     * stdin (N from 1 up) is one reading, which the leader prints; between them the JVM blocks on reading stdin. Exit
     * status 0 at end of input or on a {@code stop} line; 2 for bad arguments or a line it does not know; 3 when the
     * other side did not answer in time.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !(args[0].equals("lead") || args[0].equals("answer"))) {
            System.err.println("usage: CrossCpuProbe lead|answer FILE, then 'probe N' lines on stdin");
            System.exit(2);
        }
        boolean leads = args[0].equals("lead");
        MappedByteBuffer shared;
        try (FileChannel channel = FileChannel.open(Path.of(args[1]), StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            shared = channel.map(FileChannel.MapMode.READ_WRITE, 0, FILE_BYTES);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        boolean first = true;
        String line;
        while ((line = in.readLine()) != null && !line.equals("stop")) {
            long n = line.startsWith(PROBE) ? parseReading(line.substring(PROBE.length())) : -1;
            if (n < 1) {
                System.err.println("unknown command: " + line);
                System.exit(2);
            }
            long deadline = System.nanoTime() + LIMIT.toNanos();
            boolean ok = leads ? lead(shared, n, first ? WARMUP : REWARM, deadline) : answer(shared, n, deadline);
            if (!ok) {
                System.exit(3);
            }
            first = false;
        }
        System.exit(0);
    }

    private static long parseReading(String number) {
        try {
            return Long.parseLong(number.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Announces reading {@code n} and answers the leader's positive odd balls until its stop, {@code -n}; the stop of
     * an earlier reading, still in the file, and the even answers are not balls.
     */
    private static boolean answer(MappedByteBuffer shared, long n, long deadline) {
        LONGS.setRelease(shared, READY_INDEX * 8, n);
        long spins = 0;
        while (true) {
            long ball = (long) LONGS.getAcquire(shared, BALL_INDEX * 8);
            if (ball == -n) {
                return true;
            }
            if (ball > 0 && (ball & 1) == 1) {
                LONGS.setRelease(shared, BALL_INDEX * 8, ball + 1);
            } else if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return false;
            }
        }
    }

    /** Reading {@code n}: waits for the answerer's {@code n}, warms for {@code warmup}, times, stops it, prints. */
    private static boolean lead(MappedByteBuffer shared, long n, Duration warmup, long deadline) {
        long spins = 0;
        while ((long) LONGS.getAcquire(shared, READY_INDEX * 8) != n) {
            if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        long ball = 1;
        long warmEnd = System.nanoTime() + warmup.toNanos();
        while (System.nanoTime() - warmEnd < 0) {
            for (int i = 0; i < 1_000; i++) {
                ball = roundTrip(shared, ball, deadline);
                if (ball < 0) {
                    return false;
                }
            }
        }
        double[] bursts = new double[BURSTS];
        for (int b = 0; b < BURSTS; b++) {
            long start = System.nanoTime();
            for (int i = 0; i < ROUND_TRIPS; i++) {
                ball = roundTrip(shared, ball, deadline);
                if (ball < 0) {
                    return false;
                }
            }
            bursts[b] = (System.nanoTime() - start) / (double) ROUND_TRIPS;
        }
        LONGS.setRelease(shared, BALL_INDEX * 8, -n);
        System.out.println(READING + n + " " + String.format(Locale.ROOT, "%.1f",
                Arrays.stream(bursts).min().orElseThrow()));
        return true;
    }

    /** Sends {@code ball} (odd) and waits for {@code ball + 1}; returns the next odd ball, or -1 past the deadline. */
    private static long roundTrip(MappedByteBuffer shared, long ball, long deadline) {
        LONGS.setRelease(shared, BALL_INDEX * 8, ball);
        long spins = 0;
        while ((long) LONGS.getAcquire(shared, BALL_INDEX * 8) != ball + 1) {
            if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return -1;
            }
        }
        return ball + 2;
    }
}
