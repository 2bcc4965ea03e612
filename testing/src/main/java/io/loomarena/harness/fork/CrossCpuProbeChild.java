package io.loomarena.harness.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;

/**
 * The program each JVM of a {@link CrossCpuProbe} pair runs, {@code lead FILE} on the server's CPU and {@code answer
 * FILE} on the client's; the harness's side is {@link CrossCpuProbe}, and the protocol below lives here alone.
 * <p>
 * The two share one mapped file. For reading {@code N} the harness sends {@code probe N} to both; the answerer
 * announces {@code N} and answers every positive odd ball with the next number until it sees {@code -N}, the stop of
 * reading {@code N} alone (what the last reading left behind cannot stop this one). The leader waits for the
 * answerer's {@code N}, throws the ball for {@link #WARMUP} on the pair's first reading (so both loops are compiled)
 * and {@link #REWARM} after it, times {@link #BURSTS} bursts of {@link #ROUND_TRIPS} round trips, writes the stop and
 * prints {@code cross-cpu-round-trip-ns N NANOS}, the fastest burst's nanoseconds per round trip. Every spin is bounded
 * by a deadline ({@link #LIMIT}). Single-threaded.
 */
public final class CrossCpuProbeChild {

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
    /** What the leader's line for each reading starts with, before the reading's number and its nanoseconds. */
    static final String READING = "cross-cpu-round-trip-ns ";
    /** What the harness sends both JVMs for each reading, before the reading's number. */
    static final String PROBE = "probe ";
    /** The shared file's length: the ready flag and the ball, a cache line apart. */
    static final int FILE_BYTES = 256;
    private static final int READY_INDEX = 0;
    /** A cache line away from the ready flag (offsets in longs). */
    private static final int BALL_INDEX = 16;
    private static final VarHandle LONGS = MethodHandles.byteBufferViewVarHandle(long[].class,
            ByteOrder.nativeOrder());

    private CrossCpuProbeChild() {
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
