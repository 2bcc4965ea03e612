package io.loomarena.harness.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

import io.loomarena.harness.summary.Environment;
import io.loomarena.harness.summary.ForkedJvm;
import io.loomarena.harness.summary.HostInfo;
import io.loomarena.harness.summary.ServerCell;

/**
 * The testbed of a run, what makes two runs' figures comparable, and its fingerprint: a short hash over its facts,
 * sorted, so the same facts give the same id on any machine. The facts come from a summary's {@link Environment}
 * (operating system and kernel, CPUs, pinning, the server JVM's vendor, version and flags, the cell of the JVM axes,
 * the hosts of a remote run) and, when the run was measured here, from this machine (CPU model, memory in GiB,
 * virtualisation), which summaries do not hold. Stateless.
 */
public final class Testbed {

    /** Hex digits of the fingerprint: 48 bits, no collision among any real number of testbeds. */
    static final int ID_LENGTH = 12;
    /** Where Linux describes the machine. */
    private static final Path PROC = Path.of("/proc");
    private static final Path DMI = PROC.resolveSibling("sys").resolve("class/dmi/id");
    /** What a fact nobody could read says. */
    static final String UNKNOWN = "unknown";

    private Testbed() {
    }

    /** The testbed of a run described by {@code environment}, with {@code machine}'s facts where it ran here. */
    public static TestbedRow of(Environment environment, Map<String, String> machine, Instant firstSeen) {
        SortedMap<String, String> facts = new TreeMap<>();
        facts.put("os", environment.os());
        facts.put("cpus", String.valueOf(environment.cpuCount()));
        facts.put("pinning", String.valueOf(environment.cpusPinned()));
        ForkedJvm server = environment.serverJvm();
        facts.put("jdk", server == null ? environment.javaVendor() + " " + environment.javaVersion()
                : server.vendor() + " " + server.version());
        facts.put("jvm", server == null ? environment.javaVm() : server.vm());
        facts.put("jvmFlags", String.join(" ", server == null ? environment.serverJvmArgs() : server.flags()));
        ServerCell cell = environment.serverCell() == null ? ServerCell.ONLY : environment.serverCell();
        facts.put("cell", cell.label() + (cell.flags().isEmpty() ? "" : " " + String.join(" ", cell.flags())));
        List<HostInfo> hosts = environment.hosts();
        for (HostInfo host : hosts) {
            facts.put("host " + host.role(), host.host() + ", " + host.kernel() + ", " + host.cpuCount() + " CPUs");
        }
        if (hosts.isEmpty()) {
            facts.putAll(machine);
        }
        return row(facts, firstSeen);
    }

    /** The testbed of a capacity search, whose summaries hold fewer facts ({@code cpus}, {@code jdk}). */
    public static TestbedRow ofCapacity(Map<String, Object> environment, Map<String, String> machine,
                                        Instant firstSeen) {
        SortedMap<String, String> facts = new TreeMap<>();
        facts.put("cpus", String.valueOf(environment.getOrDefault("cpus", UNKNOWN)));
        facts.put("jdk", String.valueOf(environment.getOrDefault("jdk", UNKNOWN)));
        facts.putAll(machine);
        return row(facts, firstSeen);
    }

    /** A testbed of these facts, its id their fingerprint. */
    public static TestbedRow row(SortedMap<String, String> facts, Instant firstSeen) {
        StringBuilder text = new StringBuilder();
        facts.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        return new TestbedRow(sha256(text.toString()).substring(0, ID_LENGTH), facts, firstSeen);
    }

    /**
     * This machine's facts that summaries do not hold: the CPU model, the memory in whole GiB (rounded, so that what
     * the kernel reserves does not move it) and whether it is a virtual machine; empty where {@code /proc} is absent.
     */
    public static Map<String, String> thisMachine() {
        SortedMap<String, String> facts = new TreeMap<>();
        Optional<String> cpuinfo = read(PROC.resolve("cpuinfo"));
        cpuinfo.flatMap(text -> field(text, "model name")).ifPresent(model -> facts.put("cpuModel", model));
        read(PROC.resolve("meminfo")).flatMap(text -> field(text, "MemTotal")).ifPresent(total -> {
            long kib = Long.parseLong(total.replaceAll("\\D", ""));
            facts.put("memoryGiB", String.valueOf(Math.round(kib / 1024.0 / 1024.0)));
        });
        cpuinfo.ifPresent(text -> {
            boolean hypervisor = field(text, "flags").map(flags -> (" " + flags + " ").contains(" hypervisor "))
                    .orElse(false);
            String vendor = read(DMI.resolve("sys_vendor")).map(String::strip).orElse("");
            facts.put("virtualisation", hypervisor ? ("virtual machine" + (vendor.isEmpty() ? "" : " (" + vendor
                    + ")")) : "none");
        });
        return facts;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private static Optional<String> field(String text, String name) {
        return text.lines().filter(line -> line.toLowerCase(Locale.ROOT).startsWith(name.toLowerCase(Locale.ROOT)))
                .map(line -> line.substring(line.indexOf(':') + 1).strip()).filter(value -> !value.isEmpty())
                .findFirst();
    }

    private static Optional<String> read(Path file) {
        try {
            return Files.isReadable(file) ? Optional.of(Files.readString(file)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable here: the fact is simply not part of the fingerprint.
            return Optional.empty();
        }
    }
}
