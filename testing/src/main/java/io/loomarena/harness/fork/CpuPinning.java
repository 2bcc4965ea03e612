package io.loomarena.harness.fork;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Whether and where the server and the client are pinned: server on the first allowed CPU (normally 0), client on the
 * second (normally 1), with {@code taskset -c}. Pinning needs {@code taskset} and at least two CPUs; otherwise it is not
 * applied and {@link #warning()} says why, for the summary. Immutable.
 *
 * @param applied   whether forked JVMs are started under {@code taskset}
 * @param taskset   the {@code taskset} binary, when applied
 * @param serverCpu the server's CPU, when applied
 * @param clientCpu the client's CPU, when applied
 * @param warning   why pinning was not applied, or empty
 */
public record CpuPinning(boolean applied, Optional<Path> taskset, OptionalInt serverCpu, OptionalInt clientCpu,
                         String warning) {

    /** Which side of a benchmark a forked JVM is. */
    public enum Role { SERVER, CLIENT }

    /** No pinning, with the reason. */
    public static CpuPinning notApplied(String warning) {
        return new CpuPinning(false, Optional.empty(), OptionalInt.empty(), OptionalInt.empty(), warning);
    }

    /** Detects {@code taskset} and the CPUs this process may use. */
    public static CpuPinning detect(boolean wanted) {
        if (!wanted) {
            return notApplied("CPU pinning disabled (loomarena.pinning=false): server and client share every CPU");
        }
        Optional<Path> taskset = findTaskset();
        List<Integer> cpus = allowedCpus().orElseGet(() -> range(Runtime.getRuntime().availableProcessors()));
        return decide(taskset, cpus);
    }

    /** The decision, separated from the machine so that it can be tested. */
    public static CpuPinning decide(Optional<Path> taskset, List<Integer> allowedCpus) {
        if (taskset.isEmpty()) {
            return notApplied("taskset not found: server and client were not pinned and share every CPU");
        }
        if (allowedCpus.size() < 2) {
            return notApplied("only " + allowedCpus.size() + " CPU available: server and client were not pinned"
                    + " and compete for it");
        }
        return new CpuPinning(true, taskset, OptionalInt.of(allowedCpus.get(0)), OptionalInt.of(allowedCpus.get(1)), "");
    }

    /** The CPU of a role, when pinning is applied. */
    public OptionalInt cpu(Role role) {
        return role == Role.SERVER ? serverCpu : clientCpu;
    }

    /** The command prefix for a role: {@code [taskset, -c, N]} or nothing. */
    public List<String> prefix(Role role) {
        if (!applied) {
            return List.of();
        }
        return List.of(taskset.orElseThrow().toString(), "-c", String.valueOf(cpu(role).orElseThrow()));
    }

    /** Parses a Linux CPU list such as {@code 0-3,6,8-9}. */
    public static List<Integer> parseCpuList(String list) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : list.strip().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] bounds = part.strip().split("-");
            int from = Integer.parseInt(bounds[0].strip());
            int to = bounds.length > 1 ? Integer.parseInt(bounds[1].strip()) : from;
            for (int cpu = from; cpu <= to && cpus.size() < 4096; cpu++) {
                cpus.add(cpu);
            }
        }
        return cpus;
    }

    private static Optional<List<Integer>> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return Optional.of(parseCpuList(line.substring("Cpus_allowed_list:".length())));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux or unreadable: fall back to the JVM's processor count.
        }
        return Optional.empty();
    }

    private static Optional<Path> findTaskset() {
        List<Path> candidates = new ArrayList<>();
        String pathVariable = System.getenv("PATH");
        if (pathVariable != null) {
            for (String dir : pathVariable.split(java.io.File.pathSeparator)) {
                if (!dir.isBlank()) {
                    candidates.add(Path.of(dir, "taskset"));
                }
            }
        }
        candidates.add(Path.of("/usr/bin/taskset"));
        candidates.add(Path.of("/bin/taskset"));
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    private static List<Integer> range(int count) {
        List<Integer> cpus = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            cpus.add(i);
        }
        return cpus;
    }
}
