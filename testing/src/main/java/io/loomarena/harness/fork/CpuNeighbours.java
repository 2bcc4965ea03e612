package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * How much of the benchmark's two pinned CPUs other work took during a measured iteration: a neighbour on a laptop or
 * a shared CI runner, the host taking the vCPU back (steal), anything that is not the server's or the client's JVM.
 * Such work does not fall on every combination alike (a busy loop takes about a quarter of a CPU from a client with
 * one carrier thread and little from one with 100 platform threads), so a ranking cannot order a combination measured
 * beside it, and the A/B gate sets such an iteration aside ({@code HarnessMetrics.NEIGHBOUR_CPU_SHARE}).
 * <p>
 * How: {@code /proc/stat} gives each CPU's time by kind, {@code /proc/PID/stat} each process's user time, in the same
 * clock ticks (a tick that finds a task in user mode is charged to both). Over the iteration, a pinned CPU's user
 * time (user, nice) minus the user time of the benchmark's JVMs pinned to it (the server; the client and a downstream
 * server) is what other tasks ran there, and the CPU's steal is what the host took; their sum over the CPU's time is
 * the share. System, irq and softirq time are left out on purpose: the kernel's network work for the benchmark's own
 * sockets lands in them, charged to no process while the CPU was idle (a server that sleeps 1 ms per message left
 * 8-25% of such work on its CPUs), so they cannot tell a neighbour from the benchmark itself; a neighbour that runs
 * mostly in the kernel is under-read. Linux only; absent elsewhere, or when the two roles share a CPU. Immutable.
 */
public final class CpuNeighbours {

    /**
     * The fewest clock ticks of a CPU over which a share is read: 100 ticks are one second at the usual 100 Hz, where
     * a tick more or less moves the share by 1%; over a few ticks one tick is a quarter of the CPU.
     */
    static final long MIN_TICKS = 100;

    private final Path proc;
    private final int serverCpu;
    private final int clientCpu;
    private final long harnessPid;

    private CpuNeighbours(Path proc, int serverCpu, int clientCpu, long harnessPid) {
        this.proc = proc;
        this.serverCpu = serverCpu;
        this.clientCpu = clientCpu;
        this.harnessPid = harnessPid;
    }

    /** The watch of the pinned CPUs of {@code pinning}, when there are two and this machine has {@code /proc/stat}. */
    public static Optional<CpuNeighbours> of(CpuPinning pinning) {
        return of(Path.of("/proc"), pinning, ProcessHandle.current().pid());
    }

    static Optional<CpuNeighbours> of(Path proc, CpuPinning pinning, long harnessPid) {
        if (!pinning.applied() || pinning.cpu(CpuPinning.Role.SERVER).isEmpty()
                || pinning.cpu(CpuPinning.Role.CLIENT).isEmpty()
                || !Files.isReadable(proc.resolve("stat"))) {
            return Optional.empty();
        }
        int server = pinning.cpu(CpuPinning.Role.SERVER).getAsInt();
        int client = pinning.cpu(CpuPinning.Role.CLIENT).getAsInt();
        return server == client ? Optional.empty() : Optional.of(new CpuNeighbours(proc, server, client, harnessPid));
    }

    /**
     * The two CPUs' and the benchmark's processes' times now; empty when one cannot be read (a process that already
     * exited, a kernel without a field): then the iteration has no reading, never a wrong one.
     *
     * @param serverPid  the server JVM, pinned to the server's CPU
     * @param clientPids the JVMs pinned to the client's CPU: the client first, then the downstream server where there
     *                   is one
     */
    public Optional<Snapshot> snapshot(long serverPid, List<Long> clientPids) {
        try {
            List<String> stat = Files.readAllLines(proc.resolve("stat"));
            Optional<CpuTicks> server = cpuTicks(stat, serverCpu);
            Optional<CpuTicks> client = cpuTicks(stat, clientCpu);
            if (server.isEmpty() || client.isEmpty()) {
                return Optional.empty();
            }
            ProcessTicks serverProcess = processTicks(serverPid);
            ProcessTicks clientProcess = processTicks(clientPids.get(0));
            long clientTicks = clientProcess.user();
            for (long pid : clientPids.subList(1, clientPids.size())) {
                clientTicks += processTicks(pid).user();
            }
            return Optional.of(new Snapshot(server.get(), client.get(), serverProcess.user(), clientTicks,
                    processTicks(harnessPid).user(), serverProcess, clientProcess));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The largest share of either pinned CPU that other work took between {@code before} and {@code after}, 0 to 1;
     * empty without both readings or over fewer than {@link #MIN_TICKS} of a CPU. The harness's own JVM is not other
     * work: it is not pinned, so its user time is taken off the CPU where other work shows most, then off the other.
     */
    public static OptionalDouble share(Optional<Snapshot> before, Optional<Snapshot> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return OptionalDouble.empty();
        }
        Snapshot b = before.get();
        Snapshot a = after.get();
        long serverTotal = a.serverCpu().total() - b.serverCpu().total();
        long clientTotal = a.clientCpu().total() - b.clientCpu().total();
        if (serverTotal < MIN_TICKS || clientTotal < MIN_TICKS) {
            return OptionalDouble.empty();
        }
        long server = Math.max(0, a.serverCpu().taken() - b.serverCpu().taken()
                - (a.serverProcessTicks() - b.serverProcessTicks()));
        long client = Math.max(0, a.clientCpu().taken() - b.clientCpu().taken()
                - (a.clientProcessTicks() - b.clientProcessTicks()));
        long harness = Math.max(0, a.harnessTicks() - b.harnessTicks());
        long offFirst = Math.min(harness, Math.max(server, client));
        if (server >= client) {
            server -= offFirst;
            client = Math.max(0, client - (harness - offFirst));
        } else {
            client -= offFirst;
            server = Math.max(0, server - (harness - offFirst));
        }
        return OptionalDouble.of(Math.min(1, Math.max(server / (double) serverTotal, client / (double) clientTotal)));
    }

    /**
     * The share of the server JVM's and of the client JVM's CPU time that ran in the kernel between {@code before}
     * and {@code after} (system time over user + system, from {@code /proc/PID/stat}), each 0 to 1; empty without
     * both readings or when either process ran fewer than {@link #MIN_TICKS} ticks. Why: on loopback most of a
     * message's cost is the kernel's (the socket calls, the wakeups between the two CPUs), and where the host puts
     * the two CPUs changes that part, not the JVMs' own code (docs/methodology.md, "Why forks differ").
     */
    public static Optional<KernelShares> kernelShares(Optional<Snapshot> before, Optional<Snapshot> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return Optional.empty();
        }
        ProcessTicks server = after.get().serverProcess().minus(before.get().serverProcess());
        ProcessTicks client = after.get().clientProcess().minus(before.get().clientProcess());
        if (server.total() < MIN_TICKS || client.total() < MIN_TICKS || server.user() < 0 || client.user() < 0
                || server.kernel() < 0 || client.kernel() < 0) {
            return Optional.empty();
        }
        return Optional.of(new KernelShares(server.kernel() / (double) server.total(),
                client.kernel() / (double) client.total()));
    }

    /**
     * The ticks of {@code cpuN} that other tasks or the host may have taken (user + nice + steal), and all of its
     * ticks.
     */
    private static Optional<CpuTicks> cpuTicks(List<String> stat, int cpu) {
        String prefix = "cpu" + cpu + " ";
        for (String line : stat) {
            if (line.startsWith(prefix)) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 9) {
                    return Optional.empty();
                }
                long user = Long.parseLong(f[1]);
                long nice = Long.parseLong(f[2]);
                long system = Long.parseLong(f[3]);
                long idle = Long.parseLong(f[4]);
                long iowait = Long.parseLong(f[5]);
                long irq = Long.parseLong(f[6]);
                long softirq = Long.parseLong(f[7]);
                long steal = Long.parseLong(f[8]);
                return Optional.of(new CpuTicks(user + nice + steal,
                        user + nice + system + idle + iowait + irq + softirq + steal));
            }
        }
        return Optional.empty();
    }

    /**
     * The process's user and system time (utime, stime), in clock ticks: fields 14 and 15 of /proc/PID/stat, after
     * the command's ')'.
     */
    private ProcessTicks processTicks(long pid) throws IOException {
        String stat = Files.readString(proc.resolve(String.valueOf(pid)).resolve("stat"));
        // The command may hold spaces and ')': the fields after its last ')' start at field 3 (state), so utime
        // (field 14) is the 12th and stime the 13th.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return new ProcessTicks(Long.parseLong(fields[11]), Long.parseLong(fields[12]));
    }

    /** A process's clock ticks in user mode and in the kernel. */
    public record ProcessTicks(long user, long kernel) {

        long total() {
            return user + kernel;
        }

        ProcessTicks minus(ProcessTicks earlier) {
            return new ProcessTicks(user - earlier.user, kernel - earlier.kernel);
        }
    }

    /** The share of the server JVM's and of the client JVM's CPU time spent in the kernel over an iteration. */
    public record KernelShares(double server, double client) {
    }

    /** A CPU's clock ticks since boot that other tasks or the host may have taken (user, nice, steal), and all. */
    public record CpuTicks(long taken, long total) {
    }

    /**
     * One reading of the two pinned CPUs, of the benchmark's JVMs' user ticks on each, of the harness's own, and of
     * the server's and the (first) client JVM's user and system ticks.
     */
    public record Snapshot(CpuTicks serverCpu, CpuTicks clientCpu, long serverProcessTicks, long clientProcessTicks,
                           long harnessTicks, ProcessTicks serverProcess, ProcessTicks clientProcess) {
    }
}
