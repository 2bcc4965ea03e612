package io.loomarena.harness.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuNeighboursTest {

    private static final CpuPinning PINNED = new CpuPinning(true, Optional.of(Path.of("/usr/bin/taskset")),
            OptionalInt.of(0), OptionalInt.of(1), "");

    /** The harness's own JVM, not pinned: its user time is not a neighbour's. */
    private static final long HARNESS = 99;

    @TempDir
    Path proc;

    @Test
    void whatThePinnedCpusSpentBeyondTheServerAndTheClientIsOtherWork() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        // cpuN user nice system idle iowait irq softirq steal; /proc/PID/stat utime (14) and stime (15).
        stat("cpu0 1000 0 500 2000 0 0 100 0", "cpu1 1000 0 500 2000 0 0 100 0");
        process(11, "java", 300, 200);
        process(22, "java (client) x", 400, 100);
        Optional<CpuNeighbours.Snapshot> before = watch.snapshot(11, List.of(22L));
        // Over 200 ticks of CPU 0: user 80, of which the server's 60, so 20 (10%) went to another task; the 20 of
        // softirq (the kernel's network work, charged to no task while the CPU idled) are not a neighbour's. CPU 1:
        // user 100, all the client's, and 10 taken by the host (steal): 5%.
        stat("cpu0 1080 0 520 2080 0 0 120 0", "cpu1 1100 0 540 2050 0 0 100 10");
        process(11, "java", 360, 230);
        process(22, "java (client) x", 500, 150);

        OptionalDouble share = CpuNeighbours.share(before, watch.snapshot(11, List.of(22L)));

        assertThat(share).isPresent();
        assertThat(share.getAsDouble()).isCloseTo(0.10, Offset.offset(1e-9));
    }

    @Test
    void theShareIsOfTheMoreDisturbedCpuAndStaysWithinZeroAndOne() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        stat("cpu0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0");
        process(11, "java", 0, 0);
        process(22, "java", 0, 0);
        Optional<CpuNeighbours.Snapshot> before = watch.snapshot(11, List.of(22L));
        // CPU 0: the server's ticks exceed the CPU's (tick rounding): 0, never negative. CPU 1: 50 of 100 to others.
        stat("cpu0 50 0 0 50 0 0 0 0", "cpu1 90 0 0 10 0 0 0 0");
        process(11, "java", 55, 0);
        process(22, "java", 40, 0);

        assertThat(CpuNeighbours.share(before, watch.snapshot(11, List.of(22L))).getAsDouble())
                .isCloseTo(0.5, Offset.offset(1e-9));
    }

    @Test
    void aDownstreamServerPinnedWithTheClientIsTheBenchmarksOwnWork() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        stat("cpu0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0");
        process(11, "java", 0, 0);
        process(22, "java", 0, 0);
        process(33, "java", 0, 0);
        Optional<CpuNeighbours.Snapshot> before = watch.snapshot(11, List.of(22L, 33L));
        stat("cpu0 50 0 0 50 0 0 0 0", "cpu1 90 0 0 10 0 0 0 0");
        process(11, "java", 50, 0);
        process(22, "java", 40, 0);
        process(33, "java", 50, 0);

        assertThat(CpuNeighbours.share(before, watch.snapshot(11, List.of(22L, 33L))).getAsDouble()).isZero();
    }

    @Test
    void theHarnessOwnJvmIsNotANeighbourAndAShortWindowGivesNoReading() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        stat("cpu0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0");
        process(11, "java", 0, 0);
        process(22, "java", 0, 0);
        Optional<CpuNeighbours.Snapshot> before = watch.snapshot(11, List.of(22L));
        // 30 ticks of other user time on CPU 0 and 10 on CPU 1, of which the harness's JVM ran 35: 5 are left, on
        // CPU 1 (the harness's time comes off the CPU where other work shows most first).
        stat("cpu0 80 0 0 20 0 0 0 0", "cpu1 60 0 0 40 0 0 0 0");
        process(11, "java", 50, 0);
        process(22, "java", 50, 0);
        process(HARNESS, "java", 35, 0);
        Optional<CpuNeighbours.Snapshot> after = watch.snapshot(11, List.of(22L));
        // A window of 2 ticks: one tick would be half the CPU.
        stat("cpu0 81 0 0 21 0 0 0 0", "cpu1 61 0 0 41 0 0 0 0");

        assertThat(CpuNeighbours.share(before, after).getAsDouble()).isCloseTo(0.05, Offset.offset(1e-9));
        assertThat(CpuNeighbours.share(after, watch.snapshot(11, List.of(22L)))).isEmpty();
    }

    @Test
    void theKernelsShareOfTheServersAndOfTheClientsOwnCpuTimeIsRead() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        stat("cpu0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0");
        process(11, "java", 1000, 5000);
        process(22, "java", 2000, 7000);
        process(33, "java", 0, 0);
        Optional<CpuNeighbours.Snapshot> before = watch.snapshot(11, List.of(22L, 33L));
        // The server ran 20 ticks in user mode and 180 in the kernel (90%); the client 30 and 120 (80%). The
        // downstream server pinned with the client (33) is not the client: its 100 kernel ticks are not counted.
        stat("cpu0 20 0 180 0 0 0 0 0", "cpu1 30 0 220 0 0 0 0 0");
        process(11, "java", 1020, 5180);
        process(22, "java", 2030, 7120);
        process(33, "java", 0, 100);
        Optional<CpuNeighbours.Snapshot> after = watch.snapshot(11, List.of(22L, 33L));

        CpuNeighbours.KernelShares shares = CpuNeighbours.kernelShares(before, after).orElseThrow();

        assertThat(shares.server()).isCloseTo(0.9, Offset.offset(1e-9));
        assertThat(shares.client()).isCloseTo(0.8, Offset.offset(1e-9));
        // Over fewer than 100 ticks of a process one tick is more than 1%: no reading. Nor without both readings.
        process(11, "java", 1080, 5180);
        assertThat(CpuNeighbours.kernelShares(after, watch.snapshot(11, List.of(22L, 33L)))).isEmpty();
        assertThat(CpuNeighbours.kernelShares(Optional.empty(), after)).isEmpty();
    }

    @Test
    void noReadingRatherThanAWrongOne() throws IOException {
        CpuNeighbours watch = CpuNeighbours.of(proc(), PINNED, HARNESS).orElseThrow();
        stat("cpu0 0 0 0 0 0 0 0 0", "cpu1 0 0 0 0 0 0 0 0");
        process(11, "java", 0, 0);

        // The client's process is gone (or was never on this machine): no snapshot, no share.
        assertThat(watch.snapshot(11, List.of(22L))).isEmpty();
        assertThat(CpuNeighbours.share(Optional.empty(), watch.snapshot(11, List.of(11L)))).isEmpty();
        // Unpinned, or both roles on one CPU: nothing to watch.
        assertThat(CpuNeighbours.of(proc, CpuPinning.notApplied("taskset not found"), HARNESS)).isEmpty();
        assertThat(CpuNeighbours.of(proc, new CpuPinning(true, Optional.of(Path.of("/usr/bin/taskset")),
                OptionalInt.of(0), OptionalInt.of(0), ""), HARNESS)).isEmpty();
        assertThat(CpuNeighbours.of(proc.resolve("absent"), PINNED, HARNESS)).isEmpty();
    }

    @Test
    void aBusyLoopPinnedToTheServersCpuOfThisMachineIsSeenAsOtherWork() throws IOException {
        CpuPinning pinning = CpuPinning.detect(true);
        Optional<CpuNeighbours> found = CpuNeighbours.of(pinning);
        Assumptions.assumeTrue(found.isPresent(), "needs taskset, two CPUs and /proc/stat");
        CpuNeighbours watch = found.get();
        int serverCpu = pinning.cpu(CpuPinning.Role.SERVER).getAsInt();
        // The benchmark's own processes here: one idle process stands for the server and the client alike.
        Process idle = new ProcessBuilder("sleep", "30").start();
        Process busy = new ProcessBuilder(pinning.taskset().orElseThrow().toString(), "-c",
                String.valueOf(serverCpu), "sh", "-c", "while :; do :; done").start();
        try {
            Optional<CpuNeighbours.Snapshot> before = watch.snapshot(idle.pid(), List.of(idle.pid()));
            assertThat(before).isPresent();
            long start = before.get().serverCpu().total();
            // Over at least 1.5 s of the server's CPU, three quarters of it or more should be the busy loop's.
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> watch
                    .snapshot(idle.pid(), List.of(idle.pid())).map(now -> now.serverCpu().total() - start)
                    .orElse(0L) >= 150);
            OptionalDouble share = CpuNeighbours.share(before, watch.snapshot(idle.pid(), List.of(idle.pid())));

            assertThat(share).isPresent();
            assertThat(share.getAsDouble()).as("the busy loop's share of CPU %d", serverCpu)
                    .isGreaterThan(0.75).isLessThanOrEqualTo(1.0);
        } finally {
            busy.destroyForcibly();
            idle.destroyForcibly();
        }
    }

    private Path proc() throws IOException {
        Files.writeString(proc.resolve("stat"), "cpu  0 0 0 0 0 0 0 0\n");
        process(HARNESS, "java", 0, 0);
        return proc;
    }

    private void stat(String cpu0, String cpu1) throws IOException {
        Files.write(proc.resolve("stat"), List.of("cpu  0 0 0 0 0 0 0 0 0 0", cpu0 + " 0 0", cpu1 + " 0 0",
                "intr 0"));
    }

    private void process(long pid, String command, long utime, long stime) throws IOException {
        Files.createDirectories(proc.resolve(String.valueOf(pid)));
        // Fields 1-2 (pid, command), then 3 (state) ... 13, utime (14), stime (15), more.
        Files.writeString(proc.resolve(String.valueOf(pid)).resolve("stat"), pid + " (" + command + ") S 1 1 1 0 -1"
                + " 4194560 100 0 0 0 " + utime + " " + stime + " 0 0 20 0 30 0 100 1000 200\n");
    }
}
