package io.loomarena.harness.fork;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicReference;

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
 * The probe is two small JVMs (16 MiB heap, the serial collector, C1 only: they start in tens of milliseconds)
 * started with the harness's own class path, so a baseline build's jars need not contain it. They share one mapped
 * file: the leader, on the server's CPU, writes an odd number and spins until the answerer, on the client's CPU, has
 * written the next one. The leader spins at least {@link #WARMUP} (so both loops are compiled), then times
 * {@link #BURSTS} bursts of {@link #ROUND_TRIPS} round trips and prints the median burst's nanoseconds per round
 * trip. Every spin is bounded by a deadline; a probe that fails or is late gives no reading (empty), never a guess.
 * Used by one thread at a time.
 */
public final class CrossCpuProbe {

    /** How long the leader spins before it times: long enough for both spin loops to be compiled. */
    static final Duration WARMUP = Duration.ofMillis(150);
    /** Timed bursts; the reading is their median. */
    static final int BURSTS = 5;
    /** Round trips per timed burst: about 0.3-2 ms each. */
    static final int ROUND_TRIPS = 5_000;
    /** The whole probe's limit, JVM starts included; past it the probe gives no reading. */
    static final Duration LIMIT = Duration.ofSeconds(10);
    /** What the leader's one line starts with. */
    static final String READING = "cross-cpu-round-trip-ns ";
    private static final List<String> JVM_FLAGS = List.of("-Xms16m", "-Xmx16m", "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1", "-Xshare:auto");
    private static final long STOP = -1;
    private static final int READY_INDEX = 0;
    /** A cache line away from the ready flag (offsets in longs). */
    private static final int BALL_INDEX = 16;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

    private final JvmFork fork;

    private CrossCpuProbe(JvmFork fork) {
        this.fork = fork;
    }

    /**
     * A probe between the CPUs of {@code pinning}, run with {@code harness}'s binary and class path; empty when the
     * server and client are not pinned to two CPUs of this machine (then there is no one placement to read).
     */
    public static Optional<CrossCpuProbe> of(CpuPinning pinning, HarnessJvm harness, Launcher launcher) {
        if (!pinning.applied() || launcher.remote()) {
            return Optional.empty();
        }
        return Optional.of(new CrossCpuProbe(new JvmFork(harness.javaBinary(), harness.classPath(), JVM_FLAGS,
                pinning)));
    }

    /** The round trip in nanoseconds now, or empty when the probe failed or ran late (nothing is left running). */
    public OptionalDouble measure() {
        Path file = null;
        List<ChildProcess> started = new ArrayList<>();
        try {
            file = sharedFile();
            AtomicReference<String> reading = new AtomicReference<>();
            started.add(fork.start("cross-CPU probe (answerer)", JvmLaunch.of(CrossCpuProbe.class.getName(),
                    "answer", file.toString()), CpuPinning.Role.CLIENT, line -> { }));
            ChildProcess leader = fork.start("cross-CPU probe (leader)", JvmLaunch.of(CrossCpuProbe.class.getName(),
                    "lead", file.toString()), CpuPinning.Role.SERVER, line -> {
                        if (line.startsWith(READING)) {
                            reading.set(line.substring(READING.length()).strip());
                        }
                    });
            started.add(leader);
            if (!leader.awaitExit(LIMIT) || leader.exitValue() != 0) {
                return OptionalDouble.empty();
            }
            leader.awaitOutputEnd(Duration.ofSeconds(1));
            String value = reading.get();
            double nanos = value == null ? Double.NaN : Double.parseDouble(value);
            return nanos > 0 && Double.isFinite(nanos) ? OptionalDouble.of(nanos) : OptionalDouble.empty();
        } catch (RuntimeException | IOException e) {
            // A probe that cannot start (no /tmp space, a JVM that would not run) labels nothing; the run goes on.
            return OptionalDouble.empty();
        } finally {
            started.forEach(child -> {
                if (!child.awaitExit(Duration.ofSeconds(2))) {
                    child.kill();
                }
                child.close();
            });
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // a 256-byte file left in /dev/shm or /tmp: harmless, and the reading is still right
                }
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
            raf.setLength(256);
        }
        return file;
    }

    /**
     * One side of the probe, in its own JVM: {@code lead FILE} or {@code answer FILE}. Exit status 0 with the reading
     * printed (leader) or after the leader's stop (answerer); 2 for bad arguments; 3 when the other side did not
     * answer in time.
     */
    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !(args[0].equals("lead") || args[0].equals("answer"))) {
            System.err.println("usage: CrossCpuProbe lead|answer FILE");
            System.exit(2);
        }
        long deadline = System.nanoTime() + LIMIT.toNanos();
        try (FileChannel channel = FileChannel.open(Path.of(args[1]), java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE)) {
            MappedByteBuffer shared = channel.map(FileChannel.MapMode.READ_WRITE, 0, 256);
            boolean ok = args[0].equals("lead") ? lead(shared, deadline) : answer(shared, deadline);
            System.exit(ok ? 0 : 3);
        }
    }

    private static boolean answer(MappedByteBuffer shared, long deadline) {
        LONGS.setRelease(shared, READY_INDEX * 8, 1L);
        long spins = 0;
        while (true) {
            long ball = (long) LONGS.getAcquire(shared, BALL_INDEX * 8);
            if (ball == STOP) {
                return true;
            }
            if ((ball & 1) == 1) {
                LONGS.setRelease(shared, BALL_INDEX * 8, ball + 1);
            } else if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return false;
            }
        }
    }

    private static boolean lead(MappedByteBuffer shared, long deadline) {
        long spins = 0;
        while ((long) LONGS.getAcquire(shared, READY_INDEX * 8) != 1L) {
            if ((++spins & 0xFFF) == 0 && System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.onSpinWait();
        }
        long ball = 1;
        long warmEnd = System.nanoTime() + WARMUP.toNanos();
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
        LONGS.setRelease(shared, BALL_INDEX * 8, STOP);
        Arrays.sort(bursts);
        System.out.println(READING + String.format(java.util.Locale.ROOT, "%.1f", bursts[BURSTS / 2]));
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
